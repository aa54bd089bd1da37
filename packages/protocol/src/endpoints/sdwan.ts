/**
 * Secure SD-WAN (OrpheLink). Reading needs the SDWAN app; changes need its management right. Each change
 * answers the SPEC 8 message ('Site added successfully.' ...) and the id of what it made or changed.
 */
import { z } from 'zod';
import {
  sdwanDeviceRequest,
  sdwanIdRequest,
  sdwanLinkEditRequest,
  sdwanLinkRequest,
  sdwanNodeEditRequest,
  sdwanNodeRequest,
  sdwanSiteEditRequest,
  sdwanSiteRequest,
  sdwanSubnetEditRequest,
  sdwanSubnetRequest,
  sdwanTopology,
} from '../sdwan.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const SDWAN_PATH = '/api/v1/sdwan';
const view = { permission: canView('SDWAN') };
const manage = (activity: string) => ({ permission: canManage('SDWAN'), activity: `sdwan.${activity}` });
const changed = z.object({ message: z.string(), id: z.union([z.number(), z.string()]) });

const crud = <const K extends string>(kind: K, add: z.ZodType, edit: z.ZodType, remove: z.ZodType) =>
  ({
    add: endpoint({
      method: 'POST',
      path: `${SDWAN_PATH}/${kind}/add`,
      ...manage(`${kind}.add`),
      body: add,
      response: { 200: changed },
      errors: [404, 409],
    }),
    edit: endpoint({
      method: 'PATCH',
      path: `${SDWAN_PATH}/${kind}/edit`,
      ...manage(`${kind}.edit`),
      body: edit,
      response: { 200: changed },
      errors: [404, 409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${SDWAN_PATH}/${kind}/delete`,
      ...manage(`${kind}.delete`),
      body: remove,
      response: { 200: changed },
      errors: [404, 409],
    }),
  }) as const;

const site = crud('site', sdwanSiteRequest, sdwanSiteEditRequest, sdwanIdRequest);
const node = crud('node', sdwanNodeRequest, sdwanNodeEditRequest, sdwanDeviceRequest);
const link = crud('link', sdwanLinkRequest, sdwanLinkEditRequest, sdwanIdRequest);
const subnet = crud('subnet', sdwanSubnetRequest, sdwanSubnetEditRequest, sdwanIdRequest);

export const sdwanEndpoints = featureEndpoints('sdwan', {
  topology: endpoint({
    method: 'GET',
    path: `${SDWAN_PATH}/topology`,
    ...view,
    response: { 200: sdwanTopology },
  }),
  siteAdd: site.add,
  siteEdit: site.edit,
  siteDelete: site.remove,
  nodeAdd: node.add,
  nodeEdit: node.edit,
  nodeDelete: node.remove,
  linkAdd: link.add,
  linkEdit: link.edit,
  linkDelete: link.remove,
  subnetAdd: subnet.add,
  subnetEdit: subnet.edit,
  subnetDelete: subnet.remove,
});
