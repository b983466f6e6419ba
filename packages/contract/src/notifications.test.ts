import { describe, expect, it } from 'vitest';
import { announcementBodySchema, wsClientMessageSchema } from './notifications';

const link = (value: string) => announcementBodySchema.safeParse({ title: 't', message: 'm', link: value });

describe('announcement link', () => {
  it.each([
    '/clients/12',
    '/clients/12/?tab=history#notes',
    '/notifications',
    '/a-b_c.d~e/%20x',
    '/reports?from=2026-01-01&to=2026-01-31',
  ])('accepts the panel path %j', (value) => {
    expect(link(value).success).toBe(true);
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/a//b',
    'https://evil.example',
    'javascript:alert(1)',
    'clients/12',
    '/x\u0000y',
    '/x\u007fy',
    '/x y',
    '/é',
    '',
  ])('refuses %j', (value) => {
    expect(link(value).success).toBe(false);
  });
});

describe('socket frame ids', () => {
  it.each([3_000_000_000, 2_147_483_648, '0x10', '16', 0, -1, 1.5, 1e21, null])(
    'refuses notificationId %j',
    (notificationId) => {
      expect(wsClientMessageSchema.safeParse({ action: 'mark_notification_as_read', notificationId }).success).toBe(
        false,
      );
    },
  );

  it('accepts ids the column can hold', () => {
    for (const notificationId of [1, 16, 2_147_483_647]) {
      expect(wsClientMessageSchema.safeParse({ action: 'remove_notification', notificationId }).success).toBe(true);
    }
  });
});
