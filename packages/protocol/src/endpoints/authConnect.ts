/**
 * Auth Connect (SPEC 1, 3, 5): accounts for Wi-Fi hotspot and 802.1X users and the devices and groups
 * they are pushed to. Reading needs the Auth Connect app; changing it needs it as management.
 */
import { okResponse } from '../auth.ts';
import {
  AUTH_CONNECT_API,
  authConnectAccountView,
  authConnectCreateRequest,
  authConnectEditRequest,
  authConnectIdRequest,
  authConnectListResponse,
} from '../auth-connect.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const manage = (action: string) => ({
  permission: canManage('AuthConnect'),
  activity: `authConnect.${action}`,
});

export const authConnectEndpoints = featureEndpoints('authConnect', {
  list: endpoint({
    method: 'GET',
    path: `${AUTH_CONNECT_API}/list`,
    permission: canView('AuthConnect'),
    response: { 200: authConnectListResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: `${AUTH_CONNECT_API}/create`,
    ...manage('create'),
    body: authConnectCreateRequest,
    response: { 200: authConnectAccountView },
    errors: [404, 409],
  }),
  edit: endpoint({
    method: 'PATCH',
    path: `${AUTH_CONNECT_API}/edit`,
    ...manage('edit'),
    body: authConnectEditRequest,
    response: { 200: authConnectAccountView },
    errors: [404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${AUTH_CONNECT_API}/delete`,
    ...manage('delete'),
    body: authConnectIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
});
