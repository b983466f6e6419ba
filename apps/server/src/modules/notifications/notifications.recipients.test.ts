import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locations, notifications, userLocations, users } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';
import { notify } from './notifications.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const url = '/api/notifications/recipients-count/';

describe('GET /api/notifications/recipients-count/ (the composer counts before sending)', () => {
  it('is for Admins and Managers only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const staff = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    expect((await staff.request({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('counts what POST would send to, without sending anything', async () => {
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const [spot] = await ctx.database.db
      .insert(locations)
      .values({ name: 'Count Spot', openingTime: '09:00', closingTime: '18:00' })
      .returning();
    await ctx.database.db.insert(userLocations).values([
      { userId: ctx.userIds.receptionist!, locationId: spot!.id },
      { userId: ctx.userIds.therapist!, locationId: spot!.id },
    ]);
    const before = (await ctx.database.db.select().from(notifications)).length;

    const atSpot = await manager.request({ method: 'GET', url: `${url}?locations=${spot!.id}` });
    expect(atSpot.statusCode).toBe(200);
    expect(atSpot.json()).toEqual({ recipients: 2 });
    // Any of the lists matches (union), each person once.
    const union = await manager.request({
      method: 'GET',
      url: `${url}?locations=${spot!.id}&users=${ctx.userIds.therapist},${ctx.userIds.admin}`,
    });
    expect(union.json()).toEqual({ recipients: 3 });
    // The sender never counts.
    expect((await manager.request({ method: 'GET', url: `${url}?users=${ctx.userIds.manager}` })).json()).toEqual({
      recipients: 0,
    });
    const active = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isActive, true));
    expect((await manager.request({ method: 'GET', url })).json()).toEqual({ recipients: active.length - 1 });
    const sent = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'Counted', message: 'm', locations: [spot!.id] },
    });
    expect(sent.json()).toEqual(atSpot.json());
    expect((await ctx.database.db.select().from(notifications)).length).toBe(before + 2);
  });

  it('names unknown groups, users and locations, and refuses malformed lists with 400', async () => {
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const unknown = await manager.request({
      method: 'GET',
      url: `${url}?groups=Wizards&users=999999&locations=987654`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      groups: ['Unknown group: Wizards.'],
      users: ['Unknown user id: 999999.'],
      locations: ['Unknown location id: 987654.'],
    });
    const malformed = await manager.request({ method: 'GET', url: `${url}?users=1,abc` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ 'users.1': ['Not a valid id.'] });
  });
});

describe('decided requests say who decided and when (the approvals inbox)', () => {
  it('fills decided_by_name and decided_at once decided, null before', async () => {
    await ctx.database.db.transaction((tx) =>
      notify(tx, {
        recipients: [ctx.userIds.manager!],
        actorId: ctx.userIds.therapist!,
        type: 'inbox_probe',
        title: 'Probe request',
        message: 'm',
        requiresApproval: true,
      }).then(() => undefined),
    );
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const find = async () =>
      (await manager.request({ method: 'GET', url: '/api/notifications/' }))
        .json()
        .results.find((n: { title: string }) => n.title === 'Probe request');
    const before = await find();
    expect(before).toMatchObject({ is_approved: null, decided_by_name: null, decided_at: null, can_decide: true });
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.username, 'admin'));
    await ctx.database.db
      .update(notifications)
      .set({ isApproved: true, decidedBy: admin!.id, decidedAt: new Date('2026-11-20T02:30:00Z') })
      .where(eq(notifications.id, before.id));
    expect(await find()).toMatchObject({
      is_approved: true,
      decided_by_name: 'Site Administrator',
      decided_at: '2026-11-20T02:30:00.000Z',
    });
  });
});
