/**
 * Schedule. Reading needs the Schedule app; adding, editing, deleting and re-running an occurrence's job
 * need its ScheduleCreate control (SPEC 6: the one Schedule permission seen as a control). Colours are the
 * caller's own. job and rerun take the id of a job an occurrence created.
 */
import { okResponse } from '../auth.ts';
import {
  groupColour,
  groupColoursResponse,
  scheduleEditRequest,
  scheduleEventsQuery,
  scheduleEventsResponse,
  scheduleGroupsResponse,
  scheduleIdQuery,
  scheduleIdRequest,
  scheduleJobsResponse,
  scheduleListResponse,
  scheduleRequest,
  scheduleView,
} from '../schedules.ts';
import { jobDetail } from '../jobs.ts';
import { canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const SCHEDULE_PATH = '/api/v1/schedule';
const view = { permission: canView('Schedule') };
const create = (action: string) => ({
  permission: canView('ScheduleCreate'),
  activity: `schedule.${action}`,
});

export const scheduleEndpoints = featureEndpoints('schedule', {
  list: endpoint({
    method: 'GET',
    path: `${SCHEDULE_PATH}/list`,
    ...view,
    response: { 200: scheduleListResponse },
  }),
  add: endpoint({
    method: 'POST',
    path: `${SCHEDULE_PATH}/add`,
    ...create('add'),
    body: scheduleRequest,
    response: { 200: scheduleView },
  }),
  edit: endpoint({
    method: 'PATCH',
    path: `${SCHEDULE_PATH}/edit`,
    ...create('edit'),
    body: scheduleEditRequest,
    response: { 200: scheduleView },
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${SCHEDULE_PATH}/delete`,
    ...create('delete'),
    body: scheduleIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  events: endpoint({
    method: 'GET',
    path: `${SCHEDULE_PATH}/events`,
    ...view,
    query: scheduleEventsQuery,
    response: { 200: scheduleEventsResponse },
  }),
  jobs: endpoint({
    method: 'GET',
    path: `${SCHEDULE_PATH}/jobs`,
    ...view,
    query: scheduleIdQuery,
    response: { 200: scheduleJobsResponse },
    errors: [404],
  }),
  job: endpoint({
    method: 'GET',
    path: `${SCHEDULE_PATH}/job`,
    ...view,
    query: scheduleIdQuery,
    response: { 200: jobDetail },
    errors: [404],
  }),
  rerun: endpoint({
    method: 'POST',
    path: `${SCHEDULE_PATH}/rerun`,
    ...create('rerun'),
    body: scheduleIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  groups: endpoint({
    method: 'GET',
    path: `${SCHEDULE_PATH}/groups`,
    ...view,
    response: { 200: scheduleGroupsResponse },
  }),
  colours: endpoint({
    method: 'GET',
    path: `${SCHEDULE_PATH}/colours`,
    ...view,
    response: { 200: groupColoursResponse },
  }),
  setColour: endpoint({
    method: 'PATCH',
    path: `${SCHEDULE_PATH}/colours`,
    ...view,
    activity: 'schedule.colour',
    body: groupColour,
    response: { 200: groupColoursResponse },
  }),
});
