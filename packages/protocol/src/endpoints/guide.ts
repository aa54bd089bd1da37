/** The quick-start guide: whether it opens on its own for the signed-in user, and their Don't show again. */
import { guideRequest, guideState } from '../guide.ts';
import { userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/guide';

export const guideEndpoints = featureEndpoints('guide', {
  get: endpoint({ method: 'GET', path: PATH, permission: userRoute, response: { 200: guideState } }),
  set: endpoint({
    method: 'PATCH',
    path: PATH,
    permission: userRoute,
    activity: 'guide.set',
    body: guideRequest,
    response: { 200: guideState },
  }),
});
