/** Messages' and event rules' API (declared in protocol endpoints/messages.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { MessageService } from './service.ts';

const { messages: declared } = endpoints;

export function messageRoutes(service: MessageService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => service.list(request.query, request.identity!.userId));
    serve(app, declared.get, async (request) => service.get(request.query.id, request.identity!.userId));
    serve(app, declared.markRead, async (request) => {
      await service.markRead(request.body.ids, request.body.read, request.identity!.userId);
      return { message: messages.saved };
    });
    serve(app, declared.rulesList, async () => ({ list: await service.rules.list() }));
    serve(app, declared.ruleAdd, async (request) => service.rules.add(request.body));
    serve(app, declared.ruleEdit, async (request) => service.rules.edit(request.body.id, request.body));
    serve(app, declared.ruleRemove, async (request) => {
      await service.rules.remove(request.body.id);
      return { message: messages.saved };
    });
  };
}
