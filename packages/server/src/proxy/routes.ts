/**
 * Jump to device. `POST /api/v1/proxy/start {id, port}` gives the caller a link valid five minutes, for
 * them alone; `<link>/<path>` reaches `<path>` of the device-local service through the tunnel: every method
 * of JUMP_METHODS with its body streamed both ways (an HTTP/1.1 request on a tunnel stream to the device's
 * 127.0.0.1:port), and a WebSocket upgrade, which the device answers itself and after which the browser's
 * socket and the tunnel stream are joined byte for byte. Secure mode is looked at on both: 'OrpheLink Only'
 * refuses.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  JUMP_LINK_TTL_MS,
  JUMP_PATH,
  jumpServiceAt,
  REMOTE_HELP_PORT,
  remoteAccessAllowed,
} from '@edge/protocol';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { DeviceDirectory, DeviceView, RpcService } from '../devices/index.ts';
import type { Bus } from '../gateway/index.ts';
import { fail } from '../http/errors.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { routeOptionsOf, serve } from '../http/serve.ts';
import { upgradeHead } from '../http/websocket.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { CSRF_HEADER } from '../auth/guard.ts';
import { openTcpStream } from '../terminal/stream.ts';
import type { JumpGrant, JumpTokens } from './tokens.ts';
import { cameFromOutside, isUpgrade, JUMP_COOKIE, jumpFallback } from './fallback.ts';

const { proxy: declared } = endpoints;

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
/** The console's own credentials and what only the console's pages send: never passed to a device. */
const CONSOLE_HEADERS = new Set(['host', 'origin', 'referer', CSRF_HEADER]);

function reachable(devices: Pick<DeviceDirectory, 'get'>, id: string): DeviceView {
  const device = devices.get(id);
  if (!device) throw fail(404, 'deviceNotFound');
  if (!remoteAccessAllowed(device.secureMode)) throw fail(403, 'secureModeRefusesAccess');
  if (!device.online) throw fail(409, 'deviceOffline');
  return device;
}

/** The browser's request headers as the device should see them: as if asked on its own loopback. */
export function towardsDevice(headers: IncomingHttpHeaders, port: number): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || CONSOLE_HEADERS.has(name)) continue;
    if (name === 'authorization' && /^bearer /i.test(String(value))) continue;
    if (name === 'cookie') {
      const kept = String(value)
        .split(/;\s*/)
        .filter((c) => c !== '' && !c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${JUMP_COOKIE}=`));
      if (kept.length > 0) out.cookie = kept.join('; ');
      continue;
    }
    out[name] = value;
  }
  out.host = `127.0.0.1:${port}`;
  if (headers.origin) out.origin = `http://127.0.0.1:${port}`;
  return out;
}

/**
 * The device's answer headers as the browser should see them: its cookies kept under the link's path (so a
 * device's cookie never lands on the console's own paths), its redirects to its own root kept in the link.
 */
export function towardsBrowser(
  headers: IncomingHttpHeaders,
  base: string,
  port: number,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || name === 'referrer-policy') continue;
    if (name === 'set-cookie') {
      out[name] = (value as string[]).map(
        (cookie) =>
          `${cookie.replace(/;\s*path=[^;]*/gi, '').replace(/;\s*domain=[^;]*/gi, '')}; Path=${base}`,
      );
      continue;
    }
    if (name === 'location') {
      const own = String(value).replace(new RegExp(`^https?://(127\\.0\\.0\\.1|localhost):${port}/`), '/');
      out[name] = own.startsWith('/') && !own.startsWith('//') ? `${base}${own.slice(1)}` : own;
      continue;
    }
    out[name] = value;
  }
  return out;
}

/** An answer head in HTTP/1.1's own words, for a socket the console writes itself (after an upgrade). */
function headOf(answer: http.IncomingMessage, extra = ''): string {
  const lines = [`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}`];
  for (let i = 0; i < answer.rawHeaders.length; i += 2)
    lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n${extra}\r\n`;
}

const wantsUpgrade = (request: FastifyRequest) => isUpgrade(request.raw);

export function proxyRoutes(deps: {
  tokens: JumpTokens;
  devices: Pick<DeviceDirectory, 'get'>;
  bus: Bus;
  rpc: RpcService;
  config: Pick<ConfigService, 'current'>;
}) {
  /**
   * A port of the device's jump-to services (its General section); SPEC 4 remote help: port 22 only while
   * remote help is on. The agent holds to the same list.
   */
  const admitPort = async (deviceId: string, port: number) => {
    const general = await deps.config.current(deviceId, 'general');
    if (port === REMOTE_HELP_PORT) {
      if (!general.remoteHelp) throw fail(403, 'remoteHelpOff');
    } else if (!jumpServiceAt(general, port)) throw fail(403, 'jumpServiceNotFound');
  };

  /** The link's grant and the device path it names, once everything that may refuse it has been asked. */
  const admit = async (request: FastifyRequest) => {
    const rest = (request.params as { '*': string })['*'];
    const slash = rest.indexOf('/');
    const token = slash < 0 ? rest : rest.slice(0, slash);
    const path = slash < 0 ? '/' : rest.slice(slash);
    const grant = deps.tokens.check(token, Date.now());
    // Another user's link, or an expired or forged one: the same refusal, so a link says nothing.
    if (!grant || grant.userId !== request.identity!.userId) throw fail(403, 'jumpLinkInvalid');
    reachable(deps.devices, grant.deviceId);
    // Looked at again: remote help turned off since the link was made cuts it.
    await admitPort(grant.deviceId, grant.port);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return { grant, path: `${path}${query}`, base: `${JUMP_PATH}/${token}/` };
  };

  const open = (grant: JumpGrant) =>
    openTcpStream(deps, grant.deviceId, grant.port).catch(() => {
      throw fail(502, 'deviceCommandFailed', 'The device did not open its web interface.');
    });

  const ask = (stream: Duplex, request: FastifyRequest, grant: JumpGrant, path: string, upgrade: boolean) =>
    http.request({
      createConnection: () => stream,
      method: request.method,
      path,
      headers: {
        ...towardsDevice(request.headers, grant.port),
        ...(upgrade
          ? { connection: 'Upgrade', upgrade: String(request.headers.upgrade) }
          : { connection: 'close' }),
      },
    });

  /** An HTTP request: its body streamed to the device as it comes, the answer streamed back as it comes. */
  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const { grant, path, base } = await admit(request);
    const stream = await open(grant);
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const outgoing = ask(stream, request, grant, path, false);
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      request.raw.pipe(outgoing);
    }).catch(() => {
      stream.destroy();
      throw fail(502, 'deviceCommandFailed', 'The device answered no page.');
    });
    reply.code(answer.statusCode ?? 502);
    // The console's own policy is for its own pages: a device's page brings its own (or none), and it must
    // name its Referer so its absolute paths can be kept inside the link (fallback.ts).
    reply.removeHeader('content-security-policy');
    reply.header('referrer-policy', 'same-origin');
    reply.headers(towardsBrowser(answer.headers, base, grant.port));
    if (/^text\/html\b/i.test(String(answer.headers['content-type'] ?? ''))) {
      const token = base.slice(JUMP_PATH.length + 1, -1);
      const seconds = Math.max(1, Math.floor((grant.until - Date.now()) / 1000));
      const cookie = `${JUMP_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Strict`;
      const devices = reply.getHeader('set-cookie');
      reply.header('set-cookie', [...(devices === undefined ? [] : [devices].flat().map(String)), cookie]);
    }
    answer.once('end', () => stream.destroy());
    answer.once('error', () => stream.destroy());
    return reply.send(answer);
  }

  /**
   * A WebSocket upgrade: passed to the device as it came (protocols, extensions and the key are the
   * browser's and the device's to agree on); once the device switched, the two sockets are joined.
   */
  async function join(request: FastifyRequest, reply: FastifyReply) {
    if (!sameOrigin(request)) throw fail(403, 'csrfRefused');
    const { grant, path } = await admit(request);
    const stream = await open(grant);
    reply.hijack();
    const browser = request.raw.socket;
    const head = upgradeHead(request.raw);
    const outgoing = ask(stream, request, grant, path, true);
    const cut = () => {
      stream.destroy();
      browser.destroy();
    };
    outgoing.once('upgrade', (answer, device: Duplex, deviceHead: Buffer) => {
      browser.write(headOf(answer));
      if (deviceHead.length > 0) browser.write(deviceHead);
      if (head.length > 0) device.write(head);
      device.pipe(browser);
      browser.pipe(device);
      device.once('close', cut);
      browser.once('close', cut);
      device.once('error', cut);
      browser.once('error', cut);
    });
    // The device would not switch: its answer goes to the browser as it is, and the socket closes.
    outgoing.once('response', (answer) => {
      browser.write(headOf(answer, 'Connection: close\r\n'));
      answer.pipe(browser);
      answer.once('end', cut);
    });
    outgoing.once('error', cut);
    outgoing.end();
  }

  return async (app: FastifyInstance) => {
    serve(app, declared.start, async (request) => {
      const device = reachable(deps.devices, request.body.id);
      await admitPort(device.id, request.body.port);
      const expiresAt = Date.now() + JUMP_LINK_TTL_MS;
      const token = deps.tokens.make({
        deviceId: device.id,
        userId: request.identity!.userId,
        port: request.body.port,
        until: expiresAt,
      });
      return { url: `${JUMP_PATH}/${token}/`, expiresAt };
    });

    app.rewriteUrlWith(jumpFallback);
    await app.register(async (jump) => {
      // Bodies pass to the device as they come, whatever their type: read by nobody here, held by nobody.
      jump.removeAllContentTypeParsers();
      jump.addContentTypeParser('*', (_request, _payload, done) => done(null));
      jump.route({
        ...routeOptionsOf(declared.jump),
        exposeHeadRoute: false,
        // An upgrade is taken over before @fastify/websocket's handler would answer it itself.
        preHandler: async (request, reply) => {
          if (wantsUpgrade(request)) return void (await join(request, reply));
          // A device page's request for an absolute path: sent back under its link (fallback.ts).
          if (cameFromOutside(request.raw)) return reply.code(307).header('location', request.url).send();
        },
        handler: forward,
      });
    });
  };
}
