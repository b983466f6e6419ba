import type { FastifyInstance } from 'fastify';
import { checkJournal } from '../invoicing/index';
import { backupsService } from './backups.service';

/**
 * Every night at 02:00 Manila time, an automatic backup of the embedded database on disk, then the
 * oldest beyond the last 14 go (docs/decisions/0700-backups-and-one-writer.md). Only where there
 * is something on disk to lose: not on PostgreSQL (pg_dump's business) nor the tests' in-memory
 * databases. A night that fails is logged and the next one is tried; the timer never keeps the
 * process alive and stops when the app closes. The same night walks the invoicing journal and
 * notifies the Admins of a break (issue 33; decision 1023), on PostgreSQL too.
 */
export const scheduleNightlyBackups = (app: FastifyInstance) => {
  const { database, env } = app.deps;
  const backsUp = database.kind === 'pglite' && Boolean(database.dataDir);
  if (!backsUp && database.kind !== 'postgres') return;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(() => void run(), backupsService.msUntilNextNightly(new Date()));
    timer.unref();
  };
  const run = async () => {
    if (backsUp)
      try {
        const { backup, removed } = await backupsService.nightlyBackup(database, env.dataDir);
        app.log.info({ backup: backup.file_name, size: backup.size, removed }, 'nightly backup made');
      } catch (err) {
        app.log.error({ err }, 'nightly backup failed');
      }
    try {
      const journal = await checkJournal(database.db);
      if (journal.ok) app.log.info({ entries: journal.entries }, 'invoicing journal verified');
      else app.log.error({ first_bad_entry: journal.first_bad_entry }, 'invoicing journal broken: Admins notified');
    } catch (err) {
      app.log.error({ err }, 'invoicing journal check failed');
    }
    arm();
  };
  arm();
  app.addHook('onClose', async () => clearTimeout(timer));
};
