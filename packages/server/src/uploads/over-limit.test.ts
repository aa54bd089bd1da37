/**
 * Over-limit uploads (issue 13): a browser sends a file in 64 KiB pieces; when the limit falls on the end of
 * a piece the parser used to hand back the first `limit` bytes as if they were the whole file, and the
 * console stored it cut short. Every upload over its limit must be refused with 413 in words, nothing stored.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_UPLOAD, LOGO_UPLOAD, PROVISION_MAX_BYTES, messages } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { snapshot } from '../testing/accounts.ts';
import { png } from '../testing/files.ts';

const PIECE = 64 * 1024;

/** A multipart body streamed the way a browser sends it: the file in 64 KiB pieces from its first byte. */
function browserUpload(file: Buffer, filename: string, contentType: string) {
  const boundary = '----WebKitFormBoundary' + Math.random().toString(36).slice(2, 18);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const pieces: Buffer[] = [head];
  for (let at = 0; at < file.length; at += PIECE) pieces.push(file.subarray(at, at + PIECE));
  pieces.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Readable.from(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DIALECTS)('uploads over their limit (%s)', (dialect) => {
  let edge: TestConsole;
  let session: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    session = await signIn(edge);
  });
  afterAll(async () => edge?.destroy());

  const send = (method: 'PATCH' | 'POST', url: string, body: ReturnType<typeof browserUpload>) =>
    edge.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...session.headers(), ...body.headers },
    });

  const cases: [string, 'PATCH' | 'POST', string, () => Buffer, string, string][] = [
    [
      'user icon',
      'PATCH',
      '/api/v1/settings/account/icon',
      () => png(8, 8, ICON_UPLOAD.maxBytes + PIECE),
      'me.png',
      'image/png',
    ],
    [
      'provisioning CSV',
      'POST',
      '/api/v1/provision/upload',
      () => provisionCsv(PROVISION_MAX_BYTES + 3 * PIECE),
      'p.csv',
      'text/csv',
    ],
    [
      'logo',
      'PATCH',
      '/api/v1/settings/branding/logo',
      () => png(110, 40, LOGO_UPLOAD.maxBytes + PIECE),
      'logo.png',
      'image/png',
    ],
  ];

  it.each(cases)(
    'refuses a %s over its limit with 413 and stores nothing',
    async (_name, method, url, file, filename, type) => {
      const before = await snapshot(edge);
      const res = await send(method, url, browserUpload(file(), filename, type));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ err_message: messages.fileTooLarge, err_code: 'fileTooLarge' });
      expect(await snapshot(edge)).toBe(before);
    },
  );

  it('still takes a file just within the limit', async () => {
    const res = await send(
      'PATCH',
      '/api/v1/settings/account/icon',
      browserUpload(png(8, 8, 256 * 1024), 'me.png', 'image/png'),
    );
    expect(res.statusCode).toBe(200);
  });
});

/** A provisioning CSV of valid rows, `bytes` long or a little more. */
function provisionCsv(bytes: number): Buffer {
  const lines = ['serial,name,group,profile'];
  let size = lines[0]!.length + 1;
  for (let i = 0; size < bytes; i++) {
    const line = `SN${String(i).padStart(10, '0')},device ${i},,`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}
