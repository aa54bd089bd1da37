/**
 * The notification list of SPEC 2/3 (every toast is also kept in it), kept per user on the console so it
 * survives a reload and every tab of the user sees the same list, with read and unread.
 * Its endpoints: endpoints/notifications.ts.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

export const NOTIFICATIONS_PATH = '/api/v1/notifications';
/** A user's list keeps this many entries; older ones go. */
export const NOTIFICATIONS_KEPT = 200;

export const notificationLevels = ['check', 'info', 'error'] as const;
const level = z.enum(notificationLevels, { error: messages.invalidChoice });
const progress = z.number({ error: messages.invalidRequest }).int().min(0).max(100);

/** The browser names the entry (so a job can move its progress bar before the server has answered). */
export const notificationIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, messages.invalidRequest),
});

export const notificationCreateRequest = notificationIdParams.extend({
  level,
  type: z.string().min(1, messages.invalidRequest).max(32, messages.textTooLong),
  value: z.string().max(1000, messages.textTooLong),
  progress: progress.default(100),
  date: z.number().int().nonnegative(),
});
export type NotificationCreateRequest = z.infer<typeof notificationCreateRequest>;

export const notificationProgressRequest = z.object({ progress, level: level.optional() });
export type NotificationProgressRequest = z.infer<typeof notificationProgressRequest>;

export const storedNotification = notificationCreateRequest.extend({ read: z.boolean() });
export type StoredNotification = z.infer<typeof storedNotification>;

export const notificationListResponse = z.object({
  list: z.array(storedNotification),
  unread: z.number().int().nonnegative(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;
