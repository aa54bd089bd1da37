/**
 * Report mode reaches the devices: the fleet's mode (Log settings) and a device's own, which overrides it
 * (device_log_modes). Told to every online device following the fleet when the fleet's changes, to the
 * device when its own changes, and to each device when it comes online (a device starts reporting everything
 * after a boot). A device that cannot take it (an older agent) keeps sending all lines; nothing else depends
 * on it.
 */
import type { LogReportMode } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { DeviceDirectory, RpcService } from '../devices/index.ts';

/** Calls in flight at once when the whole fleet is told. */
const CONCURRENCY = 32;

/** Devices' own report modes. */
export function deviceModeStore(db: Db, now: () => number = Date.now) {
  return {
    async of(deviceIds: string[]): Promise<Map<string, LogReportMode>> {
      if (!deviceIds.length) return new Map();
      const rows = await db
        .selectFrom('device_log_modes')
        .select(['device_id', 'mode'])
        .where('device_id', 'in', deviceIds)
        .execute();
      return new Map(rows.map((r) => [r.device_id, r.mode as LogReportMode]));
    },
    async all(): Promise<Set<string>> {
      const rows = await db.selectFrom('device_log_modes').select('device_id').execute();
      return new Set(rows.map((r) => r.device_id));
    },
    /** Sets the device's own mode, or (null) makes it follow the fleet again. */
    async set(deviceId: string, mode: LogReportMode | null): Promise<void> {
      if (mode === null) {
        await db.deleteFrom('device_log_modes').where('device_id', '=', deviceId).execute();
        return;
      }
      await db
        .insertInto('device_log_modes')
        .values({ device_id: deviceId, mode, updated_at: now() })
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ mode, updated_at: now() }))
        .execute();
    },
  };
}
export type DeviceModeStore = ReturnType<typeof deviceModeStore>;

export function reportModeSender(devices: DeviceDirectory, rpc: RpcService, own: DeviceModeStore) {
  const tell = (deviceId: string, mode: LogReportMode) =>
    rpc.call(deviceId, 'setLogReport', { mode }).then(
      () => true,
      () => false,
    );
  return {
    tell,
    /** The fleet's mode, to every online device that has no mode of its own. */
    async tellAll(mode: LogReportMode): Promise<number> {
      const overridden = await own.all();
      const online = [...devices.scan()]
        .filter((d) => d.online && !overridden.has(d.record.id))
        .map((d) => d.record.id);
      let told = 0;
      for (let i = 0; i < online.length; i += CONCURRENCY) {
        const results = await Promise.all(online.slice(i, i + CONCURRENCY).map((id) => tell(id, mode)));
        told += results.filter(Boolean).length;
      }
      return told;
    },
    /** Devices that came online: each told its own mode, or the fleet's (unless that is the default, Info). */
    async cameOnline(deviceIds: string[], fleet: LogReportMode): Promise<void> {
      const modes = await own.of(deviceIds);
      for (const deviceId of deviceIds) {
        const mode = modes.get(deviceId) ?? fleet;
        if (mode !== 'Info' || modes.has(deviceId)) void tell(deviceId, mode);
      }
    },
  };
}
