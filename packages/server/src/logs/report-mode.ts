/**
 * Report mode reaches the devices: told to every online device when it changes, and to each device when it
 * comes online (a device starts reporting everything after a boot). A device that cannot take it (an older
 * agent) keeps sending all lines; nothing else depends on it.
 */
import type { LogReportMode } from '@edge/protocol';
import type { DeviceDirectory, RpcService } from '../devices/index.ts';

/** Calls in flight at once when the whole fleet is told. */
const CONCURRENCY = 32;

export function reportModeSender(devices: DeviceDirectory, rpc: RpcService) {
  const tell = (deviceId: string, mode: LogReportMode) =>
    rpc.call(deviceId, 'setLogReport', { mode }).then(
      () => true,
      () => false,
    );
  return {
    tell,
    async tellAll(mode: LogReportMode): Promise<number> {
      const online = [...devices.scan()].filter((d) => d.online).map((d) => d.record.id);
      let told = 0;
      for (let i = 0; i < online.length; i += CONCURRENCY) {
        const results = await Promise.all(online.slice(i, i + CONCURRENCY).map((id) => tell(id, mode)));
        told += results.filter(Boolean).length;
      }
      return told;
    },
  };
}
