import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';
import { action, connectSocket, type TestSocket } from '../../test/ws-client';
import { notify } from './notifications.service';
import {
  CLOSE_FLOODING,
  FLOOD_COOL_DOWN_MS,
  MAX_OLDER_OFFSET,
  MAX_QUEUED_FRAMES,
  MAX_REFUSALS,
  SOCKET_BURST,
  USER_BURST,
} from './notifications.hub';
import { createTokenBucket } from './token-bucket';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const SLOW_DOWN = { action: 'error', message: 'Too many messages. Please slow down.' };
const isSlowDown = (m: { action: string; message?: unknown }) =>
  m.action === 'error' && m.message === SLOW_DOWN.message;

const open = async (username: string) => {
  const socket = await connectSocket(ctx.app, { agent: await login(ctx.app, username, DEMO_PASSWORD) });
  await socket.next(action('user_notifications'));
  return socket;
};
const roundTrip = async (socket: TestSocket) => {
  socket.send({ action: 'ping' });
  return socket.next((m) => m.action === 'pong' || m.action === 'error');
};

describe('token bucket', () => {
  it('gives its capacity at once, then refills at its rate and never above capacity', () => {
    let now = 0;
    const bucket = createTokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 499;
    expect(bucket.take()).toBe(false);
    // 1 s at 2 per second: two tokens (the refused take above did not spend what had refilled).
    now = 1000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});

describe('a flooding socket', () => {
  it('gets error frames, then is closed with 1008 and may not reconnect at once, while another user and /api/health/ carry on', async () => {
    const [recipient] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'receptionist'));
    await ctx.database.db.transaction((tx) =>
      notify(tx, { recipients: [recipient!.id], actorId: null, type: 'test', title: 'one', message: 'm' }),
    );
    const quiet = await open('salesperson');
    const flooder = await open('receptionist');

    for (let i = 0; i < 1000; i += 1) flooder.send({ action: 'fetch_older_notifications', offset: 0, limit: 50 });
    expect((await flooder.closed).code).toBe(CLOSE_FLOODING);

    // At most a queue's worth was answered; refused frames got error frames, then the socket ended.
    const answered = flooder.messages.filter((m) => m.action === 'older_notifications');
    const refused = flooder.messages.filter(isSlowDown);
    expect(answered.length).toBeLessThanOrEqual(SOCKET_BURST);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(MAX_REFUSALS);

    expect(await roundTrip(quiet)).toEqual({ action: 'pong' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    quiet.ws.close();

    // Reconnecting at once is refused for a while (429), then allowed again.
    const agent = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    await expect(connectSocket(ctx.app, { agent })).rejects.toMatchObject({ statusCode: 429 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOOD_COOL_DOWN_MS + 1);
    const again = await connectSocket(ctx.app, { agent });
    expect(await again.next(action('connected'))).toMatchObject({ action: 'connected' });
    again.ws.close();
  });

  it('answers a burst up to the bucket, refuses the next frame, and serves again once it refills', async () => {
    const socket = await open('therapist');
    // Frozen clock: no refill happens unless the test moves time on.
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < SOCKET_BURST; i += 1) expect(await roundTrip(socket)).toEqual({ action: 'pong' });
    expect(await roundTrip(socket)).toEqual(SLOW_DOWN);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    vi.setSystemTime(Date.now() + 1000);
    expect(await roundTrip(socket)).toEqual({ action: 'pong' });
    socket.ws.close();
  });

  it('queues at most a few frames behind the one in flight', async () => {
    const socket = await open('manager');
    const sent = MAX_QUEUED_FRAMES + 4;
    // One TCP write, so the server reads every frame before the first query can finish.
    const tcp = (socket.ws as unknown as { _socket: Socket })._socket;
    tcp.cork();
    for (let i = 0; i < sent; i += 1) socket.send({ action: 'fetch_older_notifications', offset: 0 });
    tcp.uncork();
    let answered = 0;
    let refused = 0;
    // Every frame gets exactly one answer: its page, or an error frame when the queue was full.
    for (let i = 0; i < sent; i += 1) {
      const m = await socket.next((x) => x.action === 'older_notifications' || isSlowDown(x));
      if (m.action === 'older_notifications') answered += 1;
      else refused += 1;
    }
    expect(answered).toBeGreaterThanOrEqual(MAX_QUEUED_FRAMES);
    expect(refused).toBe(sent - MAX_QUEUED_FRAMES);
    socket.ws.close();
  });

  it('refuses paging deeper than the offset bound without closing', async () => {
    const socket = await open('manager');
    socket.send({ action: 'fetch_older_notifications', offset: MAX_OLDER_OFFSET + 1 });
    expect(await socket.next(action('error'))).toEqual({
      action: 'error',
      message: 'Older notifications go back at most 10,000.',
    });
    socket.send({ action: 'fetch_older_notifications', offset: MAX_OLDER_OFFSET, limit: 5 });
    expect(await socket.next(action('older_notifications'))).toEqual({
      action: 'older_notifications',
      notifications: [],
      offset: MAX_OLDER_OFFSET,
    });
    socket.ws.close();
  });

  it('shares one wider bucket between all sockets of one account', async () => {
    const sockets = [await open('salesperson'), await open('salesperson'), await open('salesperson')];
    vi.useFakeTimers({ toFake: ['Date'] });
    let pongs = 0;
    let refused = 0;
    // Each socket stays within its own burst; together they exceed the account's.
    for (let round = 0; round < SOCKET_BURST; round += 1) {
      for (const socket of sockets) {
        const answer = await roundTrip(socket);
        if (answer.action === 'pong') pongs += 1;
        else refused += 1;
      }
    }
    expect(pongs).toBe(USER_BURST);
    expect(refused).toBe(SOCKET_BURST * sockets.length - USER_BURST);
    for (const socket of sockets) socket.ws.close();
  });
});
