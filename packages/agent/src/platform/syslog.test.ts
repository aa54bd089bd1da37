/**
 * The syslog forwarder: lines as logread, journald and classic syslog files write them become level,
 * program and message; a real `tail -F` of a file is followed; the per-minute cap says what it cut.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { EventMessage } from '@edge/protocol';
import { AlarmBook } from './alarms.ts';
import { followSyslog, levelOfPriority, parseJournal, parseLogread, parseSyslogFile } from './syslog.ts';

describe('syslog lines', () => {
  test('logread (OpenWrt): facility.level and prog[pid]', () => {
    expect(
      parseLogread('Thu Nov 26 07:54:59 2026 daemon.err odhcpd[1234]: Failed to send to ff02::1'),
    ).toEqual({
      ts: Date.UTC(2026, 10, 26, 7, 54, 59),
      level: 'error',
      program: 'odhcpd',
      message: 'Failed to send to ff02::1',
    });
    expect(
      parseLogread('Thu Nov 26 07:55:00 2026 kern.warn kernel: [  12.3] nf_conntrack: table full'),
    ).toMatchObject({
      level: 'warning',
      program: 'kernel',
    });
    expect(parseLogread('Thu Nov 26 07:55:00 2026 daemon.notice netifd: Interface up')?.level).toBe('info');
    expect(parseLogread('garbage')).toBeNull();
  });

  test('journald JSON: PRIORITY, SYSLOG_IDENTIFIER, microsecond time', () => {
    const line = JSON.stringify({
      __REALTIME_TIMESTAMP: '1795680000123456',
      PRIORITY: '4',
      SYSLOG_IDENTIFIER: 'systemd-networkd',
      MESSAGE: 'eth0: Lost carrier',
    });
    expect(parseJournal(line)).toEqual({
      ts: 1795680000123,
      level: 'warning',
      program: 'systemd-networkd',
      message: 'eth0: Lost carrier',
    });
    expect(parseJournal('{"MESSAGE":[1,2]}')).toBeNull();
    expect(parseJournal('not json')).toBeNull();
  });

  test('a syslog file: the words decide the level', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    expect(
      parseSyslogFile('Nov 26 07:54:59 gw sshd[99]: error: maximum authentication attempts', now),
    ).toEqual({
      ts: Date.UTC(2026, 10, 26, 7, 54, 59),
      level: 'error',
      program: 'sshd',
      message: 'error: maximum authentication attempts',
    });
    expect(parseSyslogFile('2026-11-26T07:54:59.5+00:00 gw cron[1]: (root) CMD (true)', now)?.level).toBe(
      'info',
    );
    expect(levelOfPriority(0)).toBe('error');
    expect(levelOfPriority(7)).toBe('info');
  });

  test('report mode: Warning keeps info lines out, alarm changes still go', () => {
    const book = new AlarmBook<number>([]);
    book.setReportMode('Warning');
    const at = { ts: 1, program: 'p', message: 'm' };
    book.note({ ...at, level: 'info' });
    book.note({ ...at, level: 'warning' });
    book.note({ ...at, level: 'info', alarm: { code: 'x', active: false } });
    expect(book.take().map((e) => e.level)).toEqual(['warning', 'info']);
  });

  test('a followed file: appended lines arrive parsed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syslog-'));
    const file = path.join(dir, 'syslog');
    fs.writeFileSync(file, 'Nov 26 07:00:00 gw old[1]: before start\n');
    const got: EventMessage[] = [];
    const follower = followSyslog({ format: 'file', command: 'tail', args: ['-F', '-n', '0', file] }, (e) =>
      got.push(e),
    );
    try {
      await new Promise((r) => setTimeout(r, 500));
      fs.appendFileSync(file, 'Nov 26 07:54:59 gw dnsmasq[5]: warning: lease table full\n');
      for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([expect.objectContaining({ program: 'dnsmasq', level: 'warning' })]);
    } finally {
      follower.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
