/** The signed-in user's own notification list; every signed-in user has one (userRoute). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATIONS_PATH,
  messages,
  notificationCreateRequest,
  notificationIdParams,
  notificationListResponse,
  notificationProgressRequest,
  okResponse,
  storedNotification,
  userRoute,
} from '@edge/protocol';
import type { NotificationService } from './service.ts';

const tags = ['notifications'];
const userOf = (request: FastifyRequest) => request.identity!.userId;
const ok = { message: messages.saved };

export function notificationRoutes(notifications: NotificationService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      NOTIFICATIONS_PATH,
      { config: { permission: userRoute }, schema: { tags, response: { 200: notificationListResponse } } },
      async (request) => notifications.list(userOf(request)),
    );
    r.post(
      NOTIFICATIONS_PATH,
      {
        config: { permission: userRoute },
        schema: { tags, body: notificationCreateRequest, response: { 200: storedNotification } },
      },
      async (request) => notifications.add(userOf(request), request.body),
    );
    r.patch(
      `${NOTIFICATIONS_PATH}/:id`,
      {
        config: { permission: userRoute },
        schema: {
          tags,
          params: notificationIdParams,
          body: notificationProgressRequest,
          response: { 200: storedNotification },
        },
      },
      async (request) => notifications.progress(userOf(request), request.params.id, request.body),
    );
    r.post(
      `${NOTIFICATIONS_PATH}/read`,
      { config: { permission: userRoute }, schema: { tags, response: { 200: okResponse } } },
      async (request) => {
        await notifications.markAllRead(userOf(request));
        return ok;
      },
    );
    r.delete(
      NOTIFICATIONS_PATH,
      { config: { permission: userRoute }, schema: { tags, response: { 200: okResponse } } },
      async (request) => {
        await notifications.clear(userOf(request));
        return ok;
      },
    );
  };
}
