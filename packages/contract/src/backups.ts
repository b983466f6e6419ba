import { z } from 'zod';

/**
 * Backups of the embedded database (docs/decisions/0700-backups-and-one-writer.md): files under
 * DATA_DIR/backups/, made by an Admin ("Back up now") or every night at 02:00 Manila time.
 */

/** How many nightly backups are kept; manual ones are not counted and stay until removed by hand. */
export const NIGHTLY_BACKUPS_KEPT = 14;
/** When the nightly backup is made, Manila time (UTC+8, no daylight saving). */
export const NIGHTLY_BACKUP_HOUR = 2;

/**
 * On PostgreSQL every backups call is refused (409) with this sentence, and the Settings screen
 * shows it without asking (the configuration says which database the server runs on).
 */
export const POSTGRES_BACKUPS_MESSAGE =
  "Backups of a PostgreSQL database are made with PostgreSQL's own tools (pg_dump); see docs/operations.md.";

export const BACKUP_KINDS = ['manual', 'automatic'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const backupSchema = z.object({
  id: z.number().int(),
  /** The file's name under DATA_DIR/backups/ (also the download's name). */
  file_name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  created_at: z.string(),
  kind: z.enum(BACKUP_KINDS),
});
export type Backup = z.infer<typeof backupSchema>;

/** `GET /backups/`: every backup, newest first (a handful, so not paged). */
export const backupListSchema = z.array(backupSchema);
