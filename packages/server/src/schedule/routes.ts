/**
 * Schedule's API (declared in protocol endpoints/schedule.ts). Reading needs the Schedule app; adding,
 * editing, deleting and re-running an occurrence's job need its ScheduleCreate control. Colours are the
 * caller's own. job and rerun take the id of a job an occurrence created.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { ScheduleService } from './service.ts';

const { schedule: declared } = endpoints;
const userOf = (request: Pick<FastifyRequest, 'identity'>) => request.identity!;

export function scheduleRoutes(schedules: ScheduleService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async () => ({ list: await schedules.list(), timeZone: schedules.timeZone }));
    serve(app, declared.add, async (request) => schedules.add(request.body, userOf(request)));
    serve(app, declared.edit, async (request) =>
      schedules.edit(request.body.id, request.body, userOf(request)),
    );
    serve(app, declared.remove, async (request) => {
      await schedules.remove(request.body.id);
      return { message: messages.scheduleDeleted };
    });
    serve(app, declared.events, async (request) => ({
      list: await schedules.events(request.query),
      timeZone: schedules.timeZone,
    }));
    serve(app, declared.jobs, async (request) => ({ list: await schedules.jobs(request.query.id) }));
    serve(app, declared.job, async (request) => schedules.job(request.query.id));
    serve(app, declared.rerun, async (request) => schedules.rerun(request.body.id));
    serve(app, declared.groups, async () => ({ list: await schedules.groups() }));
    serve(app, declared.colours, async (request) => ({
      list: await schedules.colours(userOf(request).userId),
    }));
    serve(app, declared.setColour, async (request) => ({
      list: await schedules.setColour(userOf(request).userId, request.body),
    }));
  };
}
