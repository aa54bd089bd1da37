/** The signed-in user's own account: GET getAccountInfo, PATCH profile, PATCH password. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountInfoResponse,
  messages,
  okResponse,
  passwordChangeRequest,
  profileRequest,
  userRoute,
} from '@edge/protocol';
import type { AccountService } from './service.ts';

export function accountRoutes(accounts: AccountService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v1/settings/account/getAccountInfo',
      {
        config: { permission: userRoute },
        schema: { tags: ['account'], response: { 200: accountInfoResponse } },
      },
      async (request) =>
        accounts.info(request.identity!.userId, request.identity!.session?.csrfToken ?? null),
    );
    r.patch(
      '/api/v1/settings/account/profile',
      {
        config: { permission: userRoute, activity: 'account.profile' },
        schema: { tags: ['account'], body: profileRequest, response: { 200: okResponse } },
      },
      async (request) => {
        await accounts.updateProfile(request.identity!.userId, request.body.email, request.body.companyName);
        return { message: messages.profileSaved };
      },
    );
    r.patch(
      '/api/v1/settings/account/password',
      {
        config: { permission: userRoute, activity: 'account.password' },
        schema: { tags: ['account'], body: passwordChangeRequest, response: { 200: okResponse } },
      },
      async (request) => {
        const me = request.identity!;
        await accounts.changePassword(
          me.userId,
          request.body.currentPassword,
          request.body.newPassword,
          me.session?.idHash,
        );
        return { message: messages.passwordChanged };
      },
    );
  };
}
