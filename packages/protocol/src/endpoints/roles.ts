/** Settings > Permission: roles and their permission trees. */
import { okResponse } from '../auth.ts';
import { editRoleRequest, newRoleRequest, roleIdRequest, roleListResponse, roleView } from '../roles.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/settings/permission/roles';
const manage = (action: string) => ({ permission: canManage('Permission'), activity: `role.${action}` });

export const rolesEndpoints = featureEndpoints('roles', {
  list: endpoint({
    method: 'GET',
    path: PATH,
    permission: canView('Permission'),
    response: { 200: roleListResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: PATH,
    ...manage('create'),
    body: newRoleRequest,
    response: { 200: roleView },
  }),
  edit: endpoint({
    method: 'PATCH',
    path: PATH,
    ...manage('edit'),
    body: editRoleRequest,
    response: { 200: roleView },
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: PATH,
    ...manage('delete'),
    body: roleIdRequest,
    response: { 200: okResponse },
    errors: [404, 409],
  }),
});
