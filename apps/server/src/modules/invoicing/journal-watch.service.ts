import { sql } from 'drizzle-orm';
import { ADMIN_GROUP, type JournalVerification } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { notify } from '../notifications/index';
import { verifyJournal } from './journal.service';

/**
 * The nightly check of the electronic journal (issue 33; decision 1023): the nightly job walks every
 * terminal's chain and, on a break, tells every active Admin which entry broke and why, with the
 * journal's verify link. A chain that holds notifies no one.
 */
export const checkJournal = async (db: Db): Promise<JournalVerification> => {
  const result = await verifyJournal(db);
  if (result.ok || !result.first_bad_entry) return result;
  const bad = result.first_bad_entry;
  await db.transaction(async (tx) => {
    const admins = (
      (await tx.execute(
        sql`select distinct u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
          where u.is_active and g.name = ${ADMIN_GROUP}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
    await notify(tx, {
      recipients: admins,
      actorId: null,
      type: 'journal_break',
      title: 'The electronic journal does not verify',
      message: `Terminal ${bad.terminal}, entry ${bad.seq}: ${bad.reason} Check the database and its backups before the next document is issued.`,
      link: null,
      data: { terminal: bad.terminal, entry: bad.id, seq: bad.seq },
    });
  });
  return result;
};
