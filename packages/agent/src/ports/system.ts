/**
 * The system port: what every device has. It says what the device is (facts, the hello), how it is doing
 * (heartbeat, telemetry, events), and powers it off and on. Its RPCs: reboot, shutdown, setIdle, getInfo,
 * setLogReport.
 */
import {
  REBOOT_DELAY_MS,
  deviceCapabilities,
  deviceRpcMessages,
  type EventMessage,
  type LogReportMode,
} from '@edge/protocol';
import {
  PlatformRefusal,
  type DeviceFacts,
  type HeartbeatSample,
  type PowerSession,
  type TelemetrySample,
} from '../platform/platform.ts';
import type { PortHost, PortHandlers } from './host.ts';

export interface SystemPort {
  facts(): Promise<DeviceFacts>;
  heartbeat(): Promise<HeartbeatSample>;
  telemetry(): Promise<TelemetrySample>;
  /** Log lines and alarm changes since the last call. */
  takeEvents(): EventMessage[];
  /** Report mode (issue 17): the least level of plain log lines sent from now on. */
  setReportMode(mode: LogReportMode): void;
  /** Adds a line of the agent's own to what the device reports (the report mode applies). */
  note(event: EventMessage): void;
  reboot(power: PowerSession): Promise<void>;
  shutdown(power: PowerSession): Promise<void>;
  /**
   * Asked once per report: a simulated device that should drop off the network now (no goodbye, so the
   * broker's last will fires) answers for how long. Real devices never answer.
   */
  dropout?(): number | null;
}

export function systemRpc(
  system: SystemPort,
  host: PortHost,
): PortHandlers<'reboot' | 'shutdown' | 'setIdle' | 'getInfo' | 'setLogReport'> {
  /** SPEC 4: the device answers first, and acts REBOOT_DELAY_MS later. */
  const afterAnswering = (what: string, act: (power: PowerSession) => Promise<void>) => {
    const inMs = host.rebootDelayMs ?? REBOOT_DELAY_MS;
    host.later(inMs, () => {
      act(host.power()).catch((err: unknown) => host.log.error(`${what} failed`, { error: String(err) }));
    });
    return { inMs };
  };
  return {
    reboot: async () => afterAnswering('reboot', (power) => system.reboot(power)),
    shutdown: async () => {
      const facts = await system.facts();
      if (!facts.capabilities.includes(deviceCapabilities.shutdown))
        throw new PlatformRefusal('unsupported', deviceRpcMessages.cannotShutdown);
      return afterAnswering('shutdown', async (power) => {
        await system.shutdown(power);
        host.poweredOff();
      });
    },
    setIdle: async ({ idle }) => {
      host.setIdle(idle);
      return { idle };
    },
    setLogReport: async ({ mode }) => {
      system.setReportMode(mode);
      return { mode };
    },
    getInfo: async () => {
      const { ifaceName: _ifaceName, ...facts } = await system.facts();
      const { uptime } = await system.heartbeat();
      return { ...facts, reportInterval: host.reportInterval(), uptime };
    },
  };
}
