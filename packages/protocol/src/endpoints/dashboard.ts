/** The Dashboard app: the fleet overview (also pushed live on LIVE_CHANNELS.overview) and the user's layout. */
import { DASHBOARD_API, dashboardLayout, dashboardOverview } from '../dashboard.ts';
import { canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const view = { permission: canView('Dashboard') } as const;

export const dashboardEndpoints = featureEndpoints('dashboard', {
  overview: endpoint({
    method: 'GET',
    path: `${DASHBOARD_API}/overview`,
    ...view,
    response: { 200: dashboardOverview },
  }),
  layout: endpoint({
    method: 'GET',
    path: `${DASHBOARD_API}/layout`,
    ...view,
    response: { 200: dashboardLayout },
  }),
  // The user's own layout: the view permission is enough to change it.
  saveLayout: endpoint({
    method: 'PATCH',
    path: `${DASHBOARD_API}/layout`,
    ...view,
    activity: 'dashboard.layout',
    body: dashboardLayout,
    response: { 200: dashboardLayout },
  }),
});
