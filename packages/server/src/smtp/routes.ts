/** Settings > SMTP: the mail server, and a test send through it. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canManage,
  canView,
  messages,
  okResponse,
  smtpRequest,
  smtpResponse,
  smtpTestRequest,
} from '@edge/protocol';
import type { SmtpService } from './service.ts';

const PATH = '/api/v1/settings/smtp';
const tags = ['smtp'];

export function smtpRoutes(smtp: SmtpService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      PATH,
      { config: { permission: canView('SMTPServer') }, schema: { tags, response: { 200: smtpResponse } } },
      async () => smtp.get(),
    );
    r.patch(
      PATH,
      {
        config: { permission: canManage('SMTPServer'), activity: 'smtp.edit' },
        schema: { tags, body: smtpRequest, response: { 200: smtpResponse } },
      },
      async (request) => smtp.save(request.body),
    );
    r.post(
      `${PATH}/test`,
      {
        config: { permission: canManage('SMTPServer'), activity: 'smtp.test' },
        schema: { tags, body: smtpTestRequest, response: { 200: okResponse } },
      },
      async (request) => {
        await smtp.sendTest(request.body.receiverAddress);
        return { message: messages.smtpTestSent };
      },
    );
  };
}
