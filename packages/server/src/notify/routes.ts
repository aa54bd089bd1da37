/** Notification's API (declared in protocol endpoints/notify.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { NotifyService } from './service.ts';

const { notify: declared } = endpoints;
const ok = { message: messages.saved };

export function notifyRoutes(notify: NotifyService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.contacts, async () => ({ list: await notify.contacts.list() }));
    serve(app, declared.contactAdd, async (request) => notify.contacts.add(request.body));
    serve(app, declared.contactEdit, async (request) => notify.contacts.edit(request.body.id, request.body));
    serve(app, declared.contactRemove, async (request) => {
      await notify.contacts.remove(request.body.id);
      return ok;
    });
    serve(app, declared.contactTest, async (request) => {
      await notify.contacts.test(request.body.id);
      return { message: messages.notifyTestSent };
    });
    serve(app, declared.links, async () => ({ list: await notify.links.list() }));
    serve(app, declared.linkAdd, async (request) =>
      notify.links.add(request.body.ruleId, request.body.contactId),
    );
    serve(app, declared.linkRemove, async (request) => {
      await notify.links.remove(request.body.id);
      return ok;
    });
    serve(app, declared.deliveries, async (request) => ({
      list: await notify.deliveries(request.query.messageId),
    }));
    serve(app, declared.resend, async (request) => notify.resend(request.body.id));
  };
}
