/**
 * What the Log app does: pages of the log (SPEC 3 shapes), the function list, the filtered set as a text
 * file or an archive, a device's package, clearing, the settings and the retention they set.
 */
import {
  CONSOLE_LOG_DEVICE,
  LOG_EXPORT_MAX_ROWS,
  LOG_PAGES_AHEAD,
  type EventLevel,
  type LogFilter,
  type LogListResponse,
  type LogQuery,
  type LogRow,
  type LogDeviceModeRequest,
  type LogDeviceModeView,
  type LogSettings,
} from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { DeviceModeStore } from './report-mode.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import { cursorText, parseCursor } from './filter.ts';
import type { LogStore, StoredLogRow } from './store.ts';
import type { LogSettingsStore } from './settings.ts';
import type { ProgramBook } from './program-book.ts';
import type { ConsoleLog } from './console-log.ts';

const DAY_MS = 86_400_000;
const CONSOLE_NAME = 'Console';

export function logService(deps: {
  store: LogStore;
  devices: DeviceDirectory;
  settings: LogSettingsStore;
  programs: ProgramBook;
  consoleLog: ConsoleLog;
  tellReportMode: (mode: LogSettings['reportMode']) => Promise<unknown>;
  deviceModes: DeviceModeStore;
  /** Tells one device its report mode now; false when it could not be told (offline, an older agent). */
  tellDevice: (deviceId: string, mode: LogSettings['reportMode']) => Promise<boolean>;
  now?: () => number;
}) {
  const { store, devices } = deps;
  const now = deps.now ?? Date.now;

  const nameOf = (deviceId: string) =>
    deviceId === CONSOLE_LOG_DEVICE ? CONSOLE_NAME : (devices.get(deviceId)?.name ?? deviceId);

  const present = (row: StoredLogRow): LogRow => ({
    id: row.id,
    level: row.level as EventLevel,
    createdAt: row.created_at,
    deviceID: row.device_id,
    deviceName: nameOf(row.device_id),
    program: row.program,
    message: row.message,
  });

  /** A device's own report mode (null: it follows the fleet's) and the one it is told. */
  async function deviceMode(deviceId: string): Promise<LogDeviceModeView> {
    if (!devices.get(deviceId)) throw fail(404, 'deviceNotFound');
    const mode = (await deps.deviceModes.of([deviceId])).get(deviceId) ?? null;
    return { deviceID: deviceId, mode, effective: mode ?? (await deps.settings.get()).reportMode };
  }

  async function* rows(filter: Partial<LogFilter>): AsyncGenerator<LogRow[]> {
    for await (const batch of store.stream(filter, LOG_EXPORT_MAX_ROWS)) yield batch.map(present);
  }

  return {
    /**
     * One page, newest first. With `pageID` (the last row of the page before, as the previous answer gave
     * it) the page is read after that row through the index, however deep; without it, by offset. The
     * rows of up to LOG_PAGES_AHEAD following pages are read in the same query to say which pages exist,
     * so no page ever counts the table.
     */
    async list(query: LogQuery): Promise<LogListResponse> {
      const { page, pageSize } = query;
      const cursor = parseCursor(query.pageID);
      const found = await store.page(
        query,
        { cursor, offset: (page - 1) * pageSize },
        pageSize * (1 + LOG_PAGES_AHEAD),
      );
      const list = found.slice(0, pageSize);
      const ahead = Math.ceil((found.length - list.length) / pageSize);
      const first = Math.max(1, page - LOG_PAGES_AHEAD);
      const pageArray = Array.from({ length: page + ahead - first + 1 }, (_, i) => first + i);
      const last = list[list.length - 1];
      return {
        list: list.map(present),
        pageID: last ? cursorText({ createdAt: last.created_at, id: last.id }) : '',
        pageCurrent: page,
        pageArray,
        pageSize,
      };
    },

    programs: async (deviceId?: string) => ({ list: await store.programs(deviceId || undefined) }),

    rows,

    /** The name an export of this filter is saved under. */
    fileBase(filter: Partial<LogFilter>): string {
      const who = filter.deviceID ? nameOf(filter.deviceID).replace(/[^A-Za-z0-9_.-]+/g, '_') : 'all';
      // 20261126-081548: sorts by time, and no character a file system refuses.
      const at = new Date(now()).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return `edge-logs-${who}-${at}`;
    },

    knows: (deviceId: string) => deviceId === CONSOLE_LOG_DEVICE || devices.get(deviceId) !== undefined,

    async reset(deviceId: string | undefined, by: string): Promise<{ deleted: number }> {
      const deleted = await store.reset(deviceId || undefined);
      deps.programs.forget(deviceId || undefined);
      deps.consoleLog.write(
        CONSOLE_LOG_DEVICE,
        'warning',
        deviceId
          ? `${by} cleared the log of ${nameOf(deviceId)} (${deleted} lines)`
          : `${by} cleared the log (${deleted} lines)`,
        'logs',
      );
      await deps.consoleLog.flush();
      return { deleted };
    },

    settings: () => deps.settings.get(),

    async saveSettings(value: LogSettings, by: string): Promise<LogSettings> {
      const before = await deps.settings.get();
      await deps.settings.set(value);
      deps.consoleLog.write(
        CONSOLE_LOG_DEVICE,
        'info',
        `${by} set report mode ${value.reportMode}, expiry ${value.expiryDays} days`,
        'logs',
      );
      // Devices are told after the answer: a fleet of 10,000 takes seconds.
      if (before.reportMode !== value.reportMode) void deps.tellReportMode(value.reportMode);
      return value;
    },

    deviceMode,

    /** Sets (or, null, clears) a device's own report mode and tells the device at once. */
    async saveDeviceMode(request: LogDeviceModeRequest, by: string): Promise<LogDeviceModeView> {
      const { deviceID, mode } = request;
      if (!devices.get(deviceID)) throw fail(404, 'deviceNotFound');
      await deps.deviceModes.set(deviceID, mode);
      const view = await deviceMode(deviceID);
      deps.consoleLog.write(
        CONSOLE_LOG_DEVICE,
        'info',
        mode
          ? `${by} set report mode ${mode} for ${nameOf(deviceID)}`
          : `${by} set ${nameOf(deviceID)} to follow the fleet's report mode (${view.effective})`,
        'logs',
      );
      return { ...view, told: await deps.tellDevice(deviceID, view.effective) };
    },

    /** Retention: deletes the lines older than the expiry duration (in batches); returns how many went. */
    async prune(): Promise<number> {
      const { expiryDays } = await deps.settings.get();
      const before = now() - expiryDays * DAY_MS;
      const deleted = await store.deleteOlderThan(before);
      await store.forgetProgramsBefore(before);
      return deleted;
    },
  };
}
export type LogService = ReturnType<typeof logService>;
