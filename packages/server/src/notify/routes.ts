/** Notification's API (declared in protocol endpoints/notify.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { actingAs } from '../activity/recorder.ts';
import { serve } from '../http/serve.ts';
import type { NotifyService } from './service.ts';
import type { WecomCallback } from './wecom-callback.ts';

/** What WeChat Work posts to a callback is a small XML document. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

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

/** WeChat Work contacts' callbacks: called by WeChat Work, signed with the contact's token (wecom-callback.ts). */
export function wecomRoutes(callback: WecomCallback) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      ['text/xml', 'application/xml', 'text/plain'],
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    serve(app, declared.wecomVerify, async (request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await callback.verify(request.params.contactId, request.query)),
    );
    serve(
      app,
      declared.wecomReceive,
      async (request, reply) => {
        await callback.receive(
          request.params.contactId,
          request.query,
          typeof request.body === 'string' ? request.body : '',
          (from, acknowledging) =>
            actingAs(request, {
              userName: `wecom:${from}`,
              ...(acknowledging !== undefined && {
                action: 'message.acknowledge',
                target: `message ${acknowledging}`,
              }),
            }),
        );
        // An empty answer: WeChat Work passes nothing back to the user.
        return reply.header('content-type', 'text/plain; charset=utf-8').send('');
      },
      { bodyLimit: CALLBACK_BODY_LIMIT },
    );
  };
}
