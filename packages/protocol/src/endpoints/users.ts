/** Settings > Account: the user list and what administrators do to accounts; icons, own and others'. */
import { okResponse } from '../auth.ts';
import {
  editUserRequest,
  newUserRequest,
  userIdQuery,
  userIdRequest,
  userListResponse,
  userView,
} from '../users.ts';
import { canManage, canView, userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

const BASE = '/api/v1/settings/account';
const USERS = `${BASE}/users`;
const manage = (action: string) => ({ permission: canManage('Account'), activity: `user.${action}` });

export const usersEndpoints = featureEndpoints('users', {
  list: endpoint({
    method: 'GET',
    path: USERS,
    permission: canView('Account'),
    response: { 200: userListResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: USERS,
    ...manage('create'),
    body: newUserRequest,
    response: { 200: userView },
  }),
  edit: endpoint({
    method: 'PATCH',
    path: USERS,
    ...manage('edit'),
    body: editUserRequest,
    response: { 200: userView },
    errors: [404],
  }),
  suspend: endpoint({
    method: 'PATCH',
    path: `${USERS}/suspend`,
    ...manage('suspend'),
    body: userIdRequest,
    response: { 200: userView },
    errors: [404],
  }),
  reactivate: endpoint({
    method: 'PATCH',
    path: `${USERS}/reactivate`,
    ...manage('reactivate'),
    body: userIdRequest,
    response: { 200: userView },
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: USERS,
    ...manage('delete'),
    body: userIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  // Anyone sees their own icon; seeing others' is part of viewing accounts (checked by the handler).
  icon: endpoint({
    method: 'GET',
    path: `${USERS}/icon`,
    permission: userRoute,
    query: userIdQuery,
    response: { 200: fileAnswer },
    raw: 'image',
    errors: [404],
  }),
  setIcon: endpoint({
    method: 'PATCH',
    path: `${USERS}/icon`,
    ...manage('icon'),
    query: userIdQuery,
    upload: true,
    response: { 200: okResponse },
    errors: [404],
  }),
  setOwnIcon: endpoint({
    method: 'PATCH',
    path: `${BASE}/icon`,
    permission: userRoute,
    activity: 'account.icon',
    upload: true,
    response: { 200: okResponse },
  }),
  removeOwnIcon: endpoint({
    method: 'DELETE',
    path: `${BASE}/icon`,
    permission: userRoute,
    activity: 'account.icon.delete',
    response: { 200: okResponse },
  }),
});
