/** The activity log (SPEC 3): every change made through the API, newest first. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

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
