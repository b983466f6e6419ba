import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { invoicingJournal, notifications, terminals } from '../../db/schema/index';
import type { TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { checkJournal } from './journal-watch.service';
import { appendJournal } from './journal.service';

/** The nightly journal check (decision 1023): a sound chain tells no one; a break tells every Admin. */

let ctx: TestContext;

beforeAll(async () => {
  ({ ctx } = await startSignedIn());
});
afterAll(async () => ctx?.close());

const noticesOf = (userId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, 'journal_break')));

describe('the nightly journal check', () => {
  it('notifies the Admins of a break, and no one while the chain holds', async () => {
    const db = ctx.database.db;
    const [terminal] = await db.select({ id: terminals.id }).from(terminals).limit(1);
    await db.transaction(async (tx) => {
      await appendJournal(tx, terminal!.id, 'terminal_chosen', { by: 1 });
      await appendJournal(tx, terminal!.id, 'terminal_chosen', { by: 2 });
    });
    expect((await checkJournal(db)).ok).toBe(true);
    expect(await noticesOf(ctx.userIds.admin!)).toHaveLength(0);

    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoicing_journal disable trigger invoicing_journal_no_change`);
      await tx.execute(
        sql`update invoicing_journal set payload = '{"by": 9}' where terminal_id = ${terminal!.id} and seq = (select max(seq) from invoicing_journal where terminal_id = ${terminal!.id})`,
      );
      await tx.execute(sql`alter table invoicing_journal enable trigger invoicing_journal_no_change`);
    });
    const [last] = await db
      .select({ id: invoicingJournal.id, seq: invoicingJournal.seq })
      .from(invoicingJournal)
      .where(eq(invoicingJournal.terminalId, terminal!.id))
      .orderBy(sql`${invoicingJournal.seq} desc`)
      .limit(1);
    const result = await checkJournal(db);
    expect(result.first_bad_entry).toMatchObject({ id: last!.id, terminal: terminal!.id, seq: last!.seq });
    const [notice] = await noticesOf(ctx.userIds.admin!);
    expect(notice).toMatchObject({
      title: 'The electronic journal does not verify',
      message: expect.stringContaining(`Terminal ${terminal!.id}, entry ${last!.seq}: What it holds does not match`),
    });
    expect(await noticesOf(ctx.userIds.manager!)).toHaveLength(0);
  });
});
