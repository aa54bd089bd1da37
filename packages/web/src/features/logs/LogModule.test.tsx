import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullPermissionSet, type LogListResponse, type PermissionSet } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import LogModule from './LogModule.tsx';

const row = (id: number) => ({
  id,
  level: id % 2 ? ('warning' as const) : ('info' as const),
  createdAt: 1_795_680_000_000 - id * 1000,
  deviceID: 'd1',
  deviceName: 'Gateway 1',
  program: 'netifd',
  message: `line ${id}`,
});

function renderLog(permissions: PermissionSet, route = '/?deviceID=d1') {
  const stub = stubFetch({
    'GET /api/v2/logs/list': () => ({ body: {} }),
    'GET /api/v1/logs/programList': () => ({ body: { list: ['netifd', 'kernel'] } }),
    'GET /api/v1/inventory/list': () => ({ body: { list: [], page: 1, pageSize: 40, totalNumber: 0 } }),
    'GET /api/v1/logs/setting': () => ({ body: { reportMode: 'Info', expiryDays: 30 } }),
    'POST /logs/reset': () => ({ body: { deleted: 12 } }),
    'GET /api/v1/logs/download': () => ({
      status: 500,
      body: { err_message: 'Failed to download log file', err_code: 'logDownloadFailed' },
    }),
  });
  // The page answers by its number: page 1 lists 2 and 3 ahead, with a page ID.
  const pages = (url: string): LogListResponse => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
    return {
      list: [row(page * 10), row(page * 10 + 1)],
      pageID: `${1_795_680_000_000 - page}.${page * 10 + 1}`,
      pageCurrent: page,
      pageArray: [1, 2, 3],
      pageSize: 10,
    };
  };
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith('/api/v2/logs/list')) {
      await stub.fetch(input, init);
      return new Response(JSON.stringify(pages(url)), { headers: { 'content-type': 'application/json' } });
    }
    return stub.fetch(input, init);
  };
  vi.stubGlobal('fetch', fetchStub);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo({}, permissions));
  renderWithProviders(<LogModule />, { queryClient, route });
  return stub;
}

const listCalls = (stub: ReturnType<typeof stubFetch>) =>
  stub.calls
    .filter((c) => c.url.startsWith('/api/v2/logs/list'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('the Log app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the page and reads the next one after its page ID, any other page by number', async () => {
    const stub = renderLog(fullPermissionSet());
    expect(await screen.findByText('line 10')).toBeInTheDocument();
    expect(listCalls(stub)[0]!.get('deviceID')).toBe('d1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('line 20')).toBeInTheDocument();
    const second = listCalls(stub).at(-1)!;
    expect(second.get('page')).toBe('2');
    expect(second.get('pageID')).toBe(`${1_795_680_000_000 - 1}.11`);
    // Back to page 1: by number (no page ID), the answer the client already holds.
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('line 10')).toBeInTheDocument();
    expect(listCalls(stub).filter((q) => q.get('pageID'))).toHaveLength(1);
  });

  it('clears after the warning that it cannot be reverted, for the device filtered', async () => {
    const stub = renderLog(fullPermissionSet());
    await userEvent.click(await screen.findByTestId('log-clear'));
    expect(await screen.findByText('This operation will not be able to revert')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.method === 'POST' && c.url === '/logs/reset')).toBe(true),
    );
    expect(stub.calls.find((c) => c.url === '/logs/reset')!.body).toEqual({ deviceID: 'd1' });
    expect(await screen.findByText('Reset success!')).toBeInTheDocument();
  });

  it('offers no clear or settings without Log management; a failed download says so', async () => {
    renderLog({ Log: { control: { enable: true }, isManagement: false } });
    expect(await screen.findByText('line 10')).toBeInTheDocument();
    expect(screen.queryByTestId('log-clear')).toBeNull();
    expect(screen.queryByTestId('log-settings-open')).toBeNull();
    await userEvent.click(screen.getByTestId('log-download'));
    expect(await screen.findByText('Failed to download log file')).toBeInTheDocument();
  });
});
