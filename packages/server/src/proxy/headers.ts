/**
 * Headers across the reverse proxy. The device's pages have the link's host to themselves, so its paths,
 * cookies and redirects need no rewriting into a prefix; what is rewritten is only the link's host into the
 * device's own loopback (and back), as if the browser had asked the device itself.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { JUMP_COOKIE } from './cookie.ts';

/** Headers that belong to one hop, not to the request or answer they travel with. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
]);

const deviceOrigin = (port: number) => `http://127.0.0.1:${port}`;

/** The browser's request headers as the device should see them: as if asked on its own loopback. */
export function towardsDevice(
  headers: IncomingHttpHeaders,
  port: number,
  jumpOrigin: string,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    if (name === 'cookie') {
      // The link's own cookie is the console's; the device gets its own cookies only.
      const kept = String(value)
        .split(/;\s*/)
        .filter((c) => c !== '' && !c.startsWith(`${JUMP_COOKIE}=`));
      if (kept.length > 0) out.cookie = kept.join('; ');
      continue;
    }
    if (name === 'origin' || name === 'referer') {
      const text = String(value);
      out[name] = text.startsWith(jumpOrigin)
        ? `${deviceOrigin(port)}${text.slice(jumpOrigin.length)}`
        : text;
      continue;
    }
    out[name] = value;
  }
  out.host = `127.0.0.1:${port}`;
  return out;
}

/** The device's answer headers as the browser should see them: its own loopback named as the link's host. */
export function towardsBrowser(
  headers: IncomingHttpHeaders,
  port: number,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    if (name === 'set-cookie') {
      // Host-only: a device's cookie never reaches a parent domain (the console's, another link's).
      out[name] = (value as string[]).map((cookie) => cookie.replace(/;\s*domain=[^;]*/gi, ''));
      continue;
    }
    if (name === 'location') {
      out[name] = String(value).replace(new RegExp(`^https?://(127\\.0\\.0\\.1|localhost):${port}/`), '/');
      continue;
    }
    out[name] = value;
  }
  return out;
}

/** An answer head in HTTP/1.1's own words, for a socket the console writes itself (after an upgrade). */
export function headOf(answer: IncomingMessage, extra = ''): string {
  const lines = [`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}`];
  for (let i = 0; i < answer.rawHeaders.length; i += 2)
    lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n${extra}\r\n`;
}
