/**
 * The rollout dialog of Settings > Upgrade over a stubbed API: a group can be chosen instead of (or beside)
 * devices, and the request carries it; with neither chosen nothing can be started; a firmware image offers
 * only the devices of its model.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  UPGRADE_API,
  UPGRADE_DEFAULTS,
  messages,
  type DeviceImageView,
  type DeviceVersionRow,
  type UpgradeInfo,
} from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import { UpgradePage } from './UpgradePage.tsx';

const info: UpgradeInfo = {
  version: '1.0.0',
  uptime: 60,
  lastChecked: null,
  lastCheckError: null,
  settings: UPGRADE_DEFAULTS,
  feedSource: 'none',
  live: { date: null, model: 'Edge Console', status: 'unknown', uptime: 60, version: null },
  available: null,
  staged: null,
};
const image = (
  id: number,
  kind: DeviceImageView['kind'],
  model: string,
  version: string,
): DeviceImageView => ({
  id,
  kind,
  model,
  version,
  size: 10,
  sha256: 'a'.repeat(64),
  uploadedAt: 1,
  uploadedBy: 'admin',
});
const device = (n: number, model: string): DeviceVersionRow => ({
  deviceId: `00000000000000${n}0`,
  name: `Router ${n}`,
  serial: `SN-${n}`,
  model,
  online: true,
  firmware: '1.0',
  agentVersion: '0.1.0',
  state: null,
  updatedAt: null,
});

function renderPage() {
  const stub = stubFetch({
    [`GET ${UPGRADE_API}/info`]: () => ({ body: info }),
    [`GET ${UPGRADE_API}/image/list`]: () => ({
      body: { list: [image(1, 'agent', '*', '5.0.0'), image(2, 'firmware', 'RX-100', '2.0')] },
    }),
    [`GET ${UPGRADE_API}/versions`]: () => ({ body: { list: [device(1, 'RX-100'), device(2, 'GW-7')] } }),
    'GET /api/v1/inventory/group/list': () => ({
      body: {
        list: [
          { id: 4, name: 'North', customerID: null },
          { id: 5, name: 'South', customerID: null },
        ],
      },
    }),
    [`POST ${UPGRADE_API}/rollout`]: () => ({ body: { jobId: 9, message: messages.upgradeStarted } }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo());
  renderWithProviders(<UpgradePage />, { queryClient });
  return stub;
}

const dialog = () => within(screen.getByRole('dialog'));
const start = () => screen.getByTestId('upgrade-rollout-start');

async function pick(testId: string, label: string) {
  await userEvent.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  const option = [...document.querySelectorAll('.ant-select-item-option')].find(
    (o) => o.textContent === label,
  );
  expect(option, label).toBeDefined();
  await userEvent.click(option!);
}

describe('the rollout dialog', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts a rollout to a group: the request names the group', async () => {
    const stub = renderPage();
    await userEvent.click(await screen.findByTestId('upgrade-rollout-open-5.0.0'));
    expect(dialog().getByText('Group')).toBeInTheDocument();
    expect(start()).toBeDisabled();
    await pick('upgrade-rollout-group', 'South');
    expect(start()).toBeEnabled();
    await userEvent.click(start());
    await waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/rollout'))?.body).toEqual({
        imageId: 1,
        deviceIds: [],
        groupId: 5,
        canaryShare: 0.1,
        maxFailedShare: 0.2,
      }),
    );
  });

  it('a firmware image offers the devices of its model; a device and a group may go together', async () => {
    const stub = renderPage();
    await userEvent.click(await screen.findByTestId('upgrade-rollout-open-2.0'));
    await userEvent.click(within(screen.getByTestId('upgrade-rollout-devices')).getByRole('combobox'));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(offered).toEqual(['Router 1 (SN-1)']);
    await userEvent.click(document.querySelector('.ant-select-item-option')!);
    await pick('upgrade-rollout-group', 'North');
    await userEvent.click(start());
    await waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/rollout'))?.body).toMatchObject({
        imageId: 2,
        deviceIds: ['0000000000000010'],
        groupId: 4,
      }),
    );
  });
});
