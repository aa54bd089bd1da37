/**
 * Recurring schedules that create jobs (ARCHITECTURE: Scheduler): on the given weekdays at a start time in
 * a time zone, from a start date to an optional end date. The Schedule module's form (SPEC 3, 5: name,
 * group, selection, function type, dates, start time, weekdays) is the same definition, picked and
 * extended field by field, so the rules and their messages exist once.
 */
import { z } from 'zod';
import { jobOptions } from './jobs.ts';
import { messages } from './messages.ts';
import { calendarDate } from './validation.ts';

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const knownTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const SCHEDULE_NAME_MAX = 64;
/** Devices one schedule may name: a whole fleet of the bench's size. */
export const SCHEDULE_SELECTION_MAX = 10_000;
/** SPEC 3: function types 1 Ping ... 6 Backup (job-kinds.ts maps each to its job kind). */
export const SCHEDULE_FUNCTION_TYPES = [1, 2, 3, 4, 5, 6] as const;
/** How long an occurrence is drawn on the calendar: it has a start time only. */
export const SCHEDULE_EVENT_MINUTES = 30;
/** The widest calendar range asked for at once (a month view shows six weeks). */
export const SCHEDULE_RANGE_MAX_DAYS = 62;
/** 0 Sunday ... 6 Saturday (SPEC 2: weekdays Sunday to Saturday). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const scheduleShape = z.object({
  name: z
    .string({ error: messages.scheduleNameEmpty })
    .trim()
    .min(1, messages.scheduleNameEmpty)
    .max(SCHEDULE_NAME_MAX, messages.scheduleNameLength),
  kind: z.string().min(1).max(64),
  params: z.unknown().optional(),
  deviceIds: z.array(z.string().min(1)).min(1).max(100_000),
  options: jobOptions.partial().optional(),
  /** 0 Sunday ... 6 Saturday. */
  weekdays: z
    .array(z.number().int().min(0).max(6), { error: messages.scheduleWeekdaysRequired })
    .min(1, messages.scheduleWeekdaysRequired)
    .max(7),
  startDate: calendarDate(messages.scheduleStartDateRequired),
  endDate: calendarDate(messages.scheduleEndDateRequired).optional(),
  /** HH:MM, or HH:MM:SS. */
  startTime: z
    .string({ error: messages.scheduleStartTimeRequired })
    .regex(START_TIME, messages.scheduleStartTimeRequired),
  timeZone: z.string().refine(knownTimeZone, messages.scheduleTimeZoneUnknown),
  /** The device group the Schedule module's form chose the devices from. */
  groupId: z
    .number({ error: messages.scheduleGroupRequired })
    .int()
    .positive(messages.scheduleGroupRequired)
    .optional(),
  /** SPEC 3 function type, when the schedule was made by the Schedule module. */
  functionType: z.literal(SCHEDULE_FUNCTION_TYPES, { error: messages.scheduleFunctionRequired }).optional(),
});

const endNotBeforeStart = (s: { startDate: string; endDate?: string }) =>
  !s.endDate || s.endDate >= s.startDate;
const endRule = { message: messages.scheduleEndBeforeStart, path: ['endDate'] };

export const scheduleDefinition = scheduleShape.refine(endNotBeforeStart, endRule);
export type ScheduleDefinition = z.infer<typeof scheduleDefinition>;

const { shape } = scheduleShape;
/**
 * SPEC 5: name not empty, group selected, at least one selection item, start date, end date and start time
 * selected; in that order, so the first rule broken is the one answered. The server fills in the job kind
 * (from the function type), the devices (the selection) and the time zone (the console's).
 */
const scheduleRequestShape = z.object({
  name: shape.name,
  groupId: shape.groupId.unwrap(),
  selection: z
    .array(z.string().min(1).max(64), { error: messages.scheduleSelectionRequired })
    .min(1, messages.scheduleSelectionRequired)
    .max(SCHEDULE_SELECTION_MAX, messages.scheduleSelectionTooMany),
  functionType: shape.functionType.unwrap(),
  startDate: shape.startDate,
  endDate: shape.endDate.unwrap(),
  startTime: shape.startTime,
  weekdays: shape.weekdays,
  /** The job kind's parameters (Ping's target ...); Backup takes none. */
  params: z.record(z.string(), z.unknown()).default({}),
});
export const scheduleRequest = scheduleRequestShape.refine(endNotBeforeStart, endRule);
export type ScheduleRequest = z.infer<typeof scheduleRequest>;
export const scheduleEditRequest = scheduleRequestShape
  .extend({ id: z.number().int().positive() })
  .refine(endNotBeforeStart, endRule);
export type ScheduleEditRequest = z.infer<typeof scheduleEditRequest>;
export const scheduleIdRequest = z.object({ id: z.number().int().positive() });
export const scheduleIdQuery = z.object({ id: z.coerce.number().int().positive() });

export const scheduleView = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  selection: z.array(z.string()),
  functionType: z.number().int().nullable(),
  kind: z.string(),
  params: z.unknown(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  startTime: z.string(),
  weekdays: z.array(z.number().int()),
  timeZone: z.string(),
  createdByName: z.string(),
  createdAt: z.number(),
});
export type ScheduleView = z.infer<typeof scheduleView>;
/** `timeZone`: the console's, in which every schedule runs (shown on the calendar). */
export const scheduleListResponse = z.object({ list: z.array(scheduleView), timeZone: z.string() });
export type ScheduleListResponse = z.infer<typeof scheduleListResponse>;

/** A calendar range, days in the console's time zone: [start, end). */
export const scheduleEventsQuery = z
  .object({
    start: calendarDate(messages.scheduleRangeInvalid),
    end: calendarDate(messages.scheduleRangeInvalid),
  })
  .refine(
    (q) => {
      const days = (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000;
      return days > 0 && days <= SCHEDULE_RANGE_MAX_DAYS;
    },
    { message: messages.scheduleRangeInvalid },
  );

/**
 * SPEC 3 schedule event: title, start, end, as wall-clock times of the console's time zone
 * (YYYY-MM-DDTHH:MM:SS, no offset); `at` the occurrence in epoch ms, `jobId` the job it created once run.
 */
export const scheduleEvent = z.object({
  title: z.string(),
  start: z.string(),
  end: z.string(),
  at: z.number(),
  scheduleId: z.number().int(),
  groupId: z.number().int().nullable(),
  functionType: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
});
export type ScheduleEvent = z.infer<typeof scheduleEvent>;
export const scheduleEventsResponse = z.object({ list: z.array(scheduleEvent), timeZone: z.string() });

/** The occurrences of a schedule that ran, newest first, each with the job it created. */
export const scheduleJobsResponse = z.object({
  list: z.array(z.object({ at: z.number(), jobId: z.number().int().nullable() })),
});

/** 'My Calender' (SPEC 2): each user's colour per device group, and whether the group is shown. */
export const groupColour = z.object({
  groupId: z.number().int().positive(),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, messages.scheduleColourInvalid),
  shown: z.boolean(),
});
export type GroupColour = z.infer<typeof groupColour>;
export const groupColoursResponse = z.object({ list: z.array(groupColour) });

/** The device groups a schedule may target, each with its devices (the form's group and selection). */
export const scheduleGroupsResponse = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      devices: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type ScheduleGroups = z.infer<typeof scheduleGroupsResponse>['list'];
