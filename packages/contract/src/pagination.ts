import { z } from 'zod';

export const MAX_PAGE_SIZE = 500;

/** `?page=1&pageSize=100&search=&ordering=-created_at`, shared by every list. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Pages start at 1.').default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows a page.`).default(100),
  search: z.string().trim().max(100).optional(),
  ordering: z.string().trim().max(60).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `?is_active=true|false` style filters. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Id in a path: a positive integer, else 400 with a field error. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive('Not a valid id.').max(2_147_483_647) });
