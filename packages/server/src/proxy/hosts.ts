/**
 * Where a jump link's pages live: `j-<link>.<jump domain>` on the scheme and port the console was reached
 * at, a host and so an origin of its own per link. The jump domain is JUMP_DOMAIN (wildcard DNS to the
 * console); without it a console reached as localhost or 127.0.0.1 uses `localhost`, whose every name
 * browsers resolve to the loopback (RFC 6761), and any other console has none and gives no link rather than
 * serve a device's pages on its own origin.
 */
import type { IncomingMessage } from 'node:http';
import { JUMP_HOST_LABEL } from '@edge/protocol';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const LOOPBACK_DOMAIN = 'localhost';

function parseHost(host: string | undefined): { name: string; port: string } | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    return { name: url.hostname.toLowerCase(), port: url.port };
  } catch {
    return undefined;
  }
}

/** The origin of link `link` for a browser that reached the console as `request`, or undefined. */
export function jumpOrigin(
  request: { protocol: string; host: string | undefined },
  jumpDomain: string | undefined,
  link: string,
): string | undefined {
  const host = parseHost(request.host);
  if (!host) return undefined;
  const domain = jumpDomain ?? (LOOPBACK_NAMES.has(host.name) ? LOOPBACK_DOMAIN : undefined);
  if (!domain) return undefined;
  return `${request.protocol}://j-${link}.${domain}${host.port ? `:${host.port}` : ''}`;
}

/** The link a request's Host names, when it is a jump host of this console; undefined for the console's. */
export function linkOfHost(request: IncomingMessage, jumpDomain: string | undefined): string | undefined {
  const host = parseHost(request.headers.host);
  if (!host) return undefined;
  const dot = host.name.indexOf('.');
  if (dot < 0) return undefined;
  const domain = host.name.slice(dot + 1);
  if (domain !== LOOPBACK_DOMAIN && domain !== jumpDomain) return undefined;
  return JUMP_HOST_LABEL.exec(host.name.slice(0, dot))?.[1];
}
