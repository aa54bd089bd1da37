/**
 * Messages and the event rules that raise them. Reading messages (and marking them read or unread) needs the
 * Message app; rules are the Notification app's EventRule page, changed by its managers.
 */
import { okResponse } from '../auth.ts';
import {
  MESSAGES_PATH,
  alertMessageView,
  eventRuleEditRequest,
  eventRuleListResponse,
  eventRuleRequest,
  eventRuleView,
  idBody,
  idQuery,
  messageListQuery,
  messageListResponse,
  messageReadRequest,
} from '../alert-messages.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const RULES = `${MESSAGES_PATH}/rules`;
const rules = (action: string) => ({ permission: canManage('EventRule'), activity: `eventRule.${action}` });

export const messagesEndpoints = featureEndpoints('messages', {
  list: endpoint({
    method: 'GET',
    path: `${MESSAGES_PATH}/list`,
    permission: canView('Message'),
    query: messageListQuery,
    response: { 200: messageListResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: `${MESSAGES_PATH}/detail`,
    permission: canView('Message'),
    query: idQuery,
    response: { 200: alertMessageView },
    errors: [404],
  }),
  markRead: endpoint({
    method: 'POST',
    path: `${MESSAGES_PATH}/read`,
    permission: canView('Message'),
    activity: 'message.read',
    body: messageReadRequest,
    response: { 200: okResponse },
  }),
  rulesList: endpoint({
    method: 'GET',
    path: `${RULES}/list`,
    permission: canView('EventRule'),
    response: { 200: eventRuleListResponse },
  }),
  ruleAdd: endpoint({
    method: 'POST',
    path: `${RULES}/add`,
    ...rules('add'),
    body: eventRuleRequest,
    response: { 200: eventRuleView },
  }),
  ruleEdit: endpoint({
    method: 'PATCH',
    path: `${RULES}/edit`,
    ...rules('edit'),
    body: eventRuleEditRequest,
    response: { 200: eventRuleView },
    errors: [404],
  }),
  ruleRemove: endpoint({
    method: 'DELETE',
    path: `${RULES}/delete`,
    ...rules('delete'),
    body: idBody,
    response: { 200: okResponse },
    errors: [404],
  }),
});
