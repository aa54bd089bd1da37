/** Settings > SMTP: the mail server, and a test send through it. */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { SmtpService } from './service.ts';

const { smtp: declared } = endpoints;

export function smtpRoutes(smtp: SmtpService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.get, async () => smtp.get());
    serve(app, declared.save, async (request) => smtp.save(request.body));
    serve(app, declared.test, async (request) => {
      await smtp.sendTest(request.body.receiverAddress);
      return { message: messages.smtpTestSent };
    });
  };
}
