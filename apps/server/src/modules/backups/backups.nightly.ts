import type { FastifyInstance } from 'fastify';
import { backupsService } from './backups.service';

/**
 * Every night at 02:00 Manila time, an automatic backup of the embedded database on disk, then the
 * oldest beyond the last 14 go (docs/decisions/0700-backups-and-one-writer.md). Only where there
 * is something on disk to lose: not on PostgreSQL (pg_dump's business) nor the tests' in-memory
 * databases. A night that fails is logged and the next one is tried; the timer never keeps the
 * process alive and stops when the app closes.
 */
export const scheduleNightlyBackups = (app: FastifyInstance) => {
  const { database, env } = app.deps;
  if (database.kind !== 'pglite' || !database.dataDir) return;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(() => void run(), backupsService.msUntilNextNightly(new Date()));
    timer.unref();
  };
  const run = async () => {
    try {
      const { backup, removed } = await backupsService.nightlyBackup(database, env.dataDir);
      app.log.info({ backup: backup.file_name, size: backup.size, removed }, 'nightly backup made');
    } catch (err) {
      app.log.error({ err }, 'nightly backup failed');
    }
    arm();
  };
  arm();
  app.addHook('onClose', async () => clearTimeout(timer));
};
