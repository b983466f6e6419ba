import { eq, sql } from 'drizzle-orm';
import {
  FEATURE_FLAGS,
  type Configuration,
  type ConfigurationInput,
  type Features,
  type Settings,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { configurations, users } from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { touched } from '../../lib/tracked';
import type { ImageType } from '../../lib/uploads';
import { deleteFileByUrl, fileUrl, storeFile } from '../files/index';
import { iso } from '../../lib/iso';
import { publish } from '../../plugins/bus';

const configurationsAudit = auditTrail('configurations');

export const CONFIGURATION_ID = 1;

/** The configuration as stored; the routes add which database the server runs on (the process knows it, not the row). */
export type StoredConfiguration = Omit<Configuration, 'database'>;

/** The single settings row, created on first use if the seed did not. */
const lockedRow = async (tx: DbOrTx) => {
  await tx.insert(configurations).values({ id: CONFIGURATION_ID }).onConflictDoNothing();
  const [row] = await tx.select().from(configurations).where(eq(configurations.id, CONFIGURATION_ID)).for('update');
  return row!;
};

/** The stored flags, known keys only, in the contract's order (a row written by an older build may lack some). */
const storedFeatures = (stored: Features | null | undefined): Features => {
  const features: Features = {};
  for (const flag of FEATURE_FLAGS) if (typeof stored?.[flag] === 'boolean') features[flag] = stored[flag];
  return features;
};

/** The stored flags after a change: true/false stores a flag, null forgets it (the build's default again). */
export const changedFeatures = (stored: Features, change: ConfigurationInput['features']): Features => {
  const next: Features = { ...storedFeatures(stored) };
  for (const flag of FEATURE_FLAGS) {
    const value = change?.[flag];
    if (value === null) delete next[flag];
    else if (value !== undefined) next[flag] = value;
  }
  return next;
};

/**
 * What the shell shows, signed in or not: the name, the logo's URL (a public `files` row) and the
 * stored feature flags (public too: they hide screens, the routes check roles; decision 0610).
 */
export const getSettings = async (db: Db): Promise<Settings> => {
  const [row] = await db.select().from(configurations).where(eq(configurations.id, CONFIGURATION_ID));
  return {
    company_name: row?.companyName ?? null,
    logoUrl: row?.logoPath ?? null,
    features: storedFeatures(row?.features),
  };
};

export const getConfiguration = async (db: DbOrTx): Promise<StoredConfiguration> => {
  const [row] = await db
    .select({
      companyName: configurations.companyName,
      logoPath: configurations.logoPath,
      features: configurations.features,
      soleAdminApprovesOwnPayRuns: configurations.soleAdminApprovesOwnPayRuns,
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
    features: storedFeatures(row?.features),
    sole_admin_approves_own_pay_runs: row?.soleAdminApprovesOwnPayRuns ?? true,
  };
};

/** Whether a business's only Admin account may approve the pay runs they submitted (decision 0712). */
export const soleAdminApprovesOwnPayRuns = async (db: DbOrTx): Promise<boolean> => {
  const [row] = await db
    .select({ allowed: configurations.soleAdminApprovesOwnPayRuns })
    .from(configurations)
    .where(eq(configurations.id, CONFIGURATION_ID));
  return row?.allowed ?? true;
};

export const updateConfiguration = async (
  db: Db,
  actorId: number,
  changes: ConfigurationInput,
): Promise<StoredConfiguration> =>
  db.transaction(async (tx) => {
    const locked = await lockedRow(tx);
    const before = await getConfiguration(tx);
    await tx
      .update(configurations)
      .set({
        companyName: changes.company_name,
        logoPath: changes.remove_logo ? null : undefined,
        features: changes.features ? changedFeatures(locked.features, changes.features) : undefined,
        soleAdminApprovesOwnPayRuns: changes.sole_admin_approves_own_pay_runs,
        ...touched(actorId),
      })
      .where(eq(configurations.id, CONFIGURATION_ID));
    if (changes.remove_logo) await deleteFileByUrl(tx, locked.logoPath);
    // Every open panel reads the settings again once this commits (its name, logo and screens).
    await publish(tx, { t: 'settings' });
    return configurationsAudit.changed(tx, actorId, CONFIGURATION_ID, before, await getConfiguration(tx));
  });

/** Stores a new logo as a public `files` row and points the configuration at it; the old one is removed. */
export const setLogo = async (
  db: Db,
  actorId: number,
  image: { bytes: Buffer; contentType: ImageType },
): Promise<StoredConfiguration> =>
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
    await publish(tx, { t: 'settings' });
    return configurationsAudit.changed(
      tx,
      actorId,
      CONFIGURATION_ID,
      before,
      await getConfiguration(tx),
      'update_logo',
    );
  });
