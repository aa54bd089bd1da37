import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullPermissionSet, type JobDetail, type StepView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import { JobDrawer } from './JobDrawer.tsx';

const step = (id: number, deviceId: string, extra: Partial<StepView>): StepView => ({
  id,
  deviceId,
  state: 'succeeded',
  wave: 1,
  progress: 100,
  note: null,
  reason: null,
  result: null,
  attempts: 1,
  startedAt: 1,
  finishedAt: 2,
  updatedAt: 2,
  ...extra,
});

const counts = {
  queued: 0,
  waiting: 0,
  running: 0,
  succeeded: 1,
  failed: 1,
  cancelled: 0,
  expired: 0,
  interrupted: 0,
};
const detail: JobDetail = {
  job: {
    id: 7,
    kind: 'backup.device',
    title: 'Nightly',
    params: {},
    createdBy: 'schedule',
    createdByName: 'Nightly',
    state: 'failed',
    counts,
    options: { concurrency: 10, canaryShare: 0, maxFailedShare: 1, deadlineMs: 3600_000 },
    deadlineAt: 10,
    createdAt: 1,
    finishedAt: 3,
    pausedAt: null,
  },
  steps: [
    step(1, 'd1', {
      result: { fileId: 'backup/d1/5-ab', fileName: 'backup-d1.json', size: 10, sections: 2 },
    }),
    step(2, 'd2', { state: 'failed', reason: 'device gone' }),
  ],
};

describe("an occurrence's job", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links each backup file and re-runs the failed devices', async () => {
    const stub = stubFetch({
      'GET /api/v1/schedule/job': () => ({ body: detail }),
      'GET /api/v1/schedule/groups': () => ({
        body: { list: [{ id: 1, name: 'Sites', devices: [{ id: 'd1', name: 'Gateway 1' }] }] },
      }),
      'POST /api/v1/schedule/rerun': () => ({ body: detail }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    const queryClient = createQueryClient();
    queryClient.setQueryData(accountInfoKey, accountInfo({}, fullPermissionSet()));
    renderWithProviders(<JobDrawer jobId={7} onClose={() => undefined} />, { queryClient });

    const link = await screen.findByRole('link', { name: /backup-d1\.json/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/api/v1/uploadFile/get?id=backup%2Fd1%2F5-ab');
    expect(await screen.findByText('Gateway 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Re-run the failed devices/ }));
    expect(await screen.findByText('Rerun task successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 7 });
  });
});
