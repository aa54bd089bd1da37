/**
 * A jump link's own host (`j-<link>.<jump domain>`, hosts.ts), served before the console sees the request
 * (http/front-door.ts): every path but the pass's is the device's. A request there carries the link's cookie
 * (cookie.ts), set from the pass the console's origin handed over after seeing the link's user; it opens a
 * `tcp` tunnel stream to the device's 127.0.0.1:port and is passed on as an HTTP/1.1 request on it, its body
 * streamed both ways. A WebSocket upgrade is passed on as it came (protocols, extensions and the key are the
 * browser's and the device's to agree on) and once the device switched the two sockets are joined byte for
 * byte. Secure mode, the device and the port are asked again on every request: 'OrpheLink Only' refuses.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Duplex } from 'node:stream';
import { ApiFailure, JUMP_METHODS, JUMP_PASS_PATH, type ApiError } from '@edge/protocol';
import type { Bus } from '../gateway/index.ts';
import type { RpcService } from '../devices/index.ts';
import type { HostService } from '../http/front-door.ts';
import { fail } from '../http/errors.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { openTcpStream } from '../terminal/stream.ts';
import { admitJump, type AdmitDeps } from './admit.ts';
import { jumpCookie, jumpCookieOf } from './cookie.ts';
import { headOf, towardsBrowser, towardsDevice } from './headers.ts';
import { linkOfHost } from './hosts.ts';
import type { JumpGrant, JumpTokens } from './tokens.ts';

export interface JumpHostDeps extends AdmitDeps {
  tokens: JumpTokens;
  bus: Bus;
  rpc: RpcService;
  jumpDomain: string | undefined;
}

const METHODS = new Set<string>(JUMP_METHODS);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const secureOf = (request: IncomingMessage) => Boolean((request.socket as TLSSocket).encrypted);
const originOf = (request: IncomingMessage) =>
  `${secureOf(request) ? 'https' : 'http'}://${request.headers.host ?? ''}`;

function failureBody(err: unknown): { status: number; body: string } {
  const failure = err instanceof ApiFailure ? err : fail(502, 'apiRequestError');
  const body: ApiError = { err_message: failure.message, err_code: failure.code };
  return { status: failure.statusCode, body: JSON.stringify(body) };
}

/** A changing request or an upgrade whose page is of another site: its cookie was sent all the same. */
function fromAnotherSite(request: IncomingMessage, upgrade: boolean): boolean {
  if (!upgrade && SAFE_METHODS.has(request.method ?? 'GET')) return false;
  return !sameOrigin(request);
}

export function jumpHost(deps: JumpHostDeps): HostService {
  /** Passes taken, until they expire: each is good for one entry. */
  const taken = new Map<string, number>();

  const linkOf = (request: IncomingMessage) => linkOfHost(request, deps.jumpDomain)!;

  /** The pass from the console's origin, exchanged for the link's cookie; then on to the device's root. */
  function redeem(request: IncomingMessage, response: ServerResponse, query: URLSearchParams) {
    const now = Date.now();
    for (const [nonce, until] of taken) if (until < now) taken.delete(nonce);
    const pass = deps.tokens.pass.check(query.get('p') ?? '', now);
    if (request.method !== 'GET' || !pass || pass.link !== linkOf(request) || taken.has(pass.nonce))
      throw fail(403, 'jumpLinkInvalid');
    taken.set(pass.nonce, pass.until);
    const grant: JumpGrant = {
      link: pass.link,
      deviceId: pass.deviceId,
      userId: pass.userId,
      port: pass.port,
      until: pass.linkUntil,
    };
    response.writeHead(303, {
      location: '/',
      'set-cookie': jumpCookie(deps.tokens.cookie.make(grant), grant.until, secureOf(request)),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    response.end();
  }

  /** The link's grant from its cookie, once everything that may refuse it has been asked. */
  async function admit(request: IncomingMessage, upgrade: boolean): Promise<JumpGrant> {
    if (fromAnotherSite(request, upgrade)) throw fail(403, 'csrfRefused');
    const grant = deps.tokens.cookie.check(jumpCookieOf(request) ?? '', Date.now());
    // No cookie, another link's, an expired or forged one: the same refusal, so a link says nothing.
    if (!grant || grant.link !== linkOf(request)) throw fail(403, 'jumpLinkInvalid');
    await admitJump(deps, grant.deviceId, grant.port);
    return grant;
  }

  const open = (grant: JumpGrant) =>
    openTcpStream(deps, grant.deviceId, grant.port).catch(() => {
      throw fail(502, 'deviceCommandFailed', 'The device did not open its web interface.');
    });

  const ask = (stream: Duplex, request: IncomingMessage, grant: JumpGrant, upgrade: boolean) =>
    http.request({
      createConnection: () => stream,
      method: request.method,
      path: request.url ?? '/',
      headers: {
        ...towardsDevice(request.headers, grant.port, originOf(request)),
        ...(upgrade
          ? { connection: 'Upgrade', upgrade: String(request.headers.upgrade) }
          : { connection: 'close' }),
      },
    });

  /** An HTTP request: its body streamed to the device as it comes, the answer streamed back as it comes. */
  async function forward(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://jump');
    if (url.pathname === JUMP_PASS_PATH) return redeem(request, response, url.searchParams);
    if (!METHODS.has(request.method ?? '')) throw fail(405, 'invalidRequest');
    const grant = await admit(request, false);
    const stream = await open(grant);
    response.once('close', () => stream.destroy());
    const outgoing = ask(stream, request, grant, false);
    outgoing.once('response', (answer) => {
      response.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        towardsBrowser(answer.headers, grant.port),
      );
      answer.pipe(response);
      answer.once('error', () => response.destroy());
    });
    outgoing.once('error', () => {
      stream.destroy();
      if (response.headersSent) return void response.destroy();
      answerFailure(response, fail(502, 'deviceCommandFailed', 'The device answered no page.'));
    });
    request.pipe(outgoing);
  }

  /** Once the device switched, the two sockets are joined; if it would not, its answer goes as it is. */
  async function join(request: IncomingMessage, browser: Duplex, head: Buffer) {
    const grant = await admit(request, true);
    const stream = await open(grant);
    const outgoing = ask(stream, request, grant, true);
    const cut = () => {
      stream.destroy();
      browser.destroy();
    };
    browser.once('close', cut);
    browser.once('error', cut);
    outgoing.once('upgrade', (answer, device: Duplex, deviceHead: Buffer) => {
      browser.write(headOf(answer));
      if (deviceHead.length > 0) browser.write(deviceHead);
      if (head.length > 0) device.write(head);
      device.pipe(browser);
      browser.pipe(device);
      device.once('close', cut);
      device.once('error', cut);
    });
    outgoing.once('response', (answer) => {
      browser.write(headOf(answer, 'Connection: close\r\n'));
      answer.pipe(browser);
      answer.once('end', cut);
    });
    outgoing.once('error', cut);
    outgoing.end();
  }

  function answerFailure(response: ServerResponse, err: unknown) {
    const { status, body } = failureBody(err);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(body);
  }

  return {
    serves: (request) => linkOfHost(request, deps.jumpDomain) !== undefined,
    request(request, response) {
      forward(request, response).catch((err: unknown) => {
        if (response.headersSent) response.destroy();
        else answerFailure(response, err);
      });
    },
    upgrade(request, socket, head) {
      join(request, socket, head).catch((err: unknown) => {
        const { status, body } = failureBody(err);
        socket.end(
          `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
    },
  };
}
