/**
 * Jump to device (SPEC 7 `POST /api/v1/proxy/start {id}`): a short-lived link, signed and valid for the one
 * user who asked, under which the console reverse-proxies the device's own web interface through the tunnel.
 */
import { z } from 'zod';

export const PROXY_API = '/api/v1/proxy';
export const JUMP_PATH = `${PROXY_API}/jump`;
/** How long a jump link works. */
export const JUMP_LINK_TTL_MS = 5 * 60_000;
export const DEVICE_WEB_PORT = 80;
/**
 * The methods a jump link passes on to the device, bodies and all; a GET asking to upgrade to a WebSocket
 * is passed on as one, and the two sockets are joined through the tunnel once the device has switched.
 */
export const JUMP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const proxyStartRequest = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  /** The device-local service's port (a `jumptoservices` entry); its web interface unless told. */
  port: z.number().int().min(1).max(65535).default(DEVICE_WEB_PORT),
});
export const proxyStartResponse = z.object({ url: z.string(), expiresAt: z.number() });
