/**
 * The diagnostics port: the Diagnose tests run from the device (SPEC 2, 3): ping, traceroute, iperf,
 * speedtest and the cell scanner. Output lines go out as progress notes while a test runs.
 */
import type { RpcArgs, RpcResult } from '@edge/protocol';
import type { Progress } from '../platform/platform.ts';
import type { PortHandlers } from './host.ts';

type Test<M extends DiagnosticsMethod> = (
  args: RpcArgs<M>,
  progress: Progress,
  signal: AbortSignal,
) => Promise<RpcResult<M>>;

export type DiagnosticsMethod = 'ping' | 'traceroute' | 'iperf' | 'speedtest' | 'cellScan';

export interface DiagnosticsPort {
  ping: Test<'ping'>;
  traceroute: Test<'traceroute'>;
  iperf: Test<'iperf'>;
  speedtest: Test<'speedtest'>;
  /** The modem's serving and neighbouring cells; refuses as unsupported without a modem. */
  cellScan: Test<'cellScan'>;
}

export const diagnosticsRpc = (port: DiagnosticsPort): PortHandlers<DiagnosticsMethod> => ({
  ping: (args, progress, signal) => port.ping(args, progress, signal),
  traceroute: (args, progress, signal) => port.traceroute(args, progress, signal),
  iperf: (args, progress, signal) => port.iperf(args, progress, signal),
  speedtest: (args, progress, signal) => port.speedtest(args, progress, signal),
  cellScan: (args, progress, signal) => port.cellScan(args, progress, signal),
});
