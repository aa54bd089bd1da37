/** Security > Access control list and Admin ACL: the same five endpoints for each list, under its own permission. */
import {
  aclEnableRequest,
  aclEntryDeleteRequest,
  aclEntryEditRequest,
  aclEntryRequest,
  aclListResponse,
  type AclList,
} from '../acl.ts';
import { canManage, canView, type PermissionKey } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

function listEndpoints<const L extends AclList>(list: L, path: string, key: PermissionKey) {
  const manage = (action: string) => ({ permission: canManage(key), activity: `${list}.${action}` });
  const response = { 200: aclListResponse };
  return {
    view: endpoint({ method: 'GET', path, permission: canView(key), response }),
    add: endpoint({ method: 'POST', path, ...manage('add'), body: aclEntryRequest, response }),
    edit: endpoint({ method: 'PATCH', path, ...manage('edit'), body: aclEntryEditRequest, response }),
    remove: endpoint({ method: 'DELETE', path, ...manage('delete'), body: aclEntryDeleteRequest, response }),
    enable: endpoint({
      method: 'PATCH',
      path: `${path}/enable`,
      ...manage('enable'),
      body: aclEnableRequest,
      response,
    }),
  };
}

const accessControl = listEndpoints('accessControl', '/api/v1/security/acl', 'AccessControlList');
const adminAcl = listEndpoints('adminAcl', '/api/v1/security/adminAcl', 'AdminACL');

export const aclEndpoints = featureEndpoints('acl', {
  view: accessControl.view,
  add: accessControl.add,
  edit: accessControl.edit,
  remove: accessControl.remove,
  enable: accessControl.enable,
  adminView: adminAcl.view,
  adminAdd: adminAcl.add,
  adminEdit: adminAcl.edit,
  adminRemove: adminAcl.remove,
  adminEnable: adminAcl.enable,
});

/** Each list's endpoints by the same names, for the code that serves or shows either list alike. */
export const aclListEndpoints = {
  accessControl: {
    view: aclEndpoints.view,
    add: aclEndpoints.add,
    edit: aclEndpoints.edit,
    remove: aclEndpoints.remove,
    enable: aclEndpoints.enable,
  },
  adminAcl: {
    view: aclEndpoints.adminView,
    add: aclEndpoints.adminAdd,
    edit: aclEndpoints.adminEdit,
    remove: aclEndpoints.adminRemove,
    enable: aclEndpoints.adminEnable,
  },
} satisfies Record<AclList, unknown>;
