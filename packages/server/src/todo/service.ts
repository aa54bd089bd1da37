/**
 * To-do: cards added by hand or assigned from a message (then titled by it, pointing at its device and at
 * the failed job it is about), completed, and re-running that job's failed steps through the jobs service.
 */
import { messages, type TodoRequest, type TodoView } from '@edge/protocol';
import type { JobService } from '../jobs/index.ts';
import type { MessageService } from '../messages/service.ts';
import { fail } from '../http/errors.ts';
import type { TodoStore } from './store.ts';

export function todoService(deps: { store: TodoStore; messages: MessageService; jobs: JobService }) {
  const { store } = deps;
  async function view(id: number): Promise<TodoView> {
    const todo = await store.get(id);
    if (!todo) throw fail(404, 'notFound');
    return todo;
  }
  return {
    list: store.list,
    async add(request: TodoRequest, by: { userId: number; userName: string }): Promise<TodoView> {
      const createdByName = by.userName;
      const message =
        request.messageId === undefined ? undefined : await deps.messages.get(request.messageId, by.userId);
      const id = await store.add({
        title: request.title,
        description: request.description || (message?.detail ?? ''),
        tasks: request.tasks,
        messageId: message?.id ?? null,
        deviceId: message?.deviceId ?? null,
        jobId: message?.jobId ?? null,
        createdByName,
      });
      // Assigning a message is acting on it: it no longer counts as unread for the one who assigned it.
      if (message && !message.read) await deps.messages.markRead([message.id], true, by.userId);
      return view(id);
    },
    async addTask(id: number, title: string): Promise<TodoView> {
      if (!(await store.addTask(id, title))) throw fail(404, 'notFound');
      return view(id);
    },
    async toggleTask(taskId: number): Promise<TodoView> {
      const id = await store.toggleTask(taskId);
      if (id === undefined) throw fail(404, 'notFound');
      return view(id);
    },
    async finish(id: number) {
      if (!(await store.finish(id))) throw fail(404, 'notFound');
      return { message: messages.finishTaskSuccess, todo: await view(id) };
    },
    async rerun(id: number) {
      const todo = await view(id);
      if (todo.jobId === null) throw fail(400, 'todoNoJob');
      await deps.jobs.rerun(todo.jobId);
      return { message: messages.rerunTaskSuccess, todo };
    },
  };
}
export type TodoService = ReturnType<typeof todoService>;
