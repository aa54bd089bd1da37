/** A WebSocket upgrade from a page of another site is refused: browsers send cookies with it regardless. */
import type { FastifyRequest } from 'fastify';

export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
