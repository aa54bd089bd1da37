/** To-do's API (declared in protocol endpoints/todo.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { TodoService } from './service.ts';

const { todo: declared } = endpoints;

export function todoRoutes(todos: TodoService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async () => ({ list: await todos.list() }));
    serve(app, declared.add, async (request) => todos.add(request.body, request.identity!));
    serve(app, declared.addTask, async (request) => todos.addTask(request.body.id, request.body.title));
    serve(app, declared.toggleTask, async (request) => todos.toggleTask(request.body.taskId));
    serve(app, declared.finish, async (request) => todos.finish(request.body.id));
    serve(app, declared.rerun, async (request) => todos.rerun(request.body.id));
  };
}
