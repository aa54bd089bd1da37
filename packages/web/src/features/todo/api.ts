/** The To-do app's calls (protocol endpoints/todo.ts). */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { messagesKey } from '../messages/api.ts';

const { todo } = endpoints;
export const todoKey = queryKeys.feature('todo');
const changed = { invalidates: [todoKey] };

export const useTodos = () => useEndpointQuery(todo.list, undefined, { select: (r) => r.list });
/** Assigning a message marks it read: Messages reads again too. */
export const useAddTodo = () => useEndpointMutation(todo.add, { invalidates: [todoKey, messagesKey] });
export const useAddTask = () => useEndpointMutation(todo.addTask, changed);
export const useToggleTask = () =>
  useEndpointMutation(todo.toggleTask, { ...changed, toInput: (taskId: number) => ({ taskId }) });
export const useFinishTodo = () =>
  useEndpointMutation(todo.finish, { ...changed, toInput: (id: number) => ({ id }) });
export const useRerunTodo = () =>
  useEndpointMutation(todo.rerun, { ...changed, toInput: (id: number) => ({ id }) });
