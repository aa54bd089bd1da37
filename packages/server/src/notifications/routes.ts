/** The signed-in user's own notification list; every signed-in user has one (userRoute). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { NotificationService } from './service.ts';

const { notifications: declared } = endpoints;
const userOf = (request: Pick<FastifyRequest, 'identity'>) => request.identity!.userId;
const ok = { message: messages.saved };

export function notificationRoutes(notifications: NotificationService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => notifications.list(userOf(request)));
    serve(app, declared.add, async (request) => notifications.add(userOf(request), request.body));
    serve(app, declared.progress, async (request) =>
      notifications.progress(userOf(request), request.params.id, request.body),
    );
    serve(app, declared.markAllRead, async (request) => {
      await notifications.markAllRead(userOf(request));
      return ok;
    });
    serve(app, declared.clear, async (request) => {
      await notifications.clear(userOf(request));
      return ok;
    });
  };
}
