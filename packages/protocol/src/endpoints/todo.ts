/** To-do: reading needs the ToDo app; adding, completing and re-running need its management. */
import { idBody } from '../alert-messages.ts';
import {
  TODO_PATH,
  todoActResponse,
  todoAddTaskRequest,
  todoListResponse,
  todoRequest,
  todoTaskIdRequest,
  todoView,
} from '../todo.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const manage = (action: string) => ({ permission: canManage('ToDo'), activity: `todo.${action}` });

export const todoEndpoints = featureEndpoints('todo', {
  list: endpoint({
    method: 'GET',
    path: `${TODO_PATH}/list`,
    permission: canView('ToDo'),
    response: { 200: todoListResponse },
  }),
  add: endpoint({
    method: 'POST',
    path: `${TODO_PATH}/add`,
    ...manage('add'),
    body: todoRequest,
    response: { 200: todoView },
    errors: [404],
  }),
  addTask: endpoint({
    method: 'POST',
    path: `${TODO_PATH}/task/add`,
    ...manage('addTask'),
    body: todoAddTaskRequest,
    response: { 200: todoView },
    errors: [404],
  }),
  toggleTask: endpoint({
    method: 'POST',
    path: `${TODO_PATH}/task/toggle`,
    ...manage('toggleTask'),
    body: todoTaskIdRequest,
    response: { 200: todoView },
    errors: [404],
  }),
  finish: endpoint({
    method: 'POST',
    path: `${TODO_PATH}/finish`,
    ...manage('finish'),
    body: idBody,
    response: { 200: todoActResponse },
    errors: [404],
  }),
  rerun: endpoint({
    method: 'POST',
    path: `${TODO_PATH}/rerun`,
    ...manage('rerun'),
    body: idBody,
    response: { 200: todoActResponse },
    errors: [404],
  }),
});
