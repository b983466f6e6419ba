import { eq, sql } from 'drizzle-orm';
import type { Configuration, Settings, configurationBodySchema } from '@ginhawa/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { configurations, users } from '../../db/schema/index';
import { audited } from '../../lib/audit';
import { touched } from '../../lib/tracked';
import type { ImageType } from '../../lib/uploads';
import { deleteFileByUrl, fileUrl, storeFile } from '../files/files.service';
import { iso } from '../../lib/iso';

export const CONFIGURATION_ID = 1;

export type ConfigurationChanges = z.output<typeof configurationBodySchema>;

/** The single settings row, created on first use if the seed did not. */
const lockedRow = async (tx: DbOrTx) => {
  await tx.insert(configurations).values({ id: CONFIGURATION_ID }).onConflictDoNothing();
  const [row] = await tx.select().from(configurations).where(eq(configurations.id, CONFIGURATION_ID)).for('update');
  return row!;
};

/** What the shell shows, signed in or not: the name and the logo's URL (a public `files` row). */
export const getSettings = async (db: Db): Promise<Settings> => {
  const [row] = await db.select().from(configurations).where(eq(configurations.id, CONFIGURATION_ID));
  return { company_name: row?.companyName ?? null, logoUrl: row?.logoPath ?? null };
};

export const getConfiguration = async (db: DbOrTx): Promise<Configuration> => {
  const [row] = await db
    .select({
      companyName: configurations.companyName,
      logoPath: configurations.logoPath,
      updatedAt: configurations.updatedAt,
      updatedBy: configurations.updatedBy,
      updatedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      updatedByUsername: users.username,
    })
    .from(configurations)
    .leftJoin(users, eq(users.id, configurations.updatedBy))
    .where(eq(configurations.id, CONFIGURATION_ID));
  return {
    company_name: row?.companyName ?? null,
    logoUrl: row?.logoPath ?? null,
    updated_at: iso(row?.updatedAt ?? new Date(0)),
    updated_by: row?.updatedBy ?? null,
    updated_by_name: row ? (row.updatedByName ?? row.updatedByUsername ?? null) : null,
  };
};

export const updateConfiguration = async (
  db: Db,
  actorId: number,
  changes: ConfigurationChanges,
): Promise<Configuration> =>
  db.transaction(async (tx) => {
    const locked = await lockedRow(tx);
    const before = await getConfiguration(tx);
    await tx
      .update(configurations)
      .set({ companyName: changes.company_name, logoPath: changes.remove_logo ? null : undefined, ...touched(actorId) })
      .where(eq(configurations.id, CONFIGURATION_ID));
    if (changes.remove_logo) await deleteFileByUrl(tx, locked.logoPath);
    return audited(tx, {
      actorId,
      action: 'update',
      tableName: 'configurations',
      rowId: CONFIGURATION_ID,
      before,
      after: await getConfiguration(tx),
    });
  });

/** Stores a new logo as a public `files` row and points the configuration at it; the old one is removed. */
export const setLogo = async (
  db: Db,
  actorId: number,
  image: { bytes: Buffer; contentType: ImageType },
): Promise<Configuration> =>
  db.transaction(async (tx) => {
    const locked = await lockedRow(tx);
    const before = await getConfiguration(tx);
    const fileId = await storeFile(tx, {
      kind: 'logo',
      contentType: image.contentType,
      bytes: image.bytes,
      createdBy: actorId,
    });
    await tx
      .update(configurations)
      .set({ logoPath: fileUrl(fileId), ...touched(actorId) })
      .where(eq(configurations.id, CONFIGURATION_ID));
    await deleteFileByUrl(tx, locked.logoPath);
    return audited(tx, {
      actorId,
      action: 'update_logo',
      tableName: 'configurations',
      rowId: CONFIGURATION_ID,
      before,
      after: await getConfiguration(tx),
    });
  });
