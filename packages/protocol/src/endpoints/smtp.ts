/** Settings > SMTP: the mail server, and a test send through it. */
import { okResponse } from '../auth.ts';
import { smtpRequest, smtpResponse, smtpTestRequest } from '../smtp.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/settings/smtp';

export const smtpEndpoints = featureEndpoints('smtp', {
  get: endpoint({
    method: 'GET',
    path: PATH,
    permission: canView('SMTPServer'),
    response: { 200: smtpResponse },
  }),
  save: endpoint({
    method: 'PATCH',
    path: PATH,
    permission: canManage('SMTPServer'),
    activity: 'smtp.edit',
    body: smtpRequest,
    response: { 200: smtpResponse },
  }),
  test: endpoint({
    method: 'POST',
    path: `${PATH}/test`,
    permission: canManage('SMTPServer'),
    activity: 'smtp.test',
    body: smtpTestRequest,
    response: { 200: okResponse },
    errors: [502],
  }),
});
