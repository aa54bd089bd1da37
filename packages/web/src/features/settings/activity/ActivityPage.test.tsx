import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityRow } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { ActivityPage } from './ActivityPage.tsx';

const row = (id: number): ActivityRow => ({
  id,
  userName: 'admin',
  action: `user.edit-${id}`,
  target: '/api/v1/settings/account/users',
  ip: '127.0.0.1',
  statusCode: 200,
  date: Date.UTC(2026, 0, 1, 12, 0, 0) - id * 1000,
});

describe('Settings > Activity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pages on the server, 10 rows a page, with the total the server counts', async () => {
    const fetchSpy = vi.fn((input: RequestInfo | URL) => {
      const page = Number(new URL(String(input), 'http://x').searchParams.get('page'));
      const list = Array.from({ length: page === 3 ? 5 : 10 }, (_, i) => row((page - 1) * 10 + i + 1));
      return Promise.resolve(
        new Response(JSON.stringify({ list, page, pageSize: 10, totalNumber: 25 }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<ActivityPage />);
    expect(await screen.findByText('user.edit-1')).toBeInTheDocument();
    expect(screen.getByText('1-10 of 25')).toBeInTheDocument();
    // The page also reads the retention setting and the user's permissions: only the list calls page.
    const listCalls = () =>
      fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/activity/list'));
    expect(listCalls()[0]).toContain('page=1&pageSize=10');
    await userEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('user.edit-21')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().at(-1)).toContain('page=3&pageSize=10'));
    expect(screen.getByText('21-25 of 25')).toBeInTheDocument();
  });
});
