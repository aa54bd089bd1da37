import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { generalDefaults } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { settingsRoute, stubSection } from '../../test/settingsSection.ts';
import { GeneralSection } from './GeneralSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const REMOTE_HELP = settingsRoute('POST', 'agent/generalSetting/setting');

function renderGeneral(remoteHelp: boolean) {
  const stub = stubSection('general', { ...generalDefaults, remoteHelp }, {}, [REMOTE_HELP]);
  renderWithProviders(<GeneralSection deviceId="dev1" />);
  const writes = () =>
    stub.calls.filter((c) => c.url.endsWith('agent/generalSetting/setting')).map((c) => c.body);
  return { writes };
}

describe('Remote help (SPEC 4)', () => {
  it('turns on only after a confirmation that says port 22 becomes reachable for support', async () => {
    const { writes } = renderGeneral(false);
    const toggle = await screen.findByTestId('general-remote-help');
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Port 22 of the device becomes reachable for support through the console.',
    );
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await vi.waitFor(() => expect(writes()).toEqual([{ id: 'dev1', remoteHelp: true }]));
  });

  it('stays as it was when the confirmation is cancelled', async () => {
    const { writes } = renderGeneral(true);
    const toggle = await screen.findByTestId('general-remote-help');
    expect(toggle).toBeChecked();
    expect(screen.getByTestId('general-remote-help-hint')).toHaveTextContent('port 22');
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Turn off remote help?');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(writes()).toEqual([]);
    expect(screen.getByTestId('general-remote-help')).toBeChecked();
  });
});

describe('Device name', () => {
  it("starts from the device's own name when nothing is set or reported yet", async () => {
    stubSection('general', null, {
      [settingsRoute('GET', 'generalSetting/getConfig')]: () => ({
        body: { deviceName: 'rutm50-demo-000002' },
      }),
    });
    renderWithProviders(<GeneralSection deviceId="dev1" />);
    expect(await screen.findByTestId('general-device-name')).toHaveValue('rutm50-demo-000002');
    expect(generalDefaults.deviceName).not.toBe('rutm50-demo-000002');
  });
});
