import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayInManila, type DailyReport, type Reading } from '@ginhawa/contract';
import { invoicingReadings } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { issueWalkIn, managerCashier } from '../../test/walk-in-invoice';
import { invoicingOnAtManagersBranch } from '../invoicing/invoicing.test-helpers';

/**
 * The day's close with invoicing on (issue 33; decision 1021): submitting the daily report makes
 * the Z reading of each terminal of the branch with documents of that day not yet closed, only up
 * to that day, once; the report names them and holds its cash count against their cash.
 */

let ctx: TestContext;
let manager: Agent;
let home: number, terminal: number;
const today = todayInManila();
const yesterday = addDays(today, -1);

beforeAll(async () => {
  ({ ctx, manager } = await startSignedIn('manager'));
  ({ home, terminal } = await invoicingOnAtManagersBranch(ctx));
});
afterAll(async () => ctx?.close());

const sell = (businessDate: string, price: string) =>
  issueWalkIn(
    ctx.database.db,
    { terminalId: terminal, locationId: home, businessDate, cashier: managerCashier(ctx) },
    [{ description: 'Massage', quantity: 1, unit_price: price, tax_class: 'vatable', senior_pwd_eligible: true }],
    price,
  );

const zOf = (date: string) =>
  ctx.database.db
    .select()
    .from(invoicingReadings)
    .where(
      and(
        eq(invoicingReadings.terminalId, terminal),
        eq(invoicingReadings.kind, 'z'),
        eq(invoicingReadings.businessDate, date),
      ),
    );

describe('the daily report and the Z readings', () => {
  it('submitting makes the missing Z reading of the day, and shows the cash against it', async () => {
    await sell(yesterday, '1120.00');
    await sell(yesterday, '560.00');
    await sell(today, '336.00');
    const created = await manager.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: home, date: yesterday, cash_on_hand: '1650.00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json<DailyReport>();
    expect(draft).toMatchObject({ z_readings: [], z_cash: null, z_cash_difference: null });
    expect(await zOf(yesterday)).toHaveLength(0);

    const submitted = await manager.request({
      method: 'POST',
      url: `/api/reports/${draft.id}/submit/`,
      payload: { close_early: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const report = submitted.json<DailyReport>();
    const [z] = await zOf(yesterday);
    expect(z).toBeDefined();
    expect(report.z_readings).toEqual([
      {
        id: z!.id,
        terminal,
        terminal_name: expect.any(String),
        z_counter: z!.zCounter,
        net_sales: '1680.00',
        cash: '1680.00',
      },
    ]);
    // Counted ₱1,650.00 against the ₱1,680.00 the Z says the drawer took.
    expect(report).toMatchObject({ z_cash: '1680.00', z_cash_difference: '-30.00' });
    // Today's sale stays open for today's Z.
    expect((z!.snapshot as Reading['snapshot']).document_count).toBe(2);

    // Returned and submitted again: the day is closed already, no second Z.
    const reopened = await manager.request({ method: 'POST', url: `/api/reports/${draft.id}/reopen/` });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const again = await manager.request({
      method: 'POST',
      url: `/api/reports/${draft.id}/submit/`,
      payload: { close_early: true },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await zOf(yesterday)).toHaveLength(1);
    expect(again.json<DailyReport>().z_readings).toHaveLength(1);

    // Today's Z covers only today's invoice.
    const todays = await manager.request({ method: 'POST', url: `/api/invoicing/readings/z/${terminal}/` });
    expect(todays.statusCode, todays.body).toBe(201);
    expect(todays.json<Reading>().snapshot).toMatchObject({
      document_count: 1,
      gross: '336.00',
      grand_total: { previous: '1680.00', present: '2016.00' },
    });
  });
});
