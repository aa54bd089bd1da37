import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullPermissionSet, type GroupColour, type PermissionSet } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import SchedulePanel from './SchedulePanel.tsx';

const grant = { control: { enable: true }, isManagement: false };

function renderPanel(permissions: PermissionSet) {
  let colours: GroupColour[] = [];
  const stub = stubFetch({
    'GET /api/v1/schedule/groups': () => ({
      body: {
        list: [
          { id: 1, name: 'Sites', devices: [{ id: 'd1', name: 'Gateway 1' }] },
          { id: 2, name: 'Lab', devices: [] },
        ],
      },
    }),
    'GET /api/v1/schedule/colours': () => ({ body: { list: colours } }),
    'PATCH /api/v1/schedule/colours': (body) => {
      colours = [...colours.filter((c) => c.groupId !== (body as GroupColour).groupId), body as GroupColour];
      return { body: { list: colours } };
    },
  });
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo({}, permissions));
  renderWithProviders(<SchedulePanel />, { queryClient });
  return stub;
}

describe('the sidebar Schedule panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Create with the ScheduleCreate control, and Backup as the only task type', async () => {
    renderPanel(fullPermissionSet());
    expect(await screen.findByTestId('schedule-create')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Task type' }));
    // antd's accessible list carries the values; the drawn options carry the labels.
    expect((await screen.findAllByRole('option')).map((o) => o.getAttribute('aria-selected'))).toHaveLength(
      1,
    );
    const drawn = document.querySelectorAll('.ant-select-item-option');
    expect([...drawn].map((o) => o.textContent)).toEqual(['Backup']);
  });

  it('shows no Create button to a role without the ScheduleCreate control', async () => {
    renderPanel({ Schedule: grant });
    expect(await screen.findByText('Sites')).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-create')).toBeNull();
  });

  it("keeps a group's tick in 'My Calender' for the user", async () => {
    const stub = renderPanel({ Schedule: grant });
    const list = await screen.findByTestId('schedule-my-calendar');
    const sites = await within(list).findByRole('checkbox', { name: 'Sites' });
    expect(sites).toBeChecked();
    await userEvent.click(sites);
    await waitFor(() => expect(sites).not.toBeChecked());
    const patch = stub.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      groupId: 1,
      shown: false,
      colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });
});
