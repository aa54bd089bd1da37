/** Jobs: read them with Inventory view; cancel, pause, resume and re-run with Inventory manage. */
import { jobDetail, jobIdQuery, jobIdRequest, jobListQuery, jobListResponse } from '../jobs.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const V1 = '/api/v1/jobs';
const view = { permission: canView('Inventory') };
const manage = (action: string) => ({ permission: canManage('Inventory'), activity: `jobs.${action}` });

export const jobsEndpoints = featureEndpoints('jobs', {
  list: endpoint({
    method: 'GET',
    path: `${V1}/list`,
    ...view,
    query: jobListQuery,
    response: { 200: jobListResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: `${V1}/get`,
    ...view,
    query: jobIdQuery,
    response: { 200: jobDetail },
    errors: [404],
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${V1}/cancel`,
    ...manage('cancel'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  // A paused job starts no new step (running ones finish); resumed, it goes on where it was.
  pause: endpoint({
    method: 'POST',
    path: `${V1}/pause`,
    ...manage('pause'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  resume: endpoint({
    method: 'POST',
    path: `${V1}/resume`,
    ...manage('resume'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  rerun: endpoint({
    method: 'POST',
    path: `${V1}/rerun`,
    ...manage('rerun'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
});
