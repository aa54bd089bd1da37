import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type TodoView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { TodoCard } from './TodoCard.tsx';

const card = (over: Partial<TodoView> = {}): TodoView => ({
  id: 3,
  title: 'Backup failed on gw-lobby',
  description: '',
  tasks: [{ id: 1, title: 'Check the disk', completed: false }],
  completed: false,
  messageId: 9,
  deviceId: 'dev-1',
  jobId: 12,
  createdByName: 'admin',
  createdAt: 0,
  completedAt: null,
  ...over,
});

function renderCard(todo: TodoView, canManage = true) {
  const answer = { body: { message: '', todo } };
  const stub = stubFetch({
    'POST /api/v1/todo/rerun': () => ({ body: { ...answer.body, message: messages.rerunTaskSuccess } }),
    'POST /api/v1/todo/finish': () => ({ body: { ...answer.body, message: messages.finishTaskSuccess } }),
    'POST /api/v1/todo/task/toggle': () => ({ body: todo }),
    'GET /api/v1/todo/list': () => ({ body: { list: [todo] } }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<TodoCard todo={todo} canManage={canManage} />);
  return stub;
}

describe('a To-do card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('re-runs the failed job it came from, ticks a task and finishes after asking', async () => {
    const stub = renderCard(card());
    await userEvent.click(screen.getByTestId('todo-rerun'));
    expect(await screen.findByText(messages.rerunTaskSuccess)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Check the disk' }));
    await waitFor(() => expect(stub.calls.some((c) => c.url.endsWith('/task/toggle'))).toBe(true));
    await userEvent.click(screen.getByTestId('todo-finish'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText(messages.finishTaskSuccess)).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/todo/finish'))?.body).toEqual({ id: 3 });
  });

  it('offers no Rerun without a job', () => {
    renderCard(card({ jobId: null }));
    expect(screen.queryByTestId('todo-rerun')).toBeNull();
    expect(screen.getByTestId('todo-finish')).toBeInTheDocument();
  });

  it('shows a completed card as completed, without actions', () => {
    renderCard(card({ completed: true }), false);
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByTestId('todo-finish')).toBeNull();
  });
});
