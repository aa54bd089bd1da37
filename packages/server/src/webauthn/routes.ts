/**
 * Security keys: the signed-in user's own keys under Settings > Account, and passwordless sign-in
 * (options, then verify) next to the password sign-in under /api/v1/auth.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginResponse,
  messages,
  okResponse,
  publicRoute,
  userRoute,
  webauthnDeleteRequest,
  webauthnKeyView,
  webauthnListResponse,
  webauthnLoginOptionsRequest,
  webauthnLoginOptionsResponse,
  webauthnLoginRequest,
  webauthnRegisterOptionsRequest,
  webauthnRegisterOptionsResponse,
  webauthnRegisterRequest,
  webauthnRenameRequest,
} from '@edge/protocol';
import { signInFrom, startBrowserSession } from '../auth/cookie.ts';
import { relyingPartyOf, type RelyingPartyConfig } from './relying-party.ts';
import type { WebauthnService } from './service.ts';

const KEYS = '/api/v1/settings/account/webauthn';
const SIGN_IN = '/api/v1/auth/webauthn';
const tags = ['webauthn'];
const own = (activity?: string) => ({ permission: userRoute, activity });

export function webauthnRoutes(webauthn: WebauthnService, rpConfig: RelyingPartyConfig) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      KEYS,
      { config: own(), schema: { tags, response: { 200: webauthnListResponse } } },
      async (request) => ({
        list: await webauthn.list(request.identity!.userId),
      }),
    );
    r.post(
      `${KEYS}/registerOptions`,
      {
        config: own('webauthn.registerOptions'),
        schema: {
          tags,
          body: webauthnRegisterOptionsRequest,
          response: { 200: webauthnRegisterOptionsResponse },
        },
      },
      async (request) => {
        const me = request.identity!;
        return webauthn.registrationOptions(
          { id: me.userId, name: me.userName },
          request.body.name,
          relyingPartyOf(request, rpConfig),
        );
      },
    );
    r.post(
      `${KEYS}/register`,
      {
        config: own('webauthn.register'),
        schema: { tags, body: webauthnRegisterRequest, response: { 200: webauthnKeyView } },
      },
      async (request) =>
        webauthn.register(
          request.identity!.userId,
          request.body.name,
          request.body.RegistrationData,
          relyingPartyOf(request, rpConfig),
        ),
    );
    r.patch(
      KEYS,
      {
        config: own('webauthn.rename'),
        schema: { tags, body: webauthnRenameRequest, response: { 200: okResponse } },
      },
      async (request) => {
        await webauthn.rename(request.identity!.userId, request.body.id, request.body.name);
        return { message: messages.saved };
      },
    );
    r.delete(
      KEYS,
      {
        config: own('webauthn.delete'),
        schema: { tags, body: webauthnDeleteRequest, response: { 200: okResponse } },
      },
      async (request) => {
        await webauthn.remove(request.identity!.userId, request.body.id);
        return { message: messages.deleted };
      },
    );

    r.post(
      `${SIGN_IN}/options`,
      {
        config: { permission: publicRoute, activity: 'auth.webauthn.options' },
        schema: { tags, body: webauthnLoginOptionsRequest, response: { 200: webauthnLoginOptionsResponse } },
      },
      async (request) => webauthn.loginOptions(request.body.name, relyingPartyOf(request, rpConfig)),
    );
    r.post(
      `${SIGN_IN}/verify`,
      {
        config: { permission: publicRoute, activity: 'auth.webauthn.login' },
        schema: { tags, body: webauthnLoginRequest, response: { 200: loginResponse } },
      },
      async (request, reply) => {
        const session = await webauthn.signIn(
          request.body.AuthenticationData,
          relyingPartyOf(request, rpConfig),
          signInFrom(request),
        );
        return startBrowserSession(request, reply, session);
      },
    );
  };
}
