/**
 * Security keys: the signed-in user's own keys under Settings > Account, and passwordless sign-in
 * (options, then verify) next to the password sign-in under /api/v1/auth.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { signInFrom, startBrowserSession } from '../auth/cookie.ts';
import { relyingPartyOf, type RelyingPartyConfig } from './relying-party.ts';
import type { WebauthnService } from './service.ts';

const { webauthn: declared } = endpoints;

export function webauthnRoutes(webauthn: WebauthnService, rpConfig: RelyingPartyConfig) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => ({ list: await webauthn.list(request.identity!.userId) }));
    serve(app, declared.registerOptions, async (request) => {
      const me = request.identity!;
      return webauthn.registrationOptions(
        { id: me.userId, name: me.userName },
        request.body.name,
        relyingPartyOf(request, rpConfig),
      );
    });
    serve(app, declared.register, async (request) =>
      webauthn.register(
        request.identity!.userId,
        request.body.name,
        request.body.RegistrationData,
        relyingPartyOf(request, rpConfig),
      ),
    );
    serve(app, declared.rename, async (request) => {
      await webauthn.rename(request.identity!.userId, request.body.id, request.body.name);
      return { message: messages.saved };
    });
    serve(app, declared.remove, async (request) => {
      await webauthn.remove(request.identity!.userId, request.body.id);
      return { message: messages.deleted };
    });

    serve(app, declared.loginOptions, async (request) =>
      webauthn.loginOptions(request.body.name, relyingPartyOf(request, rpConfig)),
    );
    serve(app, declared.login, async (request, reply) => {
      const session = await webauthn.signIn(
        request.body.AuthenticationData,
        relyingPartyOf(request, rpConfig),
        signInFrom(request),
      );
      return startBrowserSession(request, reply, session);
    });
  };
}
