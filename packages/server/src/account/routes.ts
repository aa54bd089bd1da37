/** The signed-in user's own account: GET getAccountInfo, PATCH profile, PATCH password. */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { AccountService } from './service.ts';

const { account } = endpoints;

export function accountRoutes(accounts: AccountService) {
  return async (app: FastifyInstance) => {
    serve(app, account.info, async (request) =>
      accounts.info(request.identity!.userId, request.identity!.session?.csrfToken ?? null),
    );
    serve(app, account.profile, async (request) => {
      await accounts.updateProfile(request.identity!.userId, request.body.email, request.body.companyName);
      return { message: messages.profileSaved };
    });
    serve(app, account.password, async (request) => {
      const me = request.identity!;
      await accounts.changePassword(
        me.userId,
        request.body.currentPassword,
        request.body.newPassword,
        me.session?.idHash,
      );
      return { message: messages.passwordChanged };
    });
  };
}
