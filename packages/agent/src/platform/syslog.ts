/**
 * The device's own syslog, forwarded as log lines (issue 17): `logread -f` on OpenWrt, `journalctl -f -o
 * json` where systemd runs, else `tail -F` of /var/log/syslog or /var/log/messages. Each source's lines
 * are parsed into level, program and message; the report mode (AlarmBook) decides what is sent. A burst
 * (a service crash-looping) is capped per minute so the device cannot flood the console; what was cut is
 * said in one line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import type { EventLevel, EventMessage } from '@edge/protocol';

export type SyslogFormat = 'logread' | 'journald' | 'file';
export interface SyslogSource {
  format: SyslogFormat;
  command: string;
  args: string[];
}

/** syslog priorities 0-7: emerg..err are errors, warning a warning, notice..debug information. */
export function levelOfPriority(priority: number): EventLevel {
  if (priority <= 3) return 'error';
  if (priority === 4) return 'warning';
  return 'info';
}

const FACILITY_LEVEL: Record<string, number> = {
  emerg: 0,
  alert: 1,
  crit: 2,
  err: 3,
  error: 3,
  warn: 4,
  warning: 4,
  notice: 5,
  info: 6,
  debug: 7,
};

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const line = (ts: number, level: EventLevel, program: string, message: string): EventMessage => ({
  ts,
  level,
  program: clip(program || 'syslog', 64),
  message: clip(message, 1024),
});

/** `prog[pid]: message` or `prog: message`. */
function splitTag(rest: string): { program: string; message: string } {
  const m = /^([^\s:[\]]+)(?:\[\d+\])?:\s?(.*)$/.exec(rest);
  return m ? { program: m[1]!, message: m[2]! } : { program: 'syslog', message: rest };
}

/** OpenWrt logread: `Thu Nov 26 07:54:59 2026 daemon.info dnsmasq[1234]: message`. */
export function parseLogread(text: string, now = Date.now()): EventMessage | null {
  const m = /^\w{3} (\w{3}\s+\d+ \d\d:\d\d:\d\d \d{4}) (\w+)\.(\w+) (.*)$/.exec(text);
  if (!m) return null;
  const ts = Date.parse(`${m[1]} UTC`);
  const { program, message } = splitTag(m[4]!);
  return line(Number.isFinite(ts) ? ts : now, levelOfPriority(FACILITY_LEVEL[m[3]!] ?? 6), program, message);
}

/** One line of `journalctl -o json`. */
export function parseJournal(text: string, now = Date.now()): EventMessage | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const message = entry.MESSAGE;
  if (typeof message !== 'string') return null;
  const micros = Number(entry.__REALTIME_TIMESTAMP);
  const program = String(entry.SYSLOG_IDENTIFIER ?? entry._COMM ?? 'journal');
  return line(
    Number.isFinite(micros) ? Math.floor(micros / 1000) : now,
    levelOfPriority(Number(entry.PRIORITY ?? 6)),
    program,
    message,
  );
}

/**
 * A classic syslog file line: `Nov 26 07:54:59 host prog[pid]: message` or RFC 3339 stamps. The file says
 * no priority; the device's own words for trouble decide the level.
 */
export function parseSyslogFile(text: string, now = Date.now()): EventMessage | null {
  const m = /^(\w{3}\s+\d+ \d\d:\d\d:\d\d|\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:?\d\d)?) \S+ (.*)$/.exec(text);
  if (!m) return null;
  const stamp = m[1]!.includes('T')
    ? Date.parse(m[1]!)
    : Date.parse(`${m[1]} ${new Date(now).getUTCFullYear()} UTC`);
  const { program, message } = splitTag(m[2]!);
  const level: EventLevel = /\b(error|fail(ed|ure)?|fatal|panic)\b/i.test(message)
    ? 'error'
    : /\bwarn(ing)?\b/i.test(message)
      ? 'warning'
      : 'info';
  return line(Number.isFinite(stamp) ? stamp : now, level, program, message);
}

const PARSERS: Record<SyslogFormat, (text: string, now?: number) => EventMessage | null> = {
  logread: parseLogread,
  journald: parseJournal,
  file: parseSyslogFile,
};

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** The source this machine has, or null (nothing to follow). */
export function detectSyslog(): SyslogSource | null {
  if (has('logread')) return { format: 'logread', command: 'logread', args: ['-f'] };
  if (has('journalctl') && fs.existsSync('/run/systemd/journal'))
    return { format: 'journald', command: 'journalctl', args: ['-f', '-o', 'json', '-n', '0'] };
  for (const file of ['/var/log/syslog', '/var/log/messages'])
    if (fs.existsSync(file)) return { format: 'file', command: 'tail', args: ['-F', '-n', '0', file] };
  return null;
}

/** Lines forwarded per minute at most; the rest are counted and said in one line. */
export const SYSLOG_LINES_PER_MINUTE = 600;

/** Follows the source until stopped, handing each parsed line to `emit`. */
export function followSyslog(
  source: SyslogSource,
  emit: (event: EventMessage) => void,
  now: () => number = Date.now,
): { stop(): void; child: ChildProcess } {
  const parse = PARSERS[source.format];
  const child = spawn(source.command, source.args, { stdio: ['ignore', 'pipe', 'ignore'] });
  child.on('error', () => undefined);
  let windowStart = now();
  let sent = 0;
  let cut = 0;
  readline.createInterface({ input: child.stdout! }).on('line', (text) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (cut > 0)
        emit(
          line(
            t,
            'warning',
            'edge-agent',
            `${cut} syslog lines not forwarded (over ${SYSLOG_LINES_PER_MINUTE} a minute)`,
          ),
        );
      windowStart = t;
      sent = cut = 0;
    }
    const event = parse(text, t);
    if (!event) return;
    if (sent >= SYSLOG_LINES_PER_MINUTE) {
      cut++;
      return;
    }
    sent++;
    emit(event);
  });
  const stop = () => {
    if (child.exitCode === null) child.kill();
  };
  process.once('exit', stop);
  return { stop, child };
}
