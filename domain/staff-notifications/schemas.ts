import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';

/** A switch as a form posts it (`on`, absent) or a call sends it (true, false). */
const switchOf = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean());

/**
 * A member's switches: one field per kind (`order.new`, …; absent is off) and their Telegram chat (empty: letters).
 */
export const notificationPrefsInput = z.object({
  ...(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, switchOf])) as Record<NotificationKind, typeof switchOf>),
  telegramChatId: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string().regex(/^(-?\d{1,20}|@[A-Za-z]\w{4,31})?$/, 'Telegram: укажите номер чата (цифры) или имя канала с @.'),
  ),
});
export type NotificationPrefsInput = z.infer<typeof notificationPrefsInput>;

/** What to mark read: some of the member's notifications, or all (no ids). */
export const markReadInput = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.coerce.number({ error: 'Неверный номер уведомления.' }).int().positive())
      .max(500)
      .optional(),
  ),
});

export const notificationsQuery = z.object({
  unread: z.enum(['1', '0'], { error: 'unread: 1 или 0.' }).optional(),
  page: z.coerce.number({ error: 'Страница — число.' }).int().min(1, 'Страница — с первой.').max(10_000).default(1),
});
