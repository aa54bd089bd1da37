/** Settings > Account: the user list and what administrators do to accounts; icons, own and others'. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ICON_UPLOAD, allows, canView, endpoints, messages } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import { serve } from '../http/serve.ts';
import { readUpload, sendImage } from '../uploads/http.ts';
import type { Actor, UserService } from './service.ts';

const { users: declared } = endpoints;
const actorOf = (request: Pick<FastifyRequest, 'identity'>): Actor => {
  const me = request.identity!;
  return {
    userId: me.userId,
    roleId: me.roleId,
    permissions: me.permissions,
    sessionIdHash: me.session?.idHash,
  };
};

export function userRoutes(users: UserService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async () => users.list());
    serve(app, declared.create, async (request) => users.create(actorOf(request), request.body));
    serve(app, declared.edit, async (request) => users.edit(actorOf(request), request.body));
    serve(app, declared.suspend, async (request) => users.suspend(actorOf(request), request.body.id));
    serve(app, declared.reactivate, async (request) => users.reactivate(actorOf(request), request.body.id));
    serve(app, declared.remove, async (request) => {
      await users.remove(actorOf(request), request.body.id);
      return { message: messages.deleted };
    });

    // Icons: anyone sees their own; seeing others' is part of viewing accounts.
    serve(app, declared.icon, async (request, reply) => {
      const me = request.identity!;
      if (request.query.id !== me.userId && !allows(me.permissions, canView('Account')))
        throw fail(403, 'forbidden');
      return sendImage(reply, await users.icon(request.query.id));
    });
    serve(app, declared.setIcon, async (request) => {
      await users.setIcon(request.query.id, await readUpload(request, ICON_UPLOAD.maxBytes));
      return { message: messages.saved };
    });
    serve(app, declared.setOwnIcon, async (request) => {
      await users.setIcon(request.identity!.userId, await readUpload(request, ICON_UPLOAD.maxBytes));
      return { message: messages.saved };
    });
    serve(app, declared.removeOwnIcon, async (request) => {
      await users.removeIcon(request.identity!.userId);
      return { message: messages.deleted };
    });
  };
}
