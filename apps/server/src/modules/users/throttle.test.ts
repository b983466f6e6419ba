import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { loginThrottle, notifications, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';
import { THROTTLE } from './throttle.service';

// Issue 23: a stranger's guesses do not lock the owner out; a guess spread over many addresses is
// slowed and reported; a person's own password change is throttled like sign-in.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const signIn = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password }, remoteAddress });

describe('sign-in throttle per account and address', () => {
  it('five wrong passwords from one address do not lock the Admin out at another', async () => {
    for (let i = 0; i < THROTTLE.perAccountAndAddress; i += 1)
      expect((await signIn('admin', `wrong-${i}`, '10.50.0.1')).statusCode).toBe(400);
    expect((await signIn('admin', ADMIN_PASSWORD, '10.50.0.1')).statusCode).toBe(429);
    const elsewhere = await signIn('admin', ADMIN_PASSWORD, '10.50.0.2');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().username).toBe('admin');
  });

  it('an account’s own, higher limit slows a spread-out attack and tells the Admins once', async () => {
    const [admin] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    // As if perAccount − 1 guesses had come from many addresses within the window.
    await ctx.database.db
      .insert(loginThrottle)
      .values({ key: 'user:manager', failures: THROTTLE.perAccount - 1, windowStartedAt: sql`now()` });
    expect((await signIn('manager', 'wrong-guess', '10.51.0.1')).statusCode).toBe(400);
    const alarms = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'security'), eq(notifications.recipientId, admin!.id)));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.message).toContain('"manager"');
    // Now every address waits, the right password included; the alarm is not repeated.
    const locked = await signIn('manager', DEMO_PASSWORD, '10.51.0.2');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'security'))).toHaveLength(
      alarms.length,
    );
    await ctx.database.db.delete(loginThrottle).where(eq(loginThrottle.key, 'user:manager'));
  });
});

describe('update_password', () => {
  it('throttles the current-password check like sign-in', async () => {
    const agent = await login(ctx.app, 'receptionist', DEMO_PASSWORD, '10.52.0.1');
    const [me] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'receptionist'));
    const change = (old: string) =>
      agent.request({
        method: 'POST',
        url: `/api/users/${me!.id}/update_password/`,
        payload: { old_password: old, new_password: 'a-brand-new-passphrase' },
      });
    for (let i = 0; i < THROTTLE.perAccountAndAddress; i += 1) {
      const res = await change(`not-it-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.old_password).toEqual(['The current password is not correct.']);
    }
    const locked = await change(DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed password attempts/);
    // The password was not changed.
    expect((await signIn('receptionist', DEMO_PASSWORD, '10.52.0.9')).statusCode).toBe(200);
  });
});
