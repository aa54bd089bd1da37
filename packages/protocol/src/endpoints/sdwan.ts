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

export const sdwanEndpoints = featureEndpoints('sdwan', {
  topology: endpoint({
    method: 'GET',
    path: `${SDWAN_PATH}/topology`,
    ...view,
    response: { 200: sdwanTopology },
  }),
  siteAdd: endpoint({
    method: 'POST',
    path: `${SDWAN_PATH}/site/add`,
    ...manage('site.add'),
    body: sdwanSiteRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  siteEdit: endpoint({
    method: 'PATCH',
    path: `${SDWAN_PATH}/site/edit`,
    ...manage('site.edit'),
    body: sdwanSiteEditRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  siteDelete: endpoint({
    method: 'DELETE',
    path: `${SDWAN_PATH}/site/delete`,
    ...manage('site.delete'),
    body: sdwanIdRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  nodeAdd: endpoint({
    method: 'POST',
    path: `${SDWAN_PATH}/node/add`,
    ...manage('node.add'),
    body: sdwanNodeRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  nodeEdit: endpoint({
    method: 'PATCH',
    path: `${SDWAN_PATH}/node/edit`,
    ...manage('node.edit'),
    body: sdwanNodeEditRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  nodeDelete: endpoint({
    method: 'DELETE',
    path: `${SDWAN_PATH}/node/delete`,
    ...manage('node.delete'),
    body: sdwanDeviceRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  linkAdd: endpoint({
    method: 'POST',
    path: `${SDWAN_PATH}/link/add`,
    ...manage('link.add'),
    body: sdwanLinkRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  linkEdit: endpoint({
    method: 'PATCH',
    path: `${SDWAN_PATH}/link/edit`,
    ...manage('link.edit'),
    body: sdwanLinkEditRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  linkDelete: endpoint({
    method: 'DELETE',
    path: `${SDWAN_PATH}/link/delete`,
    ...manage('link.delete'),
    body: sdwanIdRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  subnetAdd: endpoint({
    method: 'POST',
    path: `${SDWAN_PATH}/subnet/add`,
    ...manage('subnet.add'),
    body: sdwanSubnetRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  subnetEdit: endpoint({
    method: 'PATCH',
    path: `${SDWAN_PATH}/subnet/edit`,
    ...manage('subnet.edit'),
    body: sdwanSubnetEditRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
  subnetDelete: endpoint({
    method: 'DELETE',
    path: `${SDWAN_PATH}/subnet/delete`,
    ...manage('subnet.delete'),
    body: sdwanIdRequest,
    response: { 200: changed },
    errors: [404, 409],
  }),
});
