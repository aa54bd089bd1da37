/**
 * Notification: contacts (ContactList page), which rules notify which contacts (NotifyList page) and the
 * delivery log. Reading needs the page; changes, test sends and resends need its management.
 * A WeChat Work contact's callback is called by WeChat Work, not by a console user: no session, its own
 * auth is the callback's signature (msg_signature, made with the contact's token), and as every anonymous
 * call it is rate limited per source.
 */
import { okResponse } from '../auth.ts';
import { idBody } from '../alert-messages.ts';
import {
  NOTIFY_PATH,
  contactEditRequest,
  contactListResponse,
  contactRequest,
  contactView,
  deliveryListQuery,
  deliveryListResponse,
  deliveryView,
  notifyLinkListResponse,
  notifyLinkRequest,
  notifyLinkView,
  wecomCallbackParams,
  wecomCallbackPath,
  wecomCallbackQuery,
  wecomVerifyQuery,
} from '../notify.ts';
import { canManage, canView, publicRoute } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

const contacts = (action: string) => ({
  permission: canManage('ContactList'),
  activity: `contact.${action}`,
});
const links = (action: string) => ({ permission: canManage('NotifyList'), activity: `notifyList.${action}` });

export const notifyEndpoints = featureEndpoints('notify', {
  contacts: endpoint({
    method: 'GET',
    path: `${NOTIFY_PATH}/contacts/list`,
    permission: canView('ContactList'),
    response: { 200: contactListResponse },
  }),
  contactAdd: endpoint({
    method: 'POST',
    path: `${NOTIFY_PATH}/contacts/add`,
    ...contacts('add'),
    body: contactRequest,
    response: { 200: contactView },
  }),
  contactEdit: endpoint({
    method: 'PATCH',
    path: `${NOTIFY_PATH}/contacts/edit`,
    ...contacts('edit'),
    body: contactEditRequest,
    response: { 200: contactView },
    errors: [404],
  }),
  contactRemove: endpoint({
    method: 'DELETE',
    path: `${NOTIFY_PATH}/contacts/delete`,
    ...contacts('delete'),
    body: idBody,
    response: { 200: okResponse },
    errors: [404],
  }),
  contactTest: endpoint({
    method: 'POST',
    path: `${NOTIFY_PATH}/contacts/test`,
    ...contacts('test'),
    body: idBody,
    response: { 200: okResponse },
    errors: [404, 502],
  }),
  links: endpoint({
    method: 'GET',
    path: `${NOTIFY_PATH}/list`,
    permission: canView('NotifyList'),
    response: { 200: notifyLinkListResponse },
  }),
  linkAdd: endpoint({
    method: 'POST',
    path: `${NOTIFY_PATH}/add`,
    ...links('add'),
    body: notifyLinkRequest,
    response: { 200: notifyLinkView },
    errors: [404],
  }),
  linkRemove: endpoint({
    method: 'DELETE',
    path: `${NOTIFY_PATH}/delete`,
    ...links('delete'),
    body: idBody,
    response: { 200: okResponse },
    errors: [404],
  }),
  deliveries: endpoint({
    method: 'GET',
    path: `${NOTIFY_PATH}/deliveries`,
    permission: canView('NotifyList'),
    query: deliveryListQuery,
    response: { 200: deliveryListResponse },
  }),
  resend: endpoint({
    method: 'POST',
    path: `${NOTIFY_PATH}/deliveries/resend`,
    ...links('resend'),
    body: idBody,
    response: { 200: deliveryView },
    errors: [404, 409],
  }),
  wecomVerify: endpoint({
    method: 'GET',
    path: wecomCallbackPath(':contactId'),
    permission: publicRoute,
    params: wecomCallbackParams,
    query: wecomVerifyQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    summary:
      'WeChat Work checks the URL: signed with the contact token (msg_signature), answers the decrypted echostr as text',
  }),
  wecomReceive: endpoint({
    method: 'POST',
    path: wecomCallbackPath(':contactId'),
    permission: publicRoute,
    activity: 'notify.wecom.receive',
    params: wecomCallbackParams,
    query: wecomCallbackQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    summary:
      'WeChat Work passes on what a receiver wrote to the app (XML, encrypted, signed with the contact token); "ack N" acknowledges message N',
  }),
});
