import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';
import { action, connectSocket } from '../../test/ws-client';

// Issue 14: ids in socket frames are plain integers within the column's range; a link is a path of the panel.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('socket frames with odd ids', () => {
  it('answers each with a clear error frame before any query, and keeps the socket open', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.50.0.1');
    const ids = [3_000_000_000, 2_147_483_648, '0x10', '16', 1e21, 0, -1, 1.5, null];
    // Three ids (twelve frames) per socket: well inside one socket's burst allowance (decision 0010),
    // so every answer is about the id, never "slow down".
    for (let start = 0; start < ids.length; start += 3) {
      const socket = await connectSocket(ctx.app, { agent });
      try {
        await socket.next(action('user_notifications'));
        for (const notificationId of ids.slice(start, start + 3)) {
          for (const name of ['mark_notification_as_read', 'mark_notification_as_unread', 'remove_notification']) {
            socket.send({ action: name, notificationId });
            const frame = await socket.next<{ action: string; message: string }>(action('error'));
            expect(frame.message).toBe(`Cannot do "${name}" with these fields.`);
          }
          socket.send({ action: 'approve_notification', notificationId, approved: true });
          expect((await socket.next<{ message: string }>(action('error'))).message).toBe(
            'Cannot do "approve_notification" with these fields.',
          );
        }
        if (start + 3 >= ids.length) {
          // The largest id the column holds is a plain "not found", not a failure.
          socket.send({ action: 'mark_notification_as_read', notificationId: 2_147_483_647 });
          expect(await socket.next(action('error'))).toEqual({ action: 'error', message: 'No such notification.' });
          socket.send({ action: 'ping' });
          await socket.next(action('pong'));
        }
        expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      } finally {
        socket.ws.close();
      }
    }
  });
});

describe('announcement links', () => {
  it('refuses links a browser would read as another site, and keeps panel paths', async () => {
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD, '10.50.0.2');
    for (const link of [
      '/\t/evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/a//b',
      '/x\u0000y',
      '/x y',
      '/\u200b/evil.example',
    ]) {
      const res = await manager.request({
        method: 'POST',
        url: '/api/notifications/',
        payload: { title: `link ${JSON.stringify(link)}`, message: 'm', link },
      });
      expect(res.statusCode, JSON.stringify(link)).toBe(400);
      expect(res.json().errors.link).toEqual(['Links point inside the panel: a path such as /clients/12.']);
    }
    const ok = await manager.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'Good link', message: 'm', link: '/clients/12?tab=history#notes' },
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Good link'))
      .limit(1);
    expect(row?.link).toBe('/clients/12?tab=history#notes');
  });
});
