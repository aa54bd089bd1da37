/** The activity log (SPEC 3): every change made through the API, newest first. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { ruledNumber, type Rule } from './validation.ts';

export const activityListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;

export const activityRow = z.object({
  id: z.number(),
  userName: z.string(),
  action: z.string(),
  target: z.string(),
  ip: z.string(),
  statusCode: z.number(),
  /** Epoch ms. */
  date: z.number(),
});
export type ActivityRow = z.infer<typeof activityRow>;

export const activityListResponse = z.object({
  list: z.array(activityRow),
  page: z.number(),
  pageSize: z.number(),
  totalNumber: z.number(),
});
export type ActivityList = z.infer<typeof activityListResponse>;

/** How long the activity log keeps its rows; older ones are pruned (an administrator's setting). */
export const ACTIVITY_RETENTION = { minDays: 1, maxDays: 3650, defaultDays: 90 } as const;
export const retentionDaysRule: Rule<number> = (v) =>
  Number.isInteger(v) && v >= ACTIVITY_RETENTION.minDays && v <= ACTIVITY_RETENTION.maxDays
    ? null
    : 'retentionDaysRange';
export const activityRetention = z.object({ days: ruledNumber(retentionDaysRule) });
export type ActivityRetention = z.infer<typeof activityRetention>;
