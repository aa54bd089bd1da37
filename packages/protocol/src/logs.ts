/**
 * The Log app (SPEC 2, 3, 7, 9; issue 17): the log query and its paged answer, a log row, the export
 * formats and the console-wide log settings (report mode, expiry duration).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { eventLevels, type EventLevel } from './device-messages.ts';
import { messages } from './messages.ts';
import { ruledNumber, type Rule } from './validation.ts';

export const LOG_API_V1 = '/api/v1/logs';
export const LOG_API_V2 = '/api/v2/logs';
export const LOG_LEGACY = '/logs';

/** SPEC 3: the level filter's choices. */
export const logLevelNames = ['All', 'Info', 'Warning', 'Error'] as const;
export type LogLevelName = (typeof logLevelNames)[number];
export const levelOfName: Record<Exclude<LogLevelName, 'All'>, EventLevel> = {
  Info: 'info',
  Warning: 'warning',
  Error: 'error',
};

/** The device ID of lines the console writes itself (sign-ins, settings, jobs): not a device. */
export const CONSOLE_LOG_DEVICE = 'console';

/** A page answer also lists up to this many following pages (SPEC 3 pageArray), without counting the table. */
export const LOG_PAGES_AHEAD = 4;
/** One export or download holds at most this many lines (newest first): a bound on its time, not on memory. */
export const LOG_EXPORT_MAX_ROWS = 1_000_000;

/** SPEC 9: log export as .zip or .tar.gz. */
export const logExportFormats = ['zip', 'tar.gz'] as const;
export type LogExportFormat = (typeof logExportFormats)[number];

/** `createdAt.id` of the last row of the page before: the next page starts after it (keyset paging). */
const PAGE_ID = /^\d{1,16}\.\d{1,16}$/;

const epochMs = z.coerce
  .number({ error: messages.logDateInvalid })
  .int({ error: messages.logDateInvalid })
  .nonnegative({ error: messages.logDateInvalid });

/** SPEC 3's log filters (no paging): what the grid, the download and the export share. */
export const logFilterFields = {
  /** The device (iGWSHeartBeatID), or `console` for the console's own lines; empty: every device. */
  deviceID: z.string().max(64).optional(),
  levelName: z.enum(logLevelNames).default('All'),
  /** The program (function) that wrote the line; empty: every one. */
  functionName: z.string().max(64).optional(),
  /** Epoch ms, inclusive. */
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
  /** Words the message must contain (case-insensitive). */
  key: z.string().max(200).optional(),
};

const datesInOrder = (q: { startDate?: number; endDate?: number }, ctx: z.RefinementCtx) => {
  if (q.startDate !== undefined && q.endDate !== undefined && q.startDate > q.endDate)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: messages.logDateRange,
      params: { code: 'logDateRange' },
    });
};

export const logFilter = z.object(logFilterFields).superRefine(datesInOrder);
export type LogFilter = z.infer<typeof logFilter>;

export const logQuery = z
  .object({
    ...logFilterFields,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
    pageID: z.string().regex(PAGE_ID).optional(),
  })
  .superRefine(datesInOrder);
export type LogQuery = z.infer<typeof logQuery>;

export const logExportQuery = z
  .object({
    ...logFilterFields,
    format: z.enum(logExportFormats, { error: messages.logExportFormat }).default('zip'),
  })
  .superRefine(datesInOrder);
export type LogExportQuery = z.infer<typeof logExportQuery>;

export const logPackageQuery = z.object({ deviceID: z.string().min(1).max(64) });

export const logRow = z.object({
  id: z.number(),
  level: z.enum(eventLevels),
  /** Epoch ms. */
  createdAt: z.number(),
  deviceID: z.string(),
  deviceName: z.string(),
  program: z.string(),
  message: z.string(),
});
export type LogRow = z.infer<typeof logRow>;

/** SPEC 3: the page, the ID to ask the next page with, the current page, the pages one may go to. */
export const logListResponse = z.object({
  list: z.array(logRow),
  pageID: z.string(),
  pageCurrent: z.number(),
  pageArray: z.array(z.number()),
  pageSize: z.number(),
});
export type LogListResponse = z.infer<typeof logListResponse>;

export const logProgramQuery = z.object({ deviceID: z.string().max(64).optional() });
export const logProgramList = z.object({ list: z.array(z.string()) });

export const logResetRequest = z.object({ deviceID: z.string().max(64).optional() });
export const logResetResponse = z.object({ deleted: z.number() });

/** Report mode: the least level devices send (Info: everything; Error: errors only). */
export const logReportModes = ['Info', 'Warning', 'Error'] as const;
export type LogReportMode = (typeof logReportModes)[number];

export const LOG_EXPIRY_DAYS = { min: 1, max: 365, defaultDays: 30 } as const;
export const logExpiryRule: Rule<number> = (v) =>
  Number.isInteger(v) && v >= LOG_EXPIRY_DAYS.min && v <= LOG_EXPIRY_DAYS.max ? null : 'logExpiryRange';

export const logSettings = z.object({
  reportMode: z.enum(logReportModes),
  expiryDays: ruledNumber(logExpiryRule),
});
export type LogSettings = z.infer<typeof logSettings>;
export const DEFAULT_LOG_SETTINGS: LogSettings = {
  reportMode: 'Info',
  expiryDays: LOG_EXPIRY_DAYS.defaultDays,
};

/**
 * A device's own report mode, overriding the fleet's (null: it follows the fleet's). `effective` is what the
 * device is told; `told` (on a change) whether the device took it now (an offline one is told when it connects).
 */
export const logDeviceModeQuery = z.object({ deviceID: z.string().min(1).max(64) });
export const logDeviceModeRequest = z.object({
  deviceID: z.string().min(1).max(64),
  mode: z.enum(logReportModes, { error: messages.invalidChoice }).nullable(),
});
export type LogDeviceModeRequest = z.infer<typeof logDeviceModeRequest>;
export const logDeviceModeView = z.object({
  deviceID: z.string(),
  mode: z.enum(logReportModes).nullable(),
  effective: z.enum(logReportModes),
  told: z.boolean().optional(),
});
export type LogDeviceModeView = z.infer<typeof logDeviceModeView>;

/** Levels at or above a report mode (what a device forwards). */
export const reportedLevels = (mode: LogReportMode): readonly EventLevel[] =>
  eventLevels.slice(eventLevels.indexOf(levelOfName[mode]));
