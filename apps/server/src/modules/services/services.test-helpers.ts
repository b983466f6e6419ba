import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';

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

const makeTreatmentCategory = (admin: Agent, name = unique('Category')) =>
  created<{ name: string }>(admin, 'treatment-categories', { name });
const makeMembershipCategory = (admin: Agent, name = unique('Membership category')) =>
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

const makeMembership = (admin: Agent, overrides: Record<string, unknown> = {}) =>
  created<{ name: string; categories: number[] }>(admin, 'memberships', {
    name: unique('Membership'),
    price: '15000.00',
    validity_days: 365,
    ...overrides,
  });

/** The catalogue rows a test builds on, made by the admin. */
export type CatalogueMakers = ReturnType<typeof catalogueMakers>;
const catalogueMakers = (admin: Agent) => ({
  treatmentCategory: (name?: string) => makeTreatmentCategory(admin, name),
  membershipCategory: (name?: string) => makeMembershipCategory(admin, name),
  treatment: (overrides?: Record<string, unknown>) => makeTreatment(admin, overrides),
  membership: (overrides?: Record<string, unknown>) => makeMembership(admin, overrides),
});

/**
 * Starts the app for one test file and signs in the admin and the named demo staff (close `ctx`
 * after); `make` builds catalogue rows as the admin.
 */
export const startCatalogueApp = async <const N extends string>(
  ...staff: N[]
): Promise<{ ctx: TestContext; admin: Agent; adminId: number; make: CatalogueMakers } & Record<N, Agent>> => {
  const signedIn = await startSignedIn<'admin' | N>('admin', ...staff);
  return { ...signedIn, adminId: signedIn.ctx.userIds.admin!, make: catalogueMakers(signedIn.admin) };
};

/** The newest audit rows for a table row, newest first. */
export const auditRows = (db: Db, tableName: string, rowId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, tableName), eq(auditLog.rowId, String(rowId))))
    .orderBy(desc(auditLog.id));
