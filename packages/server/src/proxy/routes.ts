/**
 * Jump to device. `POST /api/v1/proxy/start {id, port}` gives the caller a link valid five minutes, for them
 * alone: `/api/v1/proxy/enter/<link>` on the console's origin. Opened there, the console sees who opens it
 * (their session) and sends them on to the link's own host with a pass for it (jump-host.ts), where the
 * device's web interface is served: never on the console's origin, whose API a device's script could call
 * as the operator. A console that has no jump domain to give a link a host (hosts.ts) says so instead.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, JUMP_ENTER_PATH, JUMP_LINK_TTL_MS, JUMP_PASS_PATH } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import { serve } from '../http/serve.ts';
import { admitJump } from './admit.ts';
import { jumpOrigin } from './hosts.ts';
import { jumpHost, type JumpHostDeps } from './jump-host.ts';
import { newLinkId, PASS_TTL_MS } from './tokens.ts';

const { proxy: declared } = endpoints;

export function proxyRoutes(deps: JumpHostDeps) {
  const originOf = (request: FastifyRequest, link: string) => {
    const origin = jumpOrigin(
      { protocol: request.protocol, host: request.headers.host },
      deps.jumpDomain,
      link,
    );
    if (!origin) throw fail(409, 'jumpDomainMissing');
    return origin;
  };

  return async (app: FastifyInstance) => {
    app.serveHost(jumpHost(deps));

    serve(app, declared.start, async (request) => {
      const device = await admitJump(deps, request.body.id, request.body.port);
      const link = newLinkId();
      originOf(request, link);
      const expiresAt = Date.now() + JUMP_LINK_TTL_MS;
      const token = deps.tokens.link.make({
        link,
        deviceId: device.id,
        userId: request.identity!.userId,
        port: request.body.port,
        until: expiresAt,
      });
      return { url: `${JUMP_ENTER_PATH}/${token}`, expiresAt };
    });

    serve(app, declared.enter, async (request, reply) => {
      const now = Date.now();
      const grant = deps.tokens.link.check(request.params['*'], now);
      // Another user's link, or an expired or forged one: the same refusal, so a link says nothing.
      if (!grant || grant.userId !== request.identity!.userId) throw fail(403, 'jumpLinkInvalid');
      await admitJump(deps, grant.deviceId, grant.port);
      const origin = originOf(request, grant.link);
      const pass = deps.tokens.pass.make({
        ...grant,
        nonce: randomBytes(16).toString('hex'),
        linkUntil: grant.until,
        until: Math.min(grant.until, now + PASS_TTL_MS),
      });
      // The pass is in this redirect's URL only: not kept by a cache, not told to the device as a Referer.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(`${origin}${JUMP_PASS_PATH}?p=${encodeURIComponent(pass)}`, 302);
    });
  };
}
