import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { action, socketPool } from '../../test/ws-client';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';

/**
 * Pay runs live (issue 21): a therapist's dashboard hears `earnings_changed` when their arrival is
 * logged or cancelled; a submitted run reaches the Admins as an approval request decided from the
 * notification like a daily report's.
 */
let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let therapist: Agent;
let f: Fixtures;
const sockets = socketPool();

const socketOf = (agent: Agent) => sockets.open(ctx.app, agent);

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  therapist = await login(ctx.app, 'therapist', DEMO_PASSWORD);
  f = await loadFixtures(ctx.database.db);
});
afterAll(async () => {
  sockets.closeAll();
  await ctx?.close();
});

/** Logs an arrival of a new client at the therapist's home branch today (201). */
const logArrival = async (lastName: string, time: string, extra: Record<string, unknown> = {}) => {
  const client = await admin.request({
    method: 'POST',
    url: '/api/clients/',
    payload: { first_name: 'Live', last_name: lastName, location: f.home },
  });
  const logged = await admin.request({
    method: 'POST',
    url: '/api/clients/arrivals/',
    payload: {
      client: client.json().id,
      location: f.home,
      time,
      therapist: f.therapist,
      treatment: f.treatment.id,
      ...extra,
    },
  });
  expect(logged.statusCode, logged.body).toBe(201);
  return logged.json() as { id: number; sale: { id: number } | null };
};

describe('earnings_changed', () => {
  it('reaches the therapist’s sockets when their arrival is logged and when it is cancelled', async () => {
    const socket = await socketOf(therapist);
    const logged = await logArrival('Earnings', '15:00');
    const today = todayInManila();
    expect(await socket.next(action('earnings_changed'))).toEqual({
      action: 'earnings_changed',
      employee: f.therapist,
      date: today,
    });
    const cancelled = await admin.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${logged.id}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await socket.next(action('earnings_changed'))).toMatchObject({ employee: f.therapist, date: today });
  });

  it('reaches the therapist of a walk-in when its sale is deleted (their commission is taken of it)', async () => {
    const socket = await socketOf(therapist);
    const logged = await logArrival('Walk-in', '16:00', {
      payment: { salesperson: f.salesperson, payment_method: 'cash' },
    });
    const saleId = logged.sale!.id;
    // The arrival's own frame first; the next one can only be the deletion's.
    expect(await socket.next(action('earnings_changed'))).toMatchObject({ employee: f.therapist });
    const deleted = await admin.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [saleId], reason: 'Logged twice' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await socket.next(action('earnings_changed'))).toEqual({
      action: 'earnings_changed',
      employee: f.therapist,
      date: todayInManila(),
    });
  });
});

describe('deciding a pay run from its notification', () => {
  it('sends the Admins an approval request that approves the run when decided, and tells the submitter', async () => {
    const today = todayInManila();
    const run = await manager.request({
      method: 'POST',
      url: '/api/payroll/runs/',
      payload: {
        year: Number(today.slice(0, 4)),
        month: Number(today.slice(5, 7)),
        cutoff: Number(today.slice(8)) <= 15 ? 1 : 2,
        location: f.home,
      },
    });
    expect(run.statusCode, run.body).toBe(201);
    const id = run.json().id as number;
    const socket = await socketOf(admin);
    const submitted = await manager.request({ method: 'POST', url: `/api/payroll/runs/${id}/submit/` });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const frame = await socket.next<{ notification: { id: number; type: string; link: string; can_decide: boolean } }>(
      action('new_notification'),
    );
    expect(frame.notification).toMatchObject({ type: 'pay_run', link: `/payroll/runs/${id}`, can_decide: true });
    const decided = await admin.request({
      method: 'POST',
      url: `/api/notifications/${frame.notification.id}/decide/`,
      payload: { approved: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const read = await manager.request({ method: 'GET', url: `/api/payroll/runs/${id}/` });
    expect(read.json()).toMatchObject({ status: 'approved' });
    // The submitter hears of the decision.
    const told = await manager.request({ method: 'GET', url: '/api/notifications/' });
    expect(JSON.stringify(told.json())).toContain('Pay run');
  });
});
