import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';

export const API = '/api/services';

let counter = 0;
/** A name no demo row and no other test uses. */
export const unique = (base: string) => `${base} ${process.pid}-${(counter += 1)}`;

/** POSTs and insists on 201, returning the created object. */
export const created = async <T = Record<string, unknown>>(
  agent: Agent,
  path: string,
  payload: Record<string, unknown>,
): Promise<T & { id: number }> => {
  const res = await agent.request({ method: 'POST', url: `${API}/${path}/`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T & { id: number };
};

export const makeTreatmentCategory = (admin: Agent, name = unique('Category')) =>
  created<{ name: string }>(admin, 'treatment-categories', { name });
export const makeMembershipCategory = (admin: Agent, name = unique('Membership category')) =>
  created<{ name: string }>(admin, 'membership-categories', { name });

export const makeTreatment = async (admin: Agent, overrides: Record<string, unknown> = {}) => {
  const category = overrides.category ?? (await makeTreatmentCategory(admin)).id;
  return created<{ name: string; price: string; category: number; is_active: boolean }>(admin, 'treatments', {
    name: unique('Treatment'),
    duration_minutes: 60,
    price: '1200.00',
    ...overrides,
    category,
  });
};

export const makeMembership = (admin: Agent, overrides: Record<string, unknown> = {}) =>
  created<{ name: string; categories: number[] }>(admin, 'memberships', {
    name: unique('Membership'),
    price: '15000.00',
    validity_days: 365,
    ...overrides,
  });

/** Starts the app for one test file and signs in the admin and the named demo staff (close `ctx` after). */
export const startCatalogueApp = async <const N extends string>(
  ...staff: N[]
): Promise<{ ctx: TestContext; admin: Agent; adminId: number } & Record<N, Agent>> => {
  const ctx = await buildTestApp();
  const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  const agents = {} as Record<N, Agent>;
  for (const name of staff) agents[name] = await login(ctx.app, name, DEMO_PASSWORD);
  return { ...agents, ctx, admin, adminId: await userId(ctx.database.db, 'admin') };
};

export const userId = async (db: Db, username: string) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
};

/** The newest audit rows for a table row, newest first. */
export const auditRows = (db: Db, tableName: string, rowId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, tableName), eq(auditLog.rowId, String(rowId))))
    .orderBy(desc(auditLog.id));
