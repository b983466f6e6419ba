import { z } from 'zod';
import { booleanQuery, idString, orderingSchema, searchSchema } from './fields';

export const MAX_PAGE_SIZE = 500;

/** A whole number written as plain decimal digits (`?page=2`); `0x10`, `1e1` or ` 2` are refused, not read as numbers. */
const wholeNumber = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[0-9]{1,9}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message));

/** `?page=1&pageSize=100&search=`, shared by every list. */
export const pageParams = {
  page: wholeNumber('Pages are whole numbers from 1.').pipe(z.number().min(1, 'Pages start at 1.')).default(1),
  pageSize: wholeNumber('Page sizes are whole numbers.')
    .pipe(z.number().min(1, 'At least 1 row a page.').max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows a page.`))
    .default(100),
  search: searchSchema.optional(),
};

/** A list without sortable columns of its own (notifications): pages and search only. */
export const pageQuerySchema = z.object(pageParams);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * One list's query: page params, `ordering` limited to `ordering`'s fields (and their `-field`),
 * and the list's own filters. Every list in the API is declared with this.
 */
export const listQuerySchema = <const F extends readonly string[], S extends z.ZodRawShape>(ordering: F, filters: S) =>
  z.object({ ...pageParams, ordering: orderingSchema(ordering).optional(), ...filters });

/** A filter naming a related row (`?location=3`): plain decimal digits, as path ids. */
export const filterId = idString;

export { booleanQuery };

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
