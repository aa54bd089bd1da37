import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_NAME, messages, type MessageCode } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import { jpeg, multipart, png, svg } from '../testing/files.ts';

const PUBLIC = '/api/v1/branding';
const SETTINGS = '/api/v1/settings/branding';

describe.each(DIALECTS)('platform branding (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let session: Awaited<ReturnType<typeof signIn>>;
  const anonymous = () => caller(edge);
  const upload = (image: 'logo' | 'favicon', bytes: Buffer) => {
    const body = multipart(bytes, `${image}.bin`, 'image/png');
    return edge.app.inject({
      method: 'PATCH',
      url: `${SETTINGS}/${image}`,
      payload: body.payload,
      headers: { ...session.headers(), ...body.headers },
    });
  };

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    session = await signIn(edge);
    admin = caller(edge, session);
  });
  afterAll(async () => edge?.destroy());

  it('answers the login screen without signing in, with the default name before anything is set', async () => {
    const res = await anonymous()('GET', PUBLIC);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      platformName: DEFAULT_PLATFORM_NAME,
      companyLink: '',
      logoUrl: null,
      faviconUrl: null,
    });
    expect((await anonymous()('GET', `${PUBLIC}/logo`)).statusCode).toBe(404);
  });

  it('saves platform name and company link', async () => {
    const res = await admin('PATCH', SETTINGS, {
      platformName: 'Acme Edge',
      companyLink: 'https://acme.com/about',
    });
    expect(res.statusCode).toBe(200);
    expect((await anonymous()('GET', PUBLIC)).json()).toMatchObject({
      platformName: 'Acme Edge',
      companyLink: 'https://acme.com/about',
    });
  });

  it("refuses an invalid company link with 'Invalid company link', writing nothing", async () => {
    const before = await snapshot(edge);
    for (const companyLink of [
      'acme.com',
      'ftp://acme.com',
      'javascript:alert(1)',
      'https://',
      'http//acme.com',
    ]) {
      const res = await admin('PATCH', SETTINGS, { platformName: 'X', companyLink });
      expect(res.statusCode, companyLink).toBe(400);
      expect(res.json()).toEqual({ err_message: 'Invalid company link', err_code: 'invalidCompanyLink' });
    }
    expect((await admin('PATCH', SETTINGS, { platformName: 'p'.repeat(65) })).json().err_code).toBe(
      'textTooLong',
    );
    expect(await snapshot(edge)).toBe(before);
  });

  it.each([
    ['PNG 110x40', png(110, 40), 'image/png'],
    ['JPEG 110x40', jpeg(110, 40), 'image/jpeg'],
    ['SVG with width and height', svg('width="110" height="40"'), 'image/svg+xml'],
    ['SVG with a viewBox only', svg('viewBox="0 0 110 40"'), 'image/svg+xml'],
  ])('takes a logo: %s, served with its type under a sandboxing CSP', async (_label, bytes, contentType) => {
    expect((await upload('logo', bytes)).statusCode).toBe(200);
    const { logoUrl } = (await anonymous()('GET', PUBLIC)).json();
    expect(logoUrl).toMatch(/^\/api\/v1\/branding\/logo\?v=\d+$/);
    const logo = await anonymous()('GET', logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe(contentType);
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(bytes)).toBe(true);
  });

  it.each<[string, Buffer, MessageCode, number?]>([
    ['a PNG of 111x40', png(111, 40), 'logoSize'],
    ['a PNG of 110x41', png(110, 41), 'logoSize'],
    ['a JPEG of 100x40', jpeg(100, 40), 'logoSize'],
    ['an SVG of 220x80', svg('width="220" height="80"'), 'logoSize'],
    ['an SVG with a script', svg('width="110" height="40"', '<script>alert(1)</script>'), 'svgUnsafe'],
    ['an SVG with an event handler', svg('width="110" height="40" onload="alert(1)"'), 'svgUnsafe'],
    [
      'an SVG linking javascript:',
      svg('width="110" height="40"', '<a href="javascript:alert(1)"><rect/></a>'),
      'svgUnsafe',
    ],
    [
      'an SVG loading an outside image',
      svg('width="110" height="40"', '<image href="https://evil.example/x.png"/>'),
      'svgUnsafe',
    ],
    [
      'an SVG with foreign HTML',
      svg('width="110" height="40"', '<foreignObject><div/></foreignObject>'),
      'svgUnsafe',
    ],
    ['a text file', Buffer.from('just text'), 'logoType'],
    ['a GIF', Buffer.from('R0lGODlhbgAoAIAAAAAAAP///ywAAAAAbgAoAAACAkQBADs=', 'base64'), 'logoType'],
    ['a file over 256 KB', png(110, 40, 300 * 1024), 'fileTooLarge', 413],
  ])('refuses a logo: %s', async (_label, bytes, code, status = 400) => {
    const before = await snapshot(edge);
    const res = await upload('logo', bytes);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
    expect(await snapshot(edge)).toBe(before);
  });

  it('takes a favicon up to 256x256 and removes logo and favicon again', async () => {
    expect((await upload('favicon', png(32, 32))).statusCode).toBe(200);
    expect((await upload('favicon', png(512, 512))).json().err_code).toBe('faviconType');
    const shown = (await anonymous()('GET', PUBLIC)).json();
    expect(shown.faviconUrl).toMatch(/^\/api\/v1\/branding\/favicon\?v=\d+$/);
    expect((await anonymous()('GET', shown.faviconUrl)).headers['content-type']).toBe('image/png');

    expect((await admin('DELETE', `${SETTINGS}/logo`)).json().logoUrl).toBeNull();
    expect((await admin('DELETE', `${SETTINGS}/favicon`)).json().faviconUrl).toBeNull();
    expect((await anonymous()('GET', `${PUBLIC}/favicon`)).statusCode).toBe(404);
  });
});
