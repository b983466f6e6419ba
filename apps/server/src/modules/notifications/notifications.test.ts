import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, notInArray } from 'drizzle-orm';
import type { Notification } from '@ginhawa/contract';
import { auditLog, locations, notifications, userLocations, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';
import { action, connectSocket, wsUrl, type TestSocket } from '../../test/ws-client';
import { CLOSE_ACCESS_CHANGED, CLOSE_SIGNED_OUT } from './notifications.hub';
import { MAX_FRAME_BYTES } from './notifications.ws';
import { createSessionLookups } from './hub-sessions';
import { notify, registerApprovalHandler } from './notifications.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const clearFor = async (username: string) => {
  await ctx.database.db.delete(notifications).where(eq(notifications.recipientId, ctx.userIds[username]!));
};
const notifyNow = (input: Parameters<typeof notify>[1]) =>
  ctx.database.db.transaction((tx) => notify(tx, input).then(() => undefined));

type NewMsg = { action: 'new_notification'; notification: Notification; unread_count: number };

describe('live channel handshake', () => {
  it('refuses a caller without a session', async () => {
    await expect(connectSocket(ctx.app)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a foreign Origin even with a valid session', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    await expect(connectSocket(ctx.app, { agent, origin: 'https://evil.example' })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('a plain GET without Upgrade is a 426 {message} naming the address, not an empty 404', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/ws/notifications/',
      headers: { cookie: `sessionid=${agent.sessionId}; csrftoken=${agent.csrfToken}` },
    });
    expect(res.statusCode).toBe(426);
    expect(res.headers.upgrade).toBe('websocket');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'This address is the live channel: open it as a WebSocket.' });
    // Signed out, the handshake's own checks answer first.
    expect((await ctx.app.inject({ method: 'GET', url: '/ws/notifications/' })).statusCode).toBe(401);
  });

  it('accepts a bearer token in ?token= and sends connected, then the newest 20 with the unread count', async () => {
    await clearFor('manager');
    for (let i = 1; i <= 25; i += 1)
      await notifyNow({
        recipients: [ctx.userIds.manager!],
        actorId: null,
        type: 'test',
        title: `n${i}`,
        message: 'm',
      });
    const tokens = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users/token/',
        payload: { username: 'manager', password: DEMO_PASSWORD },
      })
    ).json();
    const socket = await connectSocket(ctx.app, { query: `?token=${tokens.access}`, origin: null });
    const connected = await socket.next(action('connected'));
    expect(connected).toEqual({ action: 'connected', user: ctx.userIds.manager });
    const initial = await socket.next<{ action: string; notifications: Notification[]; unread_count: number }>(
      action('user_notifications'),
    );
    expect(initial.unread_count).toBe(25);
    expect(initial.notifications).toHaveLength(20);
    expect(initial.notifications[0]!.title).toBe('n25');
    expect(initial.notifications[19]!.title).toBe('n6');

    socket.send({ action: 'fetch_older_notifications', offset: 20, limit: 20 });
    const older = await socket.next<{ notifications: Notification[] }>(action('older_notifications'));
    expect(older.notifications.map((n) => n.title)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    socket.send({ action: 'fetch_older_notifications', offset: 25, limit: 20 });
    expect((await socket.next<{ notifications: Notification[] }>(action('older_notifications'))).notifications).toEqual(
      [],
    );
    // The limit is capped at 50.
    socket.send({ action: 'fetch_older_notifications', offset: 0, limit: 1000 });
    expect(
      (await socket.next<{ notifications: Notification[] }>(action('older_notifications'))).notifications,
    ).toHaveLength(25);
    socket.send({ action: 'ping' });
    await socket.next(action('pong'));
    socket.ws.close();
  });
});

describe('what a socket costs (issue 35)', () => {
  it('opening a socket costs two statements: the session, then the first list with its unread count', async () => {
    await clearFor('therapist');
    for (let i = 1; i <= 3; i += 1)
      await notifyNow({
        recipients: [ctx.userIds.therapist!],
        actorId: null,
        type: 'test',
        title: `c${i}`,
        message: 'm',
      });
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    // PGlite's client or PostgreSQL's pool: every statement drizzle sends outside a transaction.
    const query = ctx.database.pglite ? vi.spyOn(ctx.database.pglite, 'query') : vi.spyOn(ctx.database.pool!, 'query');
    try {
      const socket = await connectSocket(ctx.app, { agent });
      const initial = await socket.next<{ notifications: Notification[]; unread_count: number }>(
        action('user_notifications'),
      );
      expect(initial.notifications.map((n) => n.title)).toEqual(['c3', 'c2', 'c1']);
      expect(initial.unread_count).toBe(3);
      expect(query.mock.calls).toHaveLength(2);
      socket.ws.close();
      await socket.closed;
    } finally {
      query.mockRestore();
    }
    // No notifications at all: an empty list and nothing unread.
    await clearFor('therapist');
    const empty = await connectSocket(ctx.app, { agent });
    expect(
      await empty.next<{ notifications: Notification[]; unread_count: number }>(action('user_notifications')),
    ).toMatchObject({ notifications: [], unread_count: 0 });
    empty.ws.close();
    await empty.closed;
  });

  it('handshakes of one turn look their sessions up in one statement', async () => {
    const [therapist, manager] = await Promise.all(
      ['therapist', 'manager'].map((u) => login(ctx.app, u, DEMO_PASSWORD)),
    );
    const lookups = createSessionLookups(ctx.database.db);
    const query = ctx.database.pglite ? vi.spyOn(ctx.database.pglite, 'query') : vi.spyOn(ctx.database.pool!, 'query');
    try {
      const found = await Promise.all(
        [therapist!.sessionId, manager!.sessionId, therapist!.sessionId, 'no-such-session'].map((t) =>
          lookups.lookup(t),
        ),
      );
      expect(query.mock.calls).toHaveLength(1);
      expect(found.map((i) => i?.user.id ?? null)).toEqual([
        ctx.userIds.therapist,
        ctx.userIds.manager,
        ctx.userIds.therapist,
        null,
      ]);
      expect(found[0]).toMatchObject({ via: 'session', user: { username: 'therapist' } });
    } finally {
      query.mockRestore();
    }
    // Signed out: the next turn's lookup does not find it.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: {
        cookie: `sessionid=${manager!.sessionId}; csrftoken=${manager!.csrfToken}`,
        'x-csrftoken': manager!.csrfToken,
      },
    });
    expect(await lookups.lookup(manager!.sessionId)).toBeNull();
  });

  it('a new notification reaches the sockets of an instance in one statement, with its unread count', async () => {
    await clearFor('therapist');
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const socket = await connectSocket(ctx.app, { agent });
    await socket.next(action('user_notifications'));
    await notifyNow({ recipients: [ctx.userIds.therapist!], actorId: null, type: 'test', title: 'old', message: 'm' });
    await socket.next(action('new_notification'));
    const batch = await ctx.database.db.transaction((tx) =>
      notify(tx, { recipients: [ctx.userIds.therapist!], actorId: null, type: 'test', title: 'again', message: 'm' }),
    );
    // The bus delivers it once; the fan-out is then run again by hand, its statements counted.
    expect((await socket.next<NewMsg>(action('new_notification'))).unread_count).toBe(2);
    const query = ctx.database.pglite ? vi.spyOn(ctx.database.pglite, 'query') : vi.spyOn(ctx.database.pool!, 'query');
    try {
      await ctx.app.hub.onEvent({ t: 'new', batch: batch! });
      expect(query.mock.calls).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
    const again = await socket.next<NewMsg>(action('new_notification'));
    expect({ title: again.notification.title, unread: again.unread_count }).toEqual({ title: 'again', unread: 2 });
    socket.ws.close();
    await socket.closed;
  });

  it('the 101 answer and the connected frame leave the server in one write', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    // Every write the server makes on the upgraded connection, in order, as text.
    const writes: string[] = [];
    const watch = (_req: unknown, socket: Duplex) => {
      const raw = socket as Duplex & {
        _write: (chunk: Buffer | string, ...rest: unknown[]) => void;
        _writev: (chunks: { chunk: Buffer | string }[], ...rest: unknown[]) => void;
      };
      const write = raw._write.bind(raw);
      const writev = raw._writev.bind(raw);
      raw._write = (chunk, ...rest) => {
        writes.push(String(chunk));
        write(chunk, ...rest);
      };
      raw._writev = (chunks, ...rest) => {
        writes.push(chunks.map((c) => String(c.chunk)).join(''));
        writev(chunks, ...rest);
      };
    };
    await wsUrl(ctx.app);
    ctx.app.server.prependListener('upgrade', watch);
    try {
      const socket = await connectSocket(ctx.app, { agent });
      await socket.next(action('connected'));
      expect(writes[0]).toMatch(/^HTTP\/1\.1 101 Switching Protocols/);
      expect(writes[0]).toContain('"action":"connected"');
      socket.ws.close();
      await socket.closed;
    } finally {
      ctx.app.server.removeListener('upgrade', watch);
    }
  });

  it('sockets asking for their first list together share one statement, each user their own list', async () => {
    await clearFor('therapist');
    await clearFor('manager');
    for (let i = 1; i <= 3; i += 1)
      await notifyNow({
        recipients: [ctx.userIds.therapist!],
        actorId: null,
        type: 'test',
        title: `t${i}`,
        message: 'm',
      });
    for (let i = 1; i <= 2; i += 1)
      await notifyNow({
        recipients: [ctx.userIds.manager!],
        actorId: null,
        type: 'test',
        title: `m${i}`,
        message: 'm',
      });
    await ctx.database.db
      .update(notifications)
      .set({ isRead: true })
      .where(eq(notifications.recipientId, ctx.userIds.manager!));
    const agents = await Promise.all(['therapist', 'manager'].map((u) => login(ctx.app, u, DEMO_PASSWORD)));
    const sockets = await Promise.all(
      Array.from({ length: 6 }, (_, i) => connectSocket(ctx.app, { agent: agents[i % 2] })),
    );
    await Promise.all(sockets.map((s) => s.next(action('user_notifications'))));
    const query = ctx.database.pglite ? vi.spyOn(ctx.database.pglite, 'query') : vi.spyOn(ctx.database.pool!, 'query');
    try {
      // After the bus reconnects every socket reads its list again: one statement for all six.
      ctx.app.hub.resync();
      const lists = await Promise.all(
        sockets.map((s) =>
          s.next<{ notifications: Notification[]; unread_count: number }>(action('user_notifications')),
        ),
      );
      expect(query.mock.calls).toHaveLength(1);
      for (const [i, list] of lists.entries())
        expect({ titles: list.notifications.map((n) => n.title), unread: list.unread_count }).toEqual(
          i % 2 === 0 ? { titles: ['t3', 't2', 't1'], unread: 3 } : { titles: ['m2', 'm1'], unread: 0 },
        );
    } finally {
      query.mockRestore();
    }
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
  });

  it('after its sockets close the registry and flood control hold nothing of them', async () => {
    const agents = await Promise.all(
      ['therapist', 'manager', 'receptionist'].map((u) => login(ctx.app, u, DEMO_PASSWORD)),
    );
    const before = ctx.app.hub.entries();
    const sockets = await Promise.all(
      Array.from({ length: 12 }, (_, i) => connectSocket(ctx.app, { agent: agents[i % agents.length] })),
    );
    await Promise.all(sockets.map((s) => s.next(action('user_notifications'))));
    expect(ctx.app.hub.entries()).toEqual({
      users: before.users + 3,
      sockets: before.sockets + 12,
      buckets: before.buckets + 3,
      coolDowns: before.coolDowns,
      firstLists: 0,
    });
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
    await vi.waitFor(() => expect(ctx.app.hub.entries()).toEqual(before));
  });
});

describe('live changes reach every socket of the user', () => {
  let a: TestSocket;
  let b: TestSocket;
  beforeAll(async () => {
    await clearFor('therapist');
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const other = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    a = await connectSocket(ctx.app, { agent });
    b = await connectSocket(ctx.app, { agent: other });
    await a.next(action('user_notifications'));
    await b.next(action('user_notifications'));
  });
  afterAll(() => {
    a.ws.close();
    b.ws.close();
  });

  it('an announcement to a group arrives in both tabs with the unread count', async () => {
    const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
    const res = await admin.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'Staff meeting', message: 'Monday 9:00 at Makati.', groups: ['Therapist'] },
    });
    expect(res.statusCode).toBe(201);
    // Every active member of the group (the demo data has more therapists than the demo account).
    const therapistGroup = (await admin.request({ method: 'GET', url: '/api/users/groups/' }))
      .json()
      .find((g: { name: string }) => g.name === 'Therapist');
    expect(res.json()).toEqual({ recipients: therapistGroup.user_count });
    const inA = await a.next<NewMsg>(action('new_notification'));
    const inB = await b.next<NewMsg>(action('new_notification'));
    expect(inA.notification).toMatchObject({
      title: 'Staff meeting',
      message: 'Monday 9:00 at Makati.',
      is_read: false,
      type: 'announcement',
      actor: ctx.userIds.admin,
      actor_name: 'Site Administrator',
      requires_approval: false,
      can_decide: false,
    });
    expect(inA.unread_count).toBe(1);
    expect(inB.notification.id).toBe(inA.notification.id);
  });

  it('read in one tab shows read in the other; unread, all read and remove too', async () => {
    await notifyNow({
      recipients: [ctx.userIds.therapist!],
      actorId: ctx.userIds.admin!,
      type: 'test',
      title: 'second',
      message: 'x',
    });
    const second = (await a.next<NewMsg>(action('new_notification'))).notification;
    await b.next(action('new_notification'));

    // Each step is sent from one tab: the other tab gets exactly this frame, and the sender's tab is told too.
    const steps = [
      { from: a, to: b, send: 'mark_notification_as_read', frame: 'notification_marked_as_read', id: true, unread: 1 },
      {
        from: b,
        to: a,
        send: 'mark_notification_as_unread',
        frame: 'notification_marked_as_unread',
        id: true,
        unread: 2,
      },
      {
        from: a,
        to: b,
        send: 'mark_all_notifications_as_read',
        frame: 'all_notifications_marked_as_read',
        id: false,
        unread: 0,
      },
      { from: b, to: a, send: 'remove_notification', frame: 'notification_removed', id: true, unread: 0 },
    ];
    for (const step of steps) {
      const target = step.id ? { notificationId: second.id } : {};
      step.from.send({ action: step.send, ...target });
      expect(await step.to.next(action(step.frame))).toEqual({
        action: step.frame,
        ...target,
        unread_count: step.unread,
      });
      await step.from.next(action(step.frame));
    }
    const [gone] = await ctx.database.db.select().from(notifications).where(eq(notifications.id, second.id));
    expect(gone).toBeUndefined();
  });

  it('bad frames get an error frame and never close the socket', async () => {
    a.send('not json');
    expect(await a.next(action('error'))).toEqual({ action: 'error', message: 'Messages must be JSON.' });
    a.send({ action: 'launch_rockets' });
    expect(await a.next(action('error'))).toEqual({
      action: 'error',
      message: 'Cannot do "launch_rockets" with these fields.',
    });
    a.send({ action: 'mark_notification_as_read' });
    expect((await a.next<{ message: string }>(action('error'))).message).toMatch(/mark_notification_as_read/);
    a.send([1, 2]);
    expect(await a.next(action('error'))).toEqual({ action: 'error', message: 'Unknown action.' });
    // Someone else's notification is not found, and stays unread.
    await notifyNow({
      recipients: [ctx.userIds.manager!],
      actorId: null,
      type: 'test',
      title: 'private',
      message: 'x',
    });
    const [theirs] = await ctx.database.db.select().from(notifications).where(eq(notifications.title, 'private'));
    a.send({ action: 'mark_notification_as_read', notificationId: theirs!.id });
    expect(await a.next(action('error'))).toEqual({ action: 'error', message: 'No such notification.' });
    a.send({ action: 'remove_notification', notificationId: theirs!.id });
    expect(await a.next(action('error'))).toEqual({ action: 'error', message: 'No such notification.' });
    const [still] = await ctx.database.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(still!.isRead).toBe(false);
    a.send({ action: 'ping' });
    await a.next(action('pong'));
    expect(a.ws.readyState).toBe(a.ws.OPEN);
  });

  it('a frame over the cap closes that socket (1009) without affecting others', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const big = await connectSocket(ctx.app, { agent });
    big.send({ action: 'ping', pad: 'x'.repeat(MAX_FRAME_BYTES + 1) });
    expect((await big.closed).code).toBe(1009);
    a.send({ action: 'ping' });
    await a.next(action('pong'));
  });
});

describe('approval requests', () => {
  it('a decider approves once for every copy, the handler runs, and the requester is told', async () => {
    const calls: { approved: boolean; data: Record<string, unknown> }[] = [];
    registerApprovalHandler('test_request', async ({ approved, data }) => {
      calls.push({ approved, data });
    });
    const managerAgent = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const adminAgent = await login(ctx.app, 'admin', ADMIN_PASSWORD);
    const requesterAgent = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
    const therapistAgent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const manager = await connectSocket(ctx.app, { agent: managerAgent });
    const admin = await connectSocket(ctx.app, { agent: adminAgent });
    const requester = await connectSocket(ctx.app, { agent: requesterAgent });
    const therapist = await connectSocket(ctx.app, { agent: therapistAgent });
    for (const s of [manager, admin, requester, therapist]) await s.next(action('user_notifications'));

    await notifyNow({
      recipients: [ctx.userIds.manager!, ctx.userIds.admin!, ctx.userIds.therapist!],
      actorId: ctx.userIds.salesperson!,
      type: 'test_request',
      title: 'Delete sales of 2026-11-20',
      message: 'Please approve.',
      data: { report: 7 },
      requiresApproval: true,
    });
    const forManager = (await manager.next<NewMsg>(action('new_notification'))).notification;
    const forAdmin = (await admin.next<NewMsg>(action('new_notification'))).notification;
    const forTherapist = (await therapist.next<NewMsg>(action('new_notification'))).notification;
    expect(forManager).toMatchObject({ requires_approval: true, is_approved: null, can_decide: true });
    expect(forTherapist.can_decide).toBe(false);

    therapist.send({ action: 'approve_notification', notificationId: forTherapist.id, approved: true });
    expect(await therapist.next(action('error'))).toEqual({
      action: 'error',
      message: 'Only administrators and managers may decide requests.',
    });

    manager.send({ action: 'approve_notification', notificationId: forManager.id, approved: true });
    expect(await manager.next(action('notification_approved'))).toEqual({
      action: 'notification_approved',
      notificationId: forManager.id,
      approved: true,
    });
    expect(await admin.next(action('notification_approved'))).toEqual({
      action: 'notification_approved',
      notificationId: forAdmin.id,
      approved: true,
    });
    const told = await requester.next<NewMsg>(action('new_notification'));
    expect(told.notification).toMatchObject({
      type: 'decision',
      title: 'Request approved',
      actor: ctx.userIds.manager,
    });
    expect(calls).toEqual([{ approved: true, data: { report: 7 } }]);

    admin.send({ action: 'approve_notification', notificationId: forAdmin.id, approved: false });
    expect(await admin.next(action('error'))).toEqual({
      action: 'error',
      message: 'This request has already been decided.',
    });
    const rows = await ctx.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [forManager.id, forAdmin.id]));
    expect(rows.map((r) => [r.isApproved, r.decidedBy])).toEqual([
      [true, ctx.userIds.manager],
      [true, ctx.userIds.manager],
    ]);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'approve'));
    expect(audits).toHaveLength(1);
    // A plain notification needs no decision.
    requester.send({ action: 'approve_notification', notificationId: told.notification.id, approved: true });
    expect(await requester.next(action('error'))).toEqual({
      action: 'error',
      message: 'Only administrators and managers may decide requests.',
    });
    for (const s of [manager, admin, requester, therapist]) s.ws.close();
  });
});

describe('signing out closes sockets', () => {
  it('logout closes the sockets of that session only', async () => {
    const one = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    const two = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    const s1 = await connectSocket(ctx.app, { agent: one });
    const s2 = await connectSocket(ctx.app, { agent: two });
    await s1.next(action('user_notifications'));
    await s2.next(action('user_notifications'));
    expect((await one.request({ method: 'POST', url: '/api/users/logout/' })).statusCode).toBe(200);
    expect((await s1.closed).code).toBe(CLOSE_SIGNED_OUT);
    s2.send({ action: 'ping' });
    await s2.next(action('pong'));
    s2.ws.close();
  });

  it("changing a user's locations makes their sockets reconnect, so frames follow what they may see now", async () => {
    const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
    const agent = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    const socket = await connectSocket(ctx.app, { agent });
    await socket.next(action('user_notifications'));
    const id = ctx.userIds.receptionist!;
    const held = (
      await ctx.database.db
        .select({ locationId: userLocations.locationId })
        .from(userLocations)
        .where(eq(userLocations.userId, id))
    ).map((r) => r.locationId);
    const [another] = await ctx.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(notInArray(locations.id, held))
      .limit(1);
    // The same sets sent again (a PUT resends them) change nothing: the socket stays.
    const { groups } = (await admin.request({ method: 'GET', url: `/api/users/${id}/` })).json<{ groups: string[] }>();
    const same = await admin.request({
      method: 'PATCH',
      url: `/api/users/${id}/`,
      payload: { locations: [...held].reverse(), groups },
    });
    expect(same.statusCode, same.body).toBe(200);
    socket.send({ action: 'ping' });
    await socket.next(action('pong'));
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/users/${id}/`,
      payload: { locations: [...held, another!.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await socket.closed).code).toBe(CLOSE_ACCESS_CHANGED);
    // The session itself goes on: a new socket opens at once.
    const again = await connectSocket(ctx.app, { agent });
    await again.next(action('user_notifications'));
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/users/${id}/`, payload: { locations: held } })).statusCode,
    ).toBe(200);
    expect((await again.closed).code).toBe(CLOSE_ACCESS_CHANGED);
  });

  it('a password change closes every socket of the user', async () => {
    const agent = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    const other = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    const s = await connectSocket(ctx.app, { agent: other });
    await s.next(action('user_notifications'));
    const res = await agent.request({
      method: 'POST',
      url: `/api/users/${ctx.userIds.receptionist}/update_password/`,
      payload: { old_password: DEMO_PASSWORD, new_password: 'front desk changed it' },
    });
    expect(res.statusCode).toBe(200);
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
  });

  it('a session that expired by time is closed by the periodic check', async () => {
    const agent = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
    const s = await connectSocket(ctx.app, { agent });
    await s.next(action('user_notifications'));
    const { sessions } = await import('../../db/schema/index');
    const { sql } = await import('drizzle-orm');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, ctx.userIds.salesperson!));
    await ctx.app.hub.checkSessions();
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
  });
});

describe('two server instances on one database', () => {
  it('a change made through one instance reaches a socket on the other', async () => {
    const peer = await ctx.buildPeer();
    try {
      await clearFor('therapist');
      const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
      const onPeer = await connectSocket(peer.app, { agent });
      const onMain = await connectSocket(ctx.app, { agent });
      await onPeer.next(action('user_notifications'));
      await onMain.next(action('user_notifications'));
      const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
      await admin.request({
        method: 'POST',
        url: '/api/notifications/',
        payload: { title: 'Across instances', message: 'hello', users: [ctx.userIds.therapist] },
      });
      const seen = await onPeer.next<NewMsg>(action('new_notification'));
      expect(seen.notification.title).toBe('Across instances');
      await onMain.next(action('new_notification'));
      // Read through the main instance's socket; the peer's socket hears it.
      onMain.send({ action: 'mark_notification_as_read', notificationId: seen.notification.id });
      expect(await onPeer.next(action('notification_marked_as_read'))).toMatchObject({
        notificationId: seen.notification.id,
        unread_count: 0,
      });
      onPeer.ws.close();
      onMain.ws.close();
    } finally {
      await peer.close();
    }
  });
});

describe('HTTP', () => {
  it('lists my notifications newest first, paged, filterable by is_read', async () => {
    await clearFor('salesperson');
    for (let i = 1; i <= 3; i += 1)
      await notifyNow({
        recipients: [ctx.userIds.salesperson!],
        actorId: null,
        type: 'test',
        title: `h${i}`,
        message: 'm',
      });
    await ctx.database.db.update(notifications).set({ isRead: true }).where(eq(notifications.title, 'h1'));
    const agent = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
    const all = await agent.request({ method: 'GET', url: '/api/notifications/?pageSize=2' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 3, previous: null, next: '/api/notifications/?pageSize=2&page=2' });
    expect(all.json().results.map((n: Notification) => n.title)).toEqual(['h3', 'h2']);
    const unread = await agent.request({ method: 'GET', url: '/api/notifications/?is_read=false&pageSize=1' });
    expect(unread.json().count).toBe(2);
    const bad = await agent.request({ method: 'GET', url: '/api/notifications/?is_read=maybe&page=0' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['is_read', 'page']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/' })).statusCode).toBe(401);
  });

  it('announcements: Admin and Manager only, validated, never to nobody', async () => {
    const staff = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const refused = await staff.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 't', message: 'm' },
    });
    expect(refused.statusCode).toBe(403);
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const blank = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: ' ', message: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ title: ['Enter a title.'], message: ['Enter a message.'] });
    const unknown = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 't', message: 'm', groups: ['Wizards'], users: [999999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ groups: ['Unknown group: Wizards.'], users: ['Unknown user id: 999999.'] });
    const extra = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 't', message: 'm', recipients_override: true },
    });
    expect(extra.statusCode).toBe(400);
    const self = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 't', message: 'm', users: [ctx.userIds.manager] },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('No active user matches these recipients.');
    const [spot] = await ctx.database.db
      .insert(locations)
      .values({ name: 'Announce Spot', openingTime: '09:00', closingTime: '18:00' })
      .returning();
    await ctx.database.db.insert(userLocations).values({ userId: ctx.userIds.receptionist!, locationId: spot!.id });
    const byLocation = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'Aircon repair', message: 'Tomorrow 8:00.', locations: [spot!.id] },
    });
    expect(byLocation.statusCode).toBe(201);
    expect(byLocation.json()).toEqual({ recipients: 1 });
    const [got] = await ctx.database.db.select().from(notifications).where(eq(notifications.title, 'Aircon repair'));
    expect(got!.recipientId).toBe(ctx.userIds.receptionist);
    const nowhere = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 't', message: 'm', locations: [987654] },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual({ locations: ['Unknown location id: 987654.'] });
    const everyone = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'All hands', message: 'm' },
    });
    expect(everyone.statusCode).toBe(201);
    const active = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isActive, true));
    expect(everyone.json().recipients).toBe(active.length - 1);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'announce'));
    expect(audits.length).toBeGreaterThan(0);
  });
});
