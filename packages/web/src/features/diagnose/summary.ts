/**
 * A test's result in one line (loss and round trip, hops, Mbit/s, cells), in the reader's language. The
 * result is what the console stored (protocol diagnoseResults); anything else (a failure's detail) has none.
 */
import type { TFunction } from 'i18next';
import { diagnoseResults, type DiagnoseResult, type DiagnoseTest } from '@edge/protocol';

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();

export function parsedResult<T extends DiagnoseTest>(
  test: T,
  result: unknown,
): DiagnoseResult<T> | undefined {
  const parsed = diagnoseResults[test].safeParse(result);
  return parsed.success ? (parsed.data as DiagnoseResult<T>) : undefined;
}

export function summaryText(t: TFunction, test: DiagnoseTest, result: unknown): string {
  switch (test) {
    case 'ping': {
      const r = parsedResult('ping', result);
      if (!r) return '';
      return t('diagnose.summary.ping', {
        received: r.received,
        transmitted: r.transmitted,
        loss: fixed(r.lossPercent),
        avg: r.rttMs ? fixed(r.rttMs.avg) : '-',
      });
    }
    case 'traceroute': {
      const r = parsedResult('traceroute', result);
      return r ? t('diagnose.summary.traceroute', { hops: r.hops.length }) : '';
    }
    case 'iperf': {
      const r = parsedResult('iperf', result);
      return r
        ? t('diagnose.summary.iperf', { sent: fixed(r.sentMbps), received: fixed(r.receivedMbps) })
        : '';
    }
    case 'speedtest': {
      const r = parsedResult('speedtest', result);
      return r
        ? t('diagnose.summary.speedtest', {
            down: fixed(r.downloadMbps),
            up: fixed(r.uploadMbps),
            latency: fixed(r.latencyMs),
            jitter: fixed(r.jitterMs),
            drops: r.drops,
          })
        : '';
    }
    case 'cellScan': {
      const r = parsedResult('cellScan', result);
      return r ? t('diagnose.summary.cellScan', { cells: r.cells.length }) : '';
    }
  }
}

/** The output lines kept with a result or a failure. */
export function linesOf(result: unknown): string[] {
  const lines = (result as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : [];
}

/** What the device said when the test failed. */
export function failureDetail(result: unknown): string {
  const detail = (result as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : '';
}
