/**
 * Jump to device. `POST /api/v1/proxy/start {id, port}` gives the caller a link valid five minutes, for
 * them alone; `GET <link>/<path>` fetches `<path>` from the device's own web interface through the tunnel
 * (an HTTP/1.1 request on a tunnel stream to the device's 127.0.0.1:port) and streams the answer back.
 * Secure mode is looked at on both: 'OrpheLink Only' refuses.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  endpoints,
  JUMP_LINK_TTL_MS,
  JUMP_PATH,
  REMOTE_HELP_PORT,
  remoteAccessAllowed,
} from '@edge/protocol';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { DeviceDirectory, DeviceView, RpcService } from '../devices/index.ts';
import type { Bus } from '../gateway/index.ts';
import { fail } from '../http/errors.ts';
import { serve } from '../http/serve.ts';
import { openTcpStream } from '../terminal/stream.ts';
import type { JumpTokens } from './tokens.ts';

const { proxy: declared } = endpoints;
/** Headers of the device's answer that are the hop's own, not the page's. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function reachable(devices: Pick<DeviceDirectory, 'get'>, id: string): DeviceView {
  const device = devices.get(id);
  if (!device) throw fail(404, 'deviceNotFound');
  if (!remoteAccessAllowed(device.secureMode)) throw fail(403, 'secureModeRefusesAccess');
  if (!device.online) throw fail(409, 'deviceOffline');
  return device;
}

export function proxyRoutes(deps: {
  tokens: JumpTokens;
  devices: Pick<DeviceDirectory, 'get'>;
  bus: Bus;
  rpc: RpcService;
  config: Pick<ConfigService, 'current'>;
}) {
  /** SPEC 4 remote help: the device's port 22 only while its General section has remote help on. */
  const admitPort = async (deviceId: string, port: number) => {
    if (port !== REMOTE_HELP_PORT) return;
    const general = await deps.config.current(deviceId, 'general');
    if (!general.remoteHelp) throw fail(403, 'remoteHelpOff');
  };
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

    serve(app, declared.jump, async (request, reply) => {
      const rest = request.params['*'];
      const slash = rest.indexOf('/');
      const token = slash < 0 ? rest : rest.slice(0, slash);
      const path = slash < 0 ? '/' : rest.slice(slash);
      const grant = deps.tokens.check(token, Date.now());
      // Another user's link, or an expired or forged one: the same refusal, so a link says nothing.
      if (!grant || grant.userId !== request.identity!.userId) throw fail(403, 'jumpLinkInvalid');
      reachable(deps.devices, grant.deviceId);
      // Looked at again: remote help turned off since the link was made cuts it.
      await admitPort(grant.deviceId, grant.port);
      const stream = await openTcpStream(deps, grant.deviceId, grant.port).catch(() => {
        throw fail(502, 'deviceCommandFailed', 'The device did not open its web interface.');
      });
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const outgoing = http.request({
          createConnection: () => stream,
          method: 'GET',
          path: `${path}${query}`,
          headers: {
            host: `127.0.0.1:${grant.port}`,
            accept: request.headers.accept ?? '*/*',
            'accept-language': request.headers['accept-language'] ?? '',
            connection: 'close',
          },
        });
        outgoing.once('response', resolve);
        outgoing.once('error', reject);
        outgoing.end();
      }).catch(() => {
        stream.destroy();
        throw fail(502, 'deviceCommandFailed', 'The device answered no page.');
      });
      reply.code(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_HEADERS.has(name) && name !== 'content-length')
          reply.header(name, value);
      answer.once('end', () => stream.destroy());
      return reply.send(answer);
    });
  };
}
