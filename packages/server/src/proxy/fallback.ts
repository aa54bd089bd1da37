/**
 * A device page's absolute paths (`/cgi-bin/luci`, `/static/x.js`, `new WebSocket('/ws')`) kept inside its
 * jump link. The link is a prefix of the console's own origin (`/api/v1/proxy/jump/<token>/`); a device's
 * web interface that names its own root escapes it. Such a request is put back under the link before
 * routing (http/server.ts UrlRewrite) by what the browser tells of where it comes from:
 *
 * - the Referer, when it is a page under a jump link of this console: the console's own pages never live
 *   there, so whatever such a page asks for is the device's, even a path the console serves itself (a
 *   device page's `fetch('/api/...')` reaches the device, not the console's API). Jump answers carry
 *   `Referrer-Policy: same-origin` so the browser sends it. These requests are answered with a 307 to the
 *   same path under the link (method and body kept): the page, script or stylesheet then lives under the
 *   link, so its relative URLs and the device's cookies (kept at the link's path) work from there on;
 * - for a WebSocket upgrade, which browsers send without a Referer (WHATWG WebSockets: "no-referrer"), the
 *   `edge_jump` cookie: the link whose page was last shown in this browser, set with every page a jump link
 *   answers (HttpOnly, SameSite=Strict, for as long as the link is valid). It is joined to the device as it
 *   is (no redirect: browsers fail a WebSocket that is redirected). Only paths the console does not serve
 *   itself: its own sockets live under /websocket/, and /mqtt is the broker's before any routing.
 *
 * Why not a host per link (`<token>.jump.console.example`): it would give each device page an origin of
 * its own, but needs wildcard DNS and a wildcard certificate that an installation on a customer's own
 * network rarely has; a prefix works wherever the console does. Why not rewriting the device's HTML and
 * scripts: URLs built by scripts at run time are not in the text to rewrite.
 */
import type { IncomingMessage } from 'node:http';
import { JUMP_PATH } from '@edge/protocol';

/** The cookie naming the jump link last shown in this browser (its WebSockets carry no Referer). */
export const JUMP_COOKIE = 'edge_jump';
const LINK = new RegExp(`^${JUMP_PATH.replace(/\//g, '\\/')}/([A-Za-z0-9_.-]+)/`);
/** The console's own WebSocket paths: never a device's. */
const CONSOLE_SOCKETS = /^\/(websocket|mqtt)(\/|$|\?)/;

/** Requests put under a link by their Referer: answered with a redirect there, not passed on. */
const redirected = new WeakSet<IncomingMessage>();
export const cameFromOutside = (request: IncomingMessage): boolean => redirected.has(request);

/** A GET asking to switch to another protocol (a WebSocket). */
export const isUpgrade = (request: IncomingMessage) =>
  request.method === 'GET' &&
  /\bupgrade\b/i.test(String(request.headers.connection ?? '')) &&
  !!request.headers.upgrade;

/** The jump token of a same-origin Referer that is a page under a jump link. */
function refererToken(request: IncomingMessage): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (from.host !== request.headers.host) return undefined;
    return LINK.exec(from.pathname)?.[1];
  } catch {
    return undefined;
  }
}

function cookieToken(request: IncomingMessage): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(/;\s*/)) {
    if (!part.startsWith(`${JUMP_COOKIE}=`)) continue;
    const token = part.slice(JUMP_COOKIE.length + 1);
    return /^[A-Za-z0-9_.-]+$/.test(token) ? token : undefined;
  }
  return undefined;
}

/** The URL under its jump link of a device page's request for an absolute path; undefined for all others. */
export function jumpFallback(request: IncomingMessage): string | undefined {
  const url = request.url ?? '/';
  if (!url.startsWith('/') || LINK.test(url)) return undefined;
  if (isUpgrade(request)) {
    if (CONSOLE_SOCKETS.test(url)) return undefined;
    const token = cookieToken(request);
    return token ? `${JUMP_PATH}/${token}${url}` : undefined;
  }
  const token = refererToken(request);
  if (!token) return undefined;
  redirected.add(request);
  return `${JUMP_PATH}/${token}${url}`;
}
