/** To-do cards and their tasks. */
import type { TodoView } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

export interface NewTodo {
  title: string;
  description: string;
  tasks: string[];
  messageId: number | null;
  deviceId: string | null;
  jobId: number | null;
  createdByName: string;
}

export function todoStore(db: Db) {
  async function views(ids?: number[]): Promise<TodoView[]> {
    let cards = db.selectFrom('todos').selectAll();
    if (ids) cards = cards.where('id', 'in', ids);
    const rows = await cards.orderBy('completed').orderBy('id', 'desc').execute();
    if (!rows.length) return [];
    const tasks = await db
      .selectFrom('todo_tasks')
      .selectAll()
      .where(
        'todo_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      tasks: tasks
        .filter((t) => t.todo_id === r.id)
        .map((t) => ({ id: t.id, title: t.title, completed: t.completed === 1 })),
      completed: r.completed === 1,
      messageId: r.message_id,
      deviceId: r.device_id,
      jobId: r.job_id,
      createdByName: r.created_by_name,
      createdAt: Number(r.created_at),
      completedAt: r.completed_at === null ? null : Number(r.completed_at),
    }));
  }
  const one = async (id: number) => (await views([id]))[0];

  return {
    list: () => views(),
    get: one,
    async add(todo: NewTodo): Promise<number> {
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('todos')
          .values({
            title: todo.title.trim(),
            description: todo.description,
            message_id: todo.messageId,
            device_id: todo.deviceId,
            job_id: todo.jobId,
            created_by_name: todo.createdByName,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (todo.tasks.length)
          await trx
            .insertInto('todo_tasks')
            .values(todo.tasks.map((title) => ({ todo_id: id, title: title.trim() })))
            .execute();
        return id;
      });
    },
    async addTask(id: number, title: string): Promise<boolean> {
      if (!(await one(id))) return false;
      await db.insertInto('todo_tasks').values({ todo_id: id, title: title.trim() }).execute();
      return true;
    },
    /** Flips a task; resolves with its card's id, or undefined when there is no such task. */
    async toggleTask(taskId: number): Promise<number | undefined> {
      const task = await db.selectFrom('todo_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
      if (!task) return undefined;
      await db
        .updateTable('todo_tasks')
        .set({ completed: task.completed === 1 ? 0 : 1 })
        .where('id', '=', taskId)
        .execute();
      return task.todo_id;
    },
    /** Completes the card and every task of it. */
    async finish(id: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const done = await trx
          .updateTable('todos')
          .set({ completed: 1, completed_at: Date.now() })
          .where('id', '=', id)
          .executeTakeFirst();
        if (!Number(done.numUpdatedRows)) return false;
        await trx.updateTable('todo_tasks').set({ completed: 1 }).where('todo_id', '=', id).execute();
        return true;
      });
    },
  };
}
export type TodoStore = ReturnType<typeof todoStore>;
