/**
 * To-do (SPEC 2, 3): cards with a title, a description and their tasks; a card may come from a message
 * (assigned from Messages), and then it can re-run the failed job the message is about.
 * Endpoints: endpoints/todo.ts.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { requiredField, textRule } from './validation.ts';

export const TODO_PATH = '/api/v1/todo';

const taskTitle = requiredField(textRule('todoTitleEmpty', 128));

export const todoRequest = z.object({
  title: requiredField(textRule('todoTitleEmpty', 128)),
  description: z.string().max(1024, messages.textTooLong).default(''),
  tasks: z.array(taskTitle).max(50).default([]),
  /** The message this card is assigned from. */
  messageId: z.number().int().positive().optional(),
});
export type TodoRequest = z.infer<typeof todoRequest>;

export const todoAddTaskRequest = z.object({ id: z.number().int().positive(), title: taskTitle });
export const todoTaskIdRequest = z.object({ taskId: z.number().int().positive() });

export const todoTaskView = z.object({ id: z.number(), title: z.string(), completed: z.boolean() });
export const todoView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  tasks: z.array(todoTaskView),
  completed: z.boolean(),
  messageId: z.number().nullable(),
  deviceId: z.string().nullable(),
  /** The failed job the card's message is about: Rerun runs its failed steps again. */
  jobId: z.number().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
  completedAt: z.number().nullable(),
});
export type TodoView = z.infer<typeof todoView>;
export const todoListResponse = z.object({ list: z.array(todoView) });
export const todoActResponse = z.object({ message: z.string(), todo: todoView });
