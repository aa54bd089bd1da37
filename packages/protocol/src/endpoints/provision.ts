/** Provision: Discovery, adoption, the enrolment secret, the provisioning CSV and list. */
import { messageResponse } from '../inventory.ts';
import {
  adoptRequest,
  adoptResponse,
  adoptedConflictListResponse,
  conflictDismissRequest,
  discoveryListQuery,
  discoveryListResponse,
  discoveryRemoveRequest,
  discoveryRemoveResponse,
  enrolSecretResponse,
  provisionDeleteRequest,
  provisionListResponse,
  provisionUploadResponse,
  rediscoverResponse,
} from '../provision.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

const BASE = '/api/v1/provision';
const view = { permission: canView('Provision') };
const manage = (action: string) => ({ permission: canManage('Provision'), activity: `provision.${action}` });

export const provisionEndpoints = featureEndpoints('provision', {
  discovery: endpoint({
    method: 'GET',
    path: `${BASE}/discovery/list`,
    ...view,
    query: discoveryListQuery,
    response: { 200: discoveryListResponse },
  }),
  adopt: endpoint({
    method: 'POST',
    path: `${BASE}/discovery/adopt`,
    ...manage('adopt'),
    body: adoptRequest,
    response: { 200: adoptResponse },
    errors: [404, 409],
  }),
  removeDiscovery: endpoint({
    method: 'POST',
    path: `${BASE}/discovery/remove`,
    ...manage('discoveryRemove'),
    body: discoveryRemoveRequest,
    response: { 200: discoveryRemoveResponse },
  }),
  // Adopted serials another key tried to enrol as (flagged, never swapped in).
  conflicts: endpoint({
    method: 'GET',
    path: `${BASE}/conflicts`,
    ...view,
    response: { 200: adoptedConflictListResponse },
  }),
  dismissConflict: endpoint({
    method: 'POST',
    path: `${BASE}/conflicts/dismiss`,
    ...manage('conflictDismiss'),
    body: conflictDismissRequest,
    response: { 200: messageResponse },
    errors: [404],
  }),
  downloadDiscovery: endpoint({
    method: 'GET',
    path: `${BASE}/discovery/download`,
    ...view,
    response: { 200: fileAnswer },
    raw: 'csv',
  }),
  // The secret lets any agent enrol: shown to those who may manage Provision, not to viewers.
  enrolSecret: endpoint({
    method: 'GET',
    path: `${BASE}/enrolment-secret`,
    permission: canManage('Provision'),
    response: { 200: enrolSecretResponse },
  }),
  rotateEnrolSecret: endpoint({
    method: 'POST',
    path: `${BASE}/enrolment-secret/rotate`,
    ...manage('enrolSecretRotate'),
    response: { 200: enrolSecretResponse },
  }),
  upload: endpoint({
    method: 'POST',
    path: `${BASE}/upload`,
    ...manage('upload'),
    upload: true,
    response: { 200: provisionUploadResponse },
  }),
  list: endpoint({ method: 'GET', path: `${BASE}/list`, ...view, response: { 200: provisionListResponse } }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/delete`,
    ...manage('delete'),
    body: provisionDeleteRequest,
    response: { 200: messageResponse },
    errors: [404],
  }),
  rediscover: endpoint({
    method: 'POST',
    path: `${BASE}/rediscover`,
    ...manage('rediscover'),
    response: { 200: rediscoverResponse },
  }),
});
