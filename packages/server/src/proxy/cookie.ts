/**
 * The link's own cookie on its host: the sealed grant the pass was exchanged for. Host-only (no Domain), so
 * no other link and not the console ever get it; HttpOnly, so the device's scripts cannot read it; SameSite
 * Lax, so another site's page cannot make the browser send it with a form or a script's request.
 */
import type { IncomingMessage } from 'node:http';

export const JUMP_COOKIE = 'edge_jump';

export function jumpCookie(value: string, untilMs: number, secure: boolean): string {
  const seconds = Math.max(1, Math.floor((untilMs - Date.now()) / 1000));
  return `${JUMP_COOKIE}=${value}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function jumpCookieOf(request: IncomingMessage): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(/;\s*/))
    if (part.startsWith(`${JUMP_COOKIE}=`)) return part.slice(JUMP_COOKIE.length + 1);
  return undefined;
}
