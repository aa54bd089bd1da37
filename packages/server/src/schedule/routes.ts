/**
 * Schedule's API. Reading needs the Schedule app; adding, editing, deleting and re-running an occurrence's
 * job need its ScheduleCreate control (SPEC 6: the one Schedule permission seen as a control). Colours are
 * the caller's own. job and rerun take the id of a job an occurrence created.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canView,
  groupColour,
  jobDetail,
  groupColoursResponse,
  messages,
  okResponse,
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
} from '@edge/protocol';
import type { ScheduleService } from './service.ts';

export const SCHEDULE_PATH = '/api/v1/schedule';
const tags = ['schedule'];
const view = { permission: canView('Schedule') };
const create = (action: string) => ({
  permission: canView('ScheduleCreate'),
  activity: `schedule.${action}`,
});
const userOf = (request: FastifyRequest) => request.identity!;

export function scheduleRoutes(schedules: ScheduleService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${SCHEDULE_PATH}/list`,
      { config: view, schema: { tags, response: { 200: scheduleListResponse } } },
      async () => ({ list: await schedules.list(), timeZone: schedules.timeZone }),
    );
    r.post(
      `${SCHEDULE_PATH}/add`,
      { config: create('add'), schema: { tags, body: scheduleRequest, response: { 200: scheduleView } } },
      async (request) => schedules.add(request.body, userOf(request)),
    );
    r.patch(
      `${SCHEDULE_PATH}/edit`,
      {
        config: create('edit'),
        schema: { tags, body: scheduleEditRequest, response: { 200: scheduleView } },
      },
      async (request) => schedules.edit(request.body.id, request.body, userOf(request)),
    );
    r.delete(
      `${SCHEDULE_PATH}/delete`,
      { config: create('delete'), schema: { tags, body: scheduleIdRequest, response: { 200: okResponse } } },
      async (request) => {
        await schedules.remove(request.body.id);
        return { message: messages.scheduleDeleted };
      },
    );
    r.get(
      `${SCHEDULE_PATH}/events`,
      {
        config: view,
        schema: { tags, querystring: scheduleEventsQuery, response: { 200: scheduleEventsResponse } },
      },
      async (request) => ({ list: await schedules.events(request.query), timeZone: schedules.timeZone }),
    );
    r.get(
      `${SCHEDULE_PATH}/jobs`,
      {
        config: view,
        schema: { tags, querystring: scheduleIdQuery, response: { 200: scheduleJobsResponse } },
      },
      async (request) => ({ list: await schedules.jobs(request.query.id) }),
    );
    r.get(
      `${SCHEDULE_PATH}/job`,
      { config: view, schema: { tags, querystring: scheduleIdQuery, response: { 200: jobDetail } } },
      async (request) => schedules.job(request.query.id),
    );
    r.post(
      `${SCHEDULE_PATH}/rerun`,
      { config: create('rerun'), schema: { tags, body: scheduleIdRequest, response: { 200: jobDetail } } },
      async (request) => schedules.rerun(request.body.id),
    );
    r.get(
      `${SCHEDULE_PATH}/groups`,
      { config: view, schema: { tags, response: { 200: scheduleGroupsResponse } } },
      async () => ({ list: await schedules.groups() }),
    );
    r.get(
      `${SCHEDULE_PATH}/colours`,
      { config: view, schema: { tags, response: { 200: groupColoursResponse } } },
      async (request) => ({ list: await schedules.colours(userOf(request).userId) }),
    );
    r.patch(
      `${SCHEDULE_PATH}/colours`,
      {
        config: { ...view, activity: 'schedule.colour' },
        schema: { tags, body: groupColour, response: { 200: groupColoursResponse } },
      },
      async (request) => ({ list: await schedules.setColour(userOf(request).userId, request.body) }),
    );
  };
}
