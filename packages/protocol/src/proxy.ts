/**
 * Jump to device (SPEC 7 `POST /api/v1/proxy/start {id}`): a short-lived link, signed and valid for the one
 * user who asked, through which the console reverse-proxies the device's own web interface over the tunnel.
 * The device's pages are served on a host of their own per link (`j-<link>.<jump domain>`), never on the
 * console's origin: a device's script then cannot act as the operator on the console's API.
 */
import { z } from 'zod';

export const PROXY_API = '/api/v1/proxy';
/** Opened on the console's origin (its session says who): sends the owner on to the link's own host. */
export const JUMP_ENTER_PATH = `${PROXY_API}/enter`;
/** A jump host's first label: `j-` and the link's id (26 characters of base32, lowercase: hosts have no case). */
export const JUMP_HOST_LABEL = /^j-([a-z2-7]{26})$/;
/**
 * On a jump host, the one path the console answers itself: it takes the short-lived pass the console's
 * origin handed over and sets the link's own cookie there. Every other path is the device's.
 */
export const JUMP_PASS_PATH = '/.edge-jump/pass';
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
