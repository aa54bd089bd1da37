/** Parsing shared by the two command lines: report interval, local address lists, log level, help. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  CLAIM_CODE_PATTERN,
  ENROL_SECRET_PATTERN,
  REPORT_INTERVALS_S,
  type ReportIntervalSetting,
} from '@edge/protocol';
import type { LogLevel } from '../log.ts';

export class UsageError extends Error {}

/** `5`, `30`, `60` or `latency` (SPEC 9); other whole seconds are accepted for labs and tests. */
export function parseInterval(text: string): ReportIntervalSetting {
  if (text === 'latency') return 'latency';
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new UsageError(`--interval must be ${REPORT_INTERVALS_S.join(', ')} or latency (got ${text})`);
  }
  return seconds;
}

/** `127.0.0.1-127.0.0.8` (a range of the last part) or `10.0.0.5,10.0.0.6`. */
export function parseAddresses(text: string): string[] {
  const range = /^(\d+\.\d+\.\d+\.)(\d+)-(?:\d+\.\d+\.\d+\.)?(\d+)$/.exec(text);
  if (range) {
    const [, base, from, to] = range;
    const out: string[] = [];
    for (let n = Number(from); n <= Number(to); n++) out.push(`${base}${n}`);
    if (out.length === 0) throw new UsageError(`empty address range ${text}`);
    return out;
  }
  return text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function parseLogLevel(text: string): LogLevel {
  if (text === 'info' || text === 'warn' || text === 'error' || text === 'silent') return text;
  throw new UsageError(`--log-level must be info, warn, error or silent (got ${text})`);
}

export function positiveInt(name: string, text: string, min = 0): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min} (got ${text})`);
  return n;
}

/**
 * The proof an agent enrols with (the serial alone is not enough): the organisation's enrolment secret and
 * the device's claim code, from the command line or, kept out of the process list, the environment.
 */
export function enrolProof(
  secret = process.env.EDGE_ENROL_SECRET || undefined,
  claimCode = process.env.EDGE_CLAIM_CODE || undefined,
): { enrolSecret?: string; claimCode?: string } {
  if (secret !== undefined && !ENROL_SECRET_PATTERN.test(secret))
    throw new UsageError('--enrol-secret must be 16 to 128 letters, digits, _ or -');
  if (claimCode !== undefined && !CLAIM_CODE_PATTERN.test(claimCode))
    throw new UsageError('--claim-code must be 8 to 64 letters, digits, _ or -');
  return {
    ...(secret !== undefined && { enrolSecret: secret }),
    ...(claimCode !== undefined && { claimCode }),
  };
}

/** Parses argv; prints usage and exits on --help or a usage error. */
export function readCommandLine<T extends ParseArgsConfig['options']>(
  usage: string,
  options: T,
  argv = process.argv.slice(2),
) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if ((values as { help?: boolean }).help) {
      process.stdout.write(usage);
      process.exit(0);
    }
    return values as ReturnType<typeof parseArgs<{ options: T }>>['values'];
  } catch (err) {
    fail(usage, err);
  }
}

export function fail(usage: string, err: unknown): never {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  process.exit(2);
}
