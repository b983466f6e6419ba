import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema/index';
import type { ImageType } from '../../lib/uploads';

export type FileKind = 'logo' | 'avatar';

export const fileUrl = (id: number) => `/api/files/${id}/`;

export const storeFile = async (
  db: DbOrTx,
  input: { kind: FileKind; contentType: ImageType; bytes: Buffer; createdBy: number },
) => {
  const [row] = await db
    .insert(files)
    .values({
      kind: input.kind,
      contentType: input.contentType,
      size: input.bytes.length,
      data: input.bytes,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id });
  return row!.id;
};

export const getFile = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
};

/** Removes a file that an avatar or logo no longer points at (`url` as stored on the owner row). */
export const deleteFileByUrl = async (db: DbOrTx, url: string | null) => {
  const match = url ? /^\/api\/files\/(\d+)\/$/.exec(url) : null;
  if (match) await db.delete(files).where(eq(files.id, Number(match[1])));
};
