/** The signed-in user's own notification list; every signed-in user has one. */
import {
  NOTIFICATIONS_PATH,
  notificationCreateRequest,
  notificationIdParams,
  notificationListResponse,
  notificationProgressRequest,
  storedNotification,
} from '../notifications.ts';
import { okResponse } from '../auth.ts';
import { userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const own = { permission: userRoute };

export const notificationsEndpoints = featureEndpoints('notifications', {
  list: endpoint({
    method: 'GET',
    path: NOTIFICATIONS_PATH,
    ...own,
    response: { 200: notificationListResponse },
  }),
  add: endpoint({
    method: 'POST',
    path: NOTIFICATIONS_PATH,
    ...own,
    body: notificationCreateRequest,
    response: { 200: storedNotification },
  }),
  progress: endpoint({
    method: 'PATCH',
    path: `${NOTIFICATIONS_PATH}/:id`,
    ...own,
    params: notificationIdParams,
    body: notificationProgressRequest,
    response: { 200: storedNotification },
    errors: [404],
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: `${NOTIFICATIONS_PATH}/read`,
    ...own,
    response: { 200: okResponse },
  }),
  clear: endpoint({ method: 'DELETE', path: NOTIFICATIONS_PATH, ...own, response: { 200: okResponse } }),
});
