/** The real diagnostics port: iputils ping, traceroute, iperf3, an HTTP speedtest and ModemManager. */
import type { DiagnosticsPort } from '../ports/diagnostics.ts';
import { cellScan } from './cell-scan.ts';
import { ping, traceroute } from './diagnose.ts';
import { iperf } from './iperf.ts';
import { speedtest } from './speedtest.ts';

export class LinuxDiagnostics implements DiagnosticsPort {
  ping = ping;
  traceroute = traceroute;
  iperf = iperf;
  speedtest = speedtest;
  cellScan = (_args: object, _progress: unknown, signal: AbortSignal) => cellScan(signal);
}
