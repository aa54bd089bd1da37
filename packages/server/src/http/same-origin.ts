/**
 * A WebSocket upgrade or a changing request from a page of another site is refused: browsers send cookies
 * with it regardless. Browsers always send Origin with both; a request without one is not a browser's.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function sameOrigin(request: { headers: IncomingHttpHeaders }): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
