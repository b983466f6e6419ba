import { z } from 'zod';
import { booleanQuery, idString, text } from './fields';
import { pageQuerySchema } from './pagination';
import type { FloorChangedMessage } from './floor';

/** At most this many notifications in one `fetch_older_notifications` answer. */
export const NOTIFICATIONS_MAX_BATCH = 50;
export const NOTIFICATIONS_INITIAL_BATCH = 20;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  is_read: z.boolean(),
  requires_approval: z.boolean(),
  is_approved: z.boolean().nullable(),
  /** Whether the reader may approve or decline this request. */
  can_decide: z.boolean(),
  actor: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
  /** Who decided an approval request and when (the approvals inbox); absent in frames sent before a decision. */
  decided_by_name: z.string().nullable().optional(),
  decided_at: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A path of the panel: one leading `/`, then only URL path, query and fragment characters (RFC
 * 3986, percent-encoding allowed), and never `//`. Browsers drop tabs and newlines from URLs and
 * read `\` as `/`, so `/\t/evil.example` would become `//evil.example`, another site; refusing
 * every control character, space, backslash and `//` (a scheme cannot follow a leading `/`)
 * leaves nothing a browser could read as an external link.
 */
export const PANEL_LINK = /^(?!.*\/\/)\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;
const PANEL_LINK_MESSAGE = 'Links point inside the panel: a path such as /clients/12.';

export const announcementBodySchema = z
  .object({
    title: text(120, { required: 'Enter a title.', tooLong: 'Titles are at most 120 characters.' }),
    message: text(2000, {
      multiline: true,
      required: 'Enter a message.',
      tooLong: 'Messages are at most 2000 characters.',
    }),
    link: z
      .string()
      .trim()
      .max(300, 'Links are at most 300 characters.')
      .regex(PANEL_LINK, PANEL_LINK_MESSAGE)
      .optional(),
    users: z.array(z.number().int().positive()).max(10_000).optional(),
    groups: z.array(z.string().min(1).max(50)).max(10).optional(),
    locations: z.array(z.number().int().positive()).max(500).optional(),
  })
  .strict();
export type AnnouncementBody = z.infer<typeof announcementBodySchema>;

/** `?users=1,2&groups=Therapist,Manager&locations=3`: comma-separated, as a composer builds it. */
const commaSplit = z
  .string()
  .max(20_000)
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined,
  );
const idList = (max: number) => commaSplit.pipe(z.array(idString()).max(max).optional());

/** The audience of an announcement, before sending: how many people it would reach. */
export const recipientsCountQuerySchema = z.object({
  users: idList(10_000),
  groups: commaSplit.pipe(z.array(z.string().min(1).max(50)).max(10).optional()),
  locations: idList(500),
});
export type RecipientsCountQuery = z.input<typeof recipientsCountQuerySchema>;
export const recipientsCountSchema = z.object({ recipients: z.number().int() });
export type RecipientsCount = z.infer<typeof recipientsCountSchema>;

/** A notification id as the column holds it (int4): plain JSON integers only, so 3000000000 or "0x10" never reach a query. */
const notificationId = z.number().int().positive().max(2_147_483_647);

/** `POST /notifications/{id}/decide/`: the same decision as the socket's approve_notification. */
export const decideBodySchema = z.object({
  approved: z.boolean({ error: 'Say true to approve or false to decline.' }),
});
export type DecideBody = z.infer<typeof decideBodySchema>;

/** Client → server frames on /ws/notifications/ (docs/product.md §7). */
export const wsClientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }),
  z.object({
    action: z.literal('fetch_older_notifications'),
    offset: z.number().int().min(0).max(1_000_000),
    limit: z.number().int().min(1).max(1000).optional(),
  }),
  z.object({ action: z.literal('mark_notification_as_read'), notificationId }),
  z.object({ action: z.literal('mark_notification_as_unread'), notificationId }),
  z.object({ action: z.literal('mark_all_notifications_as_read') }),
  z.object({ action: z.literal('remove_notification'), notificationId }),
  z.object({ action: z.literal('approve_notification'), notificationId, approved: z.boolean() }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

/** Server → client frames. */
export type WsServerMessage =
  | { action: 'connected'; user: number }
  | { action: 'pong' }
  | { action: 'user_notifications'; notifications: Notification[]; unread_count: number }
  | { action: 'older_notifications'; notifications: Notification[]; offset: number }
  | { action: 'new_notification'; notification: Notification; unread_count: number }
  | { action: 'notification_marked_as_read'; notificationId: number; unread_count: number }
  | { action: 'notification_marked_as_unread'; notificationId: number; unread_count: number }
  | { action: 'all_notifications_marked_as_read'; unread_count: number }
  | { action: 'notification_approved'; notificationId: number; approved: boolean }
  | { action: 'notification_removed'; notificationId: number; unread_count: number }
  /** Sales changed in this period (issue 12): an open leaderboard or report of it revalidates. */
  | { action: 'leaderboard_changed'; month: number; year: number; dates: string[] }
  /** An arrival at this location on this date was logged, changed or cancelled (issue 13): open arrival lists revalidate. */
  | { action: 'arrivals_changed'; location: number; date: string }
  /** The company settings (name, logo, feature flags) changed: the panel reads them again (decision 0610). */
  | { action: 'settings_changed' }
  /** This employee's earnings in this period moved (an arrival or sale of theirs): read `/payroll/my-earnings/` again (issue 21). */
  | { action: 'earnings_changed'; employee: number; date: string }
  /** Something on this branch's floor board changed (issue 22): an open board of it reads itself again. */
  | FloorChangedMessage
  | { action: 'error'; message: string };

/** `GET /notifications/`: mine, newest first, optionally only read or unread ones. */
export const notificationListQuerySchema = pageQuerySchema.extend({ is_read: booleanQuery.optional() });
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
