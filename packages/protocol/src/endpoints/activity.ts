/** Settings > Activity: the log and how long it is kept. */
import { activityListQuery, activityListResponse, activityRetention } from '../activity.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const RETENTION = '/api/v1/settings/activity/retention';

export const activityEndpoints = featureEndpoints('activity', {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/settings/activity/list',
    permission: canView('Activity'),
    query: activityListQuery,
    response: { 200: activityListResponse },
  }),
  retention: endpoint({
    method: 'GET',
    path: RETENTION,
    permission: canView('Activity'),
    response: { 200: activityRetention },
  }),
  setRetention: endpoint({
    method: 'PATCH',
    path: RETENTION,
    permission: canManage('Activity'),
    activity: 'activity.retention',
    body: activityRetention,
    response: { 200: activityRetention },
  }),
});
