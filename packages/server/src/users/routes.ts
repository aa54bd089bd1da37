/** Settings > Account: the user list and what administrators do to accounts; icons, own and others'. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ICON_UPLOAD,
  allows,
  canManage,
  canView,
  editUserRequest,
  messages,
  newUserRequest,
  okResponse,
  userIdQuery,
  userIdRequest,
  userListResponse,
  userRoute,
  userView,
} from '@edge/protocol';
import { fail } from '../http/errors.ts';
import { readUpload, sendImage } from '../uploads/http.ts';
import type { Actor, UserService } from './service.ts';

const BASE = '/api/v1/settings/account';
const tags = ['account'];
const manage = (action: string) => ({ permission: canManage('Account'), activity: `user.${action}` });
const actorOf = (request: FastifyRequest): Actor => {
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
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${BASE}/users`,
      { config: { permission: canView('Account') }, schema: { tags, response: { 200: userListResponse } } },
      async () => users.list(),
    );
    r.post(
      `${BASE}/users`,
      { config: manage('create'), schema: { tags, body: newUserRequest, response: { 200: userView } } },
      async (request) => users.create(actorOf(request), request.body),
    );
    r.patch(
      `${BASE}/users`,
      { config: manage('edit'), schema: { tags, body: editUserRequest, response: { 200: userView } } },
      async (request) => users.edit(actorOf(request), request.body),
    );
    r.patch(
      `${BASE}/users/suspend`,
      { config: manage('suspend'), schema: { tags, body: userIdRequest, response: { 200: userView } } },
      async (request) => users.suspend(actorOf(request), request.body.id),
    );
    r.patch(
      `${BASE}/users/reactivate`,
      { config: manage('reactivate'), schema: { tags, body: userIdRequest, response: { 200: userView } } },
      async (request) => users.reactivate(actorOf(request), request.body.id),
    );
    r.delete(
      `${BASE}/users`,
      { config: manage('delete'), schema: { tags, body: userIdRequest, response: { 200: okResponse } } },
      async (request) => {
        await users.remove(actorOf(request), request.body.id);
        return { message: messages.deleted };
      },
    );

    // Icons: anyone sees their own; seeing others' is part of viewing accounts.
    r.get(
      `${BASE}/users/icon`,
      { config: { permission: userRoute }, schema: { tags, querystring: userIdQuery } },
      async (request, reply) => {
        const me = request.identity!;
        if (request.query.id !== me.userId && !allows(me.permissions, canView('Account')))
          throw fail(403, 'forbidden');
        return sendImage(reply, await users.icon(request.query.id));
      },
    );
    r.patch(
      `${BASE}/users/icon`,
      { config: manage('icon'), schema: { tags, querystring: userIdQuery, response: { 200: okResponse } } },
      async (request) => {
        await users.setIcon(request.query.id, await readUpload(request, ICON_UPLOAD.maxBytes));
        return { message: messages.saved };
      },
    );
    r.patch(
      `${BASE}/icon`,
      {
        config: { permission: userRoute, activity: 'account.icon' },
        schema: { tags, response: { 200: okResponse } },
      },
      async (request) => {
        await users.setIcon(request.identity!.userId, await readUpload(request, ICON_UPLOAD.maxBytes));
        return { message: messages.saved };
      },
    );
    r.delete(
      `${BASE}/icon`,
      {
        config: { permission: userRoute, activity: 'account.icon.delete' },
        schema: { tags, response: { 200: okResponse } },
      },
      async (request) => {
        await users.removeIcon(request.identity!.userId);
        return { message: messages.deleted };
      },
    );
  };
}
