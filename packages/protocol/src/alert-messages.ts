/**
 * Event rules and the messages they raise (SPEC 2 Messages, SPEC 3 Event rule, SPEC 9 severities).
 * A rule names the events it watches, the devices or groups it covers and the severity of its messages.
 * De-duplication: while a rule's message for one device and event is open (the same event came again within
 * the rule's hold-off window), a repeat only counts up on that message, so a flapping device yields one.
 * Endpoints: endpoints/messages.ts.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { requiredField, textRule } from './validation.ts';

export const MESSAGES_PATH = '/api/v1/messages';
export const severities = ['informational', 'warning', 'critical'] as const;
export type Severity = (typeof severities)[number];

/** What a rule may watch; each is decided on the console from the device's reports or the console's own state. */
export const ruleEvents = [
  'offline',
  'online',
  'signalPoor',
  'cpuHigh',
  'temperatureHigh',
  'configRolledBack',
  'alarm',
  'jobFailed',
  'licenceExpiring',
  'profileFailed',
] as const;
export type RuleEvent = (typeof ruleEvents)[number];

/**
 * What a rule's event is about, which decides what the rule must select (SPEC 5 "notify device ...
 * controller and profile selected"): a device's events the devices or groups it covers; the controller's
 * own (this console: its jobs, its licences) the controller; a policy profile's (its rollout failed on
 * devices) the profiles it watches.
 */
export const eventSubjects = {
  device: ['offline', 'online', 'signalPoor', 'cpuHigh', 'temperatureHigh', 'configRolledBack', 'alarm'],
  controller: ['jobFailed', 'licenceExpiring'],
  profile: ['profileFailed'],
} as const satisfies Record<string, readonly RuleEvent[]>;
export type EventSubject = keyof typeof eventSubjects;
export const eventSubjectOf = (event: RuleEvent): EventSubject =>
  (Object.keys(eventSubjects) as EventSubject[]).find((k) =>
    (eventSubjects[k] as readonly RuleEvent[]).includes(event),
  )!;
/** Whether a rule watching `events` must select what `subject` names. */
export const watches = (events: readonly RuleEvent[], subject: EventSubject) =>
  events.some((e) => eventSubjectOf(e) === subject);

/** Heartbeat thresholds of cpuHigh and temperatureHigh; the event fires when a device crosses them upwards. */
export const CPU_HIGH_PERCENT = 90;
export const TEMPERATURE_HIGH_CELSIUS = 80;
export const HOLD_OFF_MINUTES = { min: 1, max: 1440, default: 10 } as const;
export const MESSAGES_PAGE_SIZE = 10;
export const ESCALATE_MINUTES = { min: 0, max: 1440 } as const;
/** Days before a licence (or the trial) ends when licenceExpiring fires, once each per licence. */
export const LICENCE_EXPIRY_THRESHOLDS = [30, 7, 1] as const;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** One end of quiet hours: HH:MM (00:00 to 23:59), '' for none. Event rules and contacts both have them. */
export const quietEnd = z
  .string()
  .default('')
  .pipe(z.string().refine((v) => v === '' || HHMM.test(v), messages.notifyQuietHoursInvalid));
/** Quiet hours have both ends or neither; the issue goes on `quietTo`, where the form shows it. */
export function checkQuietHours(value: { quietFrom: string; quietTo: string }, ctx: z.RefinementCtx): void {
  if ((value.quietFrom === '') !== (value.quietTo === ''))
    ctx.addIssue({
      code: 'custom',
      path: ['quietTo'],
      message: messages.notifyQuietHoursInvalid,
      params: { code: 'notifyQuietHoursInvalid' },
    });
}

const idList = <T extends z.ZodType>(item: T) => z.array(item).max(10_000).default([]);

export const eventRuleRequest = z
  .object({
    name: requiredField(textRule('notifyRuleNameEmpty', 64)),
    description: requiredField(textRule('notifyDescriptionEmpty', 256)),
    events: z
      .array(z.enum(ruleEvents, { error: messages.invalidChoice }))
      .min(1, messages.notifyEventsRequired)
      .prefault([]),
    /** Every device when true; otherwise the devices and groups listed (at least one). */
    allDevices: z.boolean().default(false),
    deviceIds: idList(z.string().min(1).max(64)),
    groupIds: idList(z.number().int().positive()),
    /** The controller (this console) is watched: needed by its own events (eventSubjects.controller). */
    controller: z.boolean().default(false),
    /** The policy profiles whose events (eventSubjects.profile) the rule watches. */
    profileIds: idList(z.number().int().positive()),
    severity: z.enum(severities, { error: messages.invalidChoice }),
    holdOffMinutes: z
      .number({ error: messages.notifyHoldOffRange })
      .int(messages.notifyHoldOffRange)
      .min(HOLD_OFF_MINUTES.min, messages.notifyHoldOffRange)
      .max(HOLD_OFF_MINUTES.max, messages.notifyHoldOffRange)
      .default(HOLD_OFF_MINUTES.default),
    enabled: z.boolean().default(true),
    /** Quiet hours (HH:MM to HH:MM, the console's time zone; '' for none): non-critical deliveries wait. */
    quietFrom: quietEnd,
    quietTo: quietEnd,
    /** A critical message nobody read nor assigned in To-do within this many minutes (0: never) escalates. */
    escalateMinutes: z
      .number({ error: messages.notifyEscalateRange })
      .int(messages.notifyEscalateRange)
      .min(ESCALATE_MINUTES.min, messages.notifyEscalateRange)
      .max(ESCALATE_MINUTES.max, messages.notifyEscalateRange)
      .default(0),
    escalateContactId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((rule, ctx) => {
    const issue = (
      path: string,
      code:
        | 'notifyEscalateContactRequired'
        | 'notifyEscalateCriticalOnly'
        | 'notifyDeviceRequired'
        | 'notifyControllerRequired'
        | 'notifyProfileRequired',
    ) => ctx.addIssue({ code: 'custom', path: [path], message: messages[code], params: { code } });
    checkQuietHours(rule, ctx);
    if (rule.escalateMinutes > 0 && rule.escalateContactId === null)
      issue('escalateContactId', 'notifyEscalateContactRequired');
    if (rule.escalateMinutes > 0 && rule.severity !== 'critical')
      issue('severity', 'notifyEscalateCriticalOnly');
    // Each kind of event the rule watches needs its subject selected; the others' selections are unused.
    if (
      watches(rule.events, 'device') &&
      !rule.allDevices &&
      rule.deviceIds.length + rule.groupIds.length === 0
    )
      issue('deviceIds', 'notifyDeviceRequired');
    if (watches(rule.events, 'controller') && !rule.controller)
      issue('controller', 'notifyControllerRequired');
    if (watches(rule.events, 'profile') && rule.profileIds.length === 0)
      issue('profileIds', 'notifyProfileRequired');
  });
export type EventRuleRequest = z.infer<typeof eventRuleRequest>;

export const idBody = z.object({ id: z.number().int().positive() });
export const idQuery = z.object({ id: z.coerce.number().int().positive() });
export const eventRuleEditRequest = z.intersection(idBody, eventRuleRequest);

export const eventRuleView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  events: z.array(z.enum(ruleEvents)),
  allDevices: z.boolean(),
  deviceIds: z.array(z.string()),
  groupIds: z.array(z.number()),
  controller: z.boolean(),
  profileIds: z.array(z.number()),
  severity: z.enum(severities),
  holdOffMinutes: z.number(),
  enabled: z.boolean(),
  quietFrom: z.string(),
  quietTo: z.string(),
  escalateMinutes: z.number(),
  escalateContactId: z.number().nullable(),
  createdAt: z.number(),
});
export type EventRuleView = z.infer<typeof eventRuleView>;
export const eventRuleListResponse = z.object({ list: z.array(eventRuleView) });

export const alertMessageView = z.object({
  id: z.number(),
  ruleId: z.number().nullable(),
  ruleName: z.string(),
  event: z.enum(ruleEvents),
  severity: z.enum(severities),
  deviceId: z.string().nullable(),
  deviceName: z.string(),
  jobId: z.number().nullable(),
  /** What happened, in English words built from the event (the screen translates the event itself). */
  detail: z.string(),
  /** How many times the event came within the hold-off window (1 for one). */
  count: z.number(),
  createdAt: z.number(),
  lastAt: z.number(),
  read: z.boolean(),
});
export type AlertMessageView = z.infer<typeof alertMessageView>;

export const messageListQuery = z
  .object({
    key: z.string().max(128, messages.textTooLong).default(''),
    severity: z.enum(severities, { error: messages.invalidChoice }).optional(),
    read: z.enum(['read', 'unread'], { error: messages.invalidChoice }).optional(),
    startDate: z.coerce.number().int().nonnegative().optional(),
    endDate: z.coerce.number().int().nonnegative().optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
  })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
    message: messages.messagesRangeInvalid,
    params: { code: 'messagesRangeInvalid' },
  });
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageListResponse = z.object({
  list: z.array(alertMessageView),
  total: z.number(),
  unreadCritical: z.number(),
});

export const messageReadRequest = z.object({
  ids: z.array(z.number().int().positive()).min(1, messages.invalidRequest).max(500),
  read: z.boolean(),
});

/** The messages live channel (key: the user's id): their unread critical count, and the message that changed it. */
export const liveMessages = z.object({
  unreadCritical: z.number(),
  message: alertMessageView.optional(),
});
export type LiveMessages = z.infer<typeof liveMessages>;
