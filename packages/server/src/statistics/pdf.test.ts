/**
 * The Statistics PDF: a real PDF of the view, opened with poppler's pdftotext, holds the title, the facts,
 * the series' names and the table's figures in the reader's language: Arabic (right to left), Japanese,
 * Chinese and Thai words come out as text, so their glyphs are in the document.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STATISTICS_API, type StatisticsPdfRequest } from '@edge/protocol';
import { signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { telemetryStore } from '../devices/telemetry-store.ts';

const MINUTE = 60_000;

describe('Statistics PDF (sqlite)', () => {
  let edge: TestConsole;
  let admin: Caller;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-pdf-'));
  const to = Math.floor(Date.now() / MINUTE) * MINUTE;
  const deviceId = 'a0a0a0a0a0a0a0a0';

  beforeAll(async () => {
    edge = await startTestConsole('sqlite');
    admin = caller(edge, await signIn(edge));
    await edge.store.db
      .insertInto('devices')
      .values({
        id: deviceId,
        serial: 'PDF-1',
        name: 'Router-PDF',
        credential_hash: 'x',
        adoption: 'adopted',
        adopted_at: 1,
        created_at: 1,
      })
      .execute();
    await edge.reopen().then(async (again) => {
      edge = again;
      admin = caller(edge, await signIn(edge));
    });
    // CPU 10, 20, ... 60 over six minutes: min 10, average 35, max 60.
    await telemetryStore(edge.store.db, 'sqlite').insertPoints(
      Array.from({ length: 6 }, (_, i) => ({
        device_id: deviceId,
        ts: to - (6 - i) * MINUTE,
        cpu_usage: 10 * (i + 1),
      })),
    );
  }, 60_000);

  afterAll(async () => {
    await edge?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const pdfText = async (request: StatisticsPdfRequest) => {
    const res = await admin('POST', `${STATISTICS_API}/pdf`, request);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, `${request.lang}.pdf`);
    fs.writeFileSync(file, res.rawPayload);
    // Without the direction marks pdftotext puts around right-to-left runs.
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
      /[\u200e\u200f\u202a-\u202e]/g,
      '',
    );
  };
  const query = {
    view: {
      mode: 'comparison' as const,
      indicator: 'cpuUsage' as const,
      range: '1h' as const,
      targets: [{ type: 'device' as const, id: deviceId }],
    },
    to,
  };

  test('Arabic: title, facts, series and figures as text', async () => {
    const text = await pdfText({
      query,
      lang: 'Arabic',
      texts: {
        title: 'تقرير الإحصاءات',
        indicator: 'استخدام المعالج',
        facts: [['النطاق', 'آخر ساعة']],
        columns: {
          series: 'السلسلة',
          min: 'الحد الأدنى',
          avg: 'المتوسط',
          max: 'الحد الأقصى',
          last: 'الأخير',
          samples: 'النقاط',
        },
        names: { [`device:${deviceId}`]: 'Router-PDF' },
      },
    });
    // pdftotext gives Arabic words in logical order (a lam-alef ligature comes back split, so the words
    // checked have none).
    for (const word of ['تقرير', 'النطاق', 'المتوسط', 'السلسلة', 'استخدام المعالج'])
      expect(text).toContain(word);
    expect(text).toContain('Router-PDF');
    for (const figure of ['10 %', '35 %', '60 %']) expect(text).toContain(figure);
  }, 60_000);

  test('Japanese, Chinese and Thai glyphs come out as text', async () => {
    const text = await pdfText({
      query,
      lang: 'jp',
      texts: {
        title: '統計レポート',
        indicator: 'CPU 使用率',
        facts: [
          ['期間', '過去 1 時間'],
          ['作成日時', '2026-11-26'],
          ['模式', '統計報告'],
          ['โหมด', 'รายงานสถิติ'],
        ],
        columns: { series: '系列', min: '最小', avg: '平均', max: '最大', last: '最新', samples: 'データ点' },
        names: {},
      },
    });
    for (const word of ['統計レポート', '過去 1 時間', '統計報告', 'รายงานสถิติ', '平均'])
      expect(text).toContain(word);
    expect(text).toContain('35 %');
  }, 60_000);
});
