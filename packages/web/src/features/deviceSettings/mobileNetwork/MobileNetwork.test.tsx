import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  apnProfileDefaults,
  messages,
  mobileNetworkDefaults,
  type ApnProfile,
  type CellSignal,
  type DeviceDashboard,
  type MobileNetworkSection,
  type SectionStateView,
} from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApnSettingBlock } from './ApnSettingBlock.tsx';
import { SavedProfilesBlock } from './SavedProfilesBlock.tsx';
import { SignalBlock } from './SignalBlock.tsx';
import { SimPinForm } from './SimPinBlock.tsx';
import { MobileNetworkEditor } from './MobileNetworkSection.tsx';
import { modemOf } from './useCellularLive.ts';

const corp: ApnProfile = {
  ...apnProfileDefaults,
  name: 'Corp',
  type: 'private',
  apn: 'corp.example',
  username: 'fleet',
  password: 'secret',
  auth: 'CHAP',
  country: 'Taiwan',
  operator: 'Chunghwa Telecom',
  sim: 'SIM2',
};
const privateDoc = (over: Partial<ApnProfile> = {}, saved: ApnProfile[] = []): MobileNetworkSection => ({
  ...mobileNetworkDefaults,
  apnSetting: { ...corp, name: 'Office', apn: 'office.apn', ...over },
  saveProfile: { apn_list: saved },
});

function renderApn(doc: MobileNetworkSection) {
  const apply = vi.fn(() => Promise.resolve(true));
  renderWithProviders(<ApnSettingBlock doc={doc} apply={apply} busy={false} />);
  return apply;
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('APN setting form', () => {
  it('wants an APN name for a private profile, with the protocol message', async () => {
    const apply = renderApn(privateDoc());
    type('apn-apn', '');
    fireEvent.click(screen.getByTestId('mobile-apn-apply'));
    expect(await screen.findByText(messages.apnNameEmpty)).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
  });

  it('wants user name, password and authentication all filled or all empty', async () => {
    const apply = renderApn(privateDoc());
    type('apn-password', '');
    fireEvent.click(screen.getByTestId('mobile-apn-save'));
    expect(await screen.findByText(messages.apnCredentialsPartial)).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
  });

  it('saves a profile without credentials as it opens, PAP pre-filled: empty credentials mean none', async () => {
    const apply = renderApn(privateDoc({ username: '', password: '', auth: apnProfileDefaults.auth }));
    expect(apnProfileDefaults.auth).toBe('PAP');
    fireEvent.click(screen.getByTestId('mobile-apn-save'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(screen.queryByText(messages.apnCredentialsPartial)).toBeNull();
  });

  it('wants a setting name without 「=」', async () => {
    const apply = renderApn(privateDoc());
    type('apn-name', 'a=b');
    fireEvent.click(screen.getByTestId('mobile-apn-apply'));
    expect(await screen.findByText(messages.noEquals)).toBeInTheDocument();
    type('apn-name', '');
    expect(await screen.findByText(messages.apnSettingNameEmpty)).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
  });

  it('needs no APN or credentials for a plug-and-play profile', async () => {
    const apply = renderApn(mobileNetworkDefaults);
    expect(screen.queryByTestId('apn-apn')).toBeNull();
    fireEvent.click(screen.getByTestId('mobile-apn-apply'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(apply).toHaveBeenCalledWith('mobileNetwork/apnSetting', {
      toggle: true,
      apnSetting: apnProfileDefaults,
    });
  });

  it('saves the form as a profile for later with POST saveProfile', async () => {
    const apply = renderApn(privateDoc());
    fireEvent.click(screen.getByTestId('mobile-apn-save'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(apply).toHaveBeenCalledWith('mobileNetwork/saveProfile', {
      ...corp,
      name: 'Office',
      apn: 'office.apn',
    });
  });
});

describe('quick select', () => {
  it('fills the form from a saved profile, which Apply then puts in use', async () => {
    const apply = renderApn(privateDoc({}, [corp]));
    fireEvent.mouseDown(screen.getByTestId('apn-quick-select').closest('.ant-select')!.firstElementChild!);
    fireEvent.click(await screen.findByTitle('Corp'));
    await waitFor(() => expect(screen.getByTestId('apn-name')).toHaveValue('Corp'));
    expect(screen.getByTestId('apn-apn')).toHaveValue('corp.example');
    expect(screen.getByTestId('apn-operator')).toHaveValue('Chunghwa Telecom');
    fireEvent.click(screen.getByTestId('mobile-apn-apply'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(apply).toHaveBeenCalledWith('mobileNetwork/apnSetting', {
      toggle: true,
      apnSetting: corp,
    });
  });

  it('is disabled while the device has no saved profile', () => {
    renderApn(privateDoc());
    expect(screen.getByTestId('apn-quick-select').closest('.ant-select')).toHaveClass('ant-select-disabled');
  });
});

describe('saved profiles', () => {
  it('deletes a profile through the frame with the SPEC question', () => {
    const apply = vi.fn(() => Promise.resolve(true));
    renderWithProviders(<SavedProfilesBlock profiles={[corp]} apply={apply} busy={false} />);
    const table = screen.getByTestId('mobile-saved-profiles');
    expect(within(table).getByText('corp.example')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('mobile-profile-delete-Corp'));
    expect(apply).toHaveBeenCalledWith(
      'mobileNetwork/deleteProfile',
      { name: 'Corp' },
      'Are you sure you want to delete this profile?',
    );
  });
});

describe('SIM PIN form', () => {
  function renderPin() {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SimPinForm initial={mobileNetworkDefaults.simSetting} busy={false} onSubmit={onSubmit} />,
    );
    return onSubmit;
  }

  it('refuses an empty PIN and one that is not 4 to 8 digits', async () => {
    const onSubmit = renderPin();
    type('mobile-pin-code', '');
    fireEvent.click(screen.getByTestId('mobile-pin-apply'));
    expect(await screen.findByText(messages.simPinEmpty)).toBeInTheDocument();
    type('mobile-pin-code', '12a4');
    expect(await screen.findByText(messages.simPinFormat)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the PIN with auto unlock switched on', async () => {
    const onSubmit = renderPin();
    type('mobile-pin-code', '246810');
    fireEvent.click(screen.getByTestId('mobile-pin-auto'));
    fireEvent.click(screen.getByTestId('mobile-pin-apply'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ auto_unlock: true, code: '246810' });
  });
});

describe('signal and information', () => {
  const signal: CellSignal = {
    technology: '5G',
    quality: 'good',
    rsrp: -97,
    rsrq: -11,
    snr: 14,
    band: 'n78',
    channel: 636666,
    cellId: '1A2B3C',
    operator: 'Chunghwa Telecom',
  };
  const live = {
    isLoading: false,
    hasModem: true,
    imei: '356938035643809',
    imsi: '466920123456789',
    iccid: '',
  };

  it('shows the cell figures and the modem identity', () => {
    renderWithProviders(<SignalBlock live={{ ...live, signal }} />);
    expect(screen.getByTestId('cell-rsrp')).toHaveTextContent('-97 dBm');
    expect(screen.getByTestId('cell-rsrq')).toHaveTextContent('-11 dB');
    expect(screen.getByTestId('cell-snr')).toHaveTextContent('14 dB');
    expect(screen.getByTestId('cell-band')).toHaveTextContent('n78');
    expect(screen.getByTestId('cell-channel')).toHaveTextContent('636666');
    expect(screen.getByTestId('cell-id')).toHaveTextContent('1A2B3C');
    expect(screen.getByTestId('cell-technology')).toHaveTextContent('5G');
    expect(screen.getByTestId('cell-imei')).toHaveTextContent('356938035643809');
    expect(screen.getByTestId('cell-imsi')).toHaveTextContent('466920123456789');
  });

  it('says so while the device has not reported a signal', () => {
    renderWithProviders(<SignalBlock live={{ ...live, signal: null }} />);
    expect(screen.getByTestId('mobile-signal-none')).toBeInTheDocument();
    expect(screen.queryByTestId('cell-rsrp')).toBeNull();
  });
});

describe('a device without a modem', () => {
  const dashboard = (capabilities: string[], cellular: DeviceDashboard['cellular'] = null) =>
    ({ cellular, device: { capabilities } }) as unknown as DeviceDashboard;

  it('is told apart from a cellular one, and from one that has not announced itself yet', () => {
    expect(modemOf(dashboard(['reboot', 'poe']))).toBe(false);
    expect(modemOf(dashboard(['reboot', 'cellular']))).toBe(true);
    expect(modemOf(dashboard([], { imei: '356938035643809', imsi: '' }))).toBe(true);
    expect(modemOf(dashboard([]))).toBeNull();
    expect(modemOf(undefined)).toBeNull();
  });

  it('gets a notice instead of the form', () => {
    const context = { view: {} as SectionStateView, apply: vi.fn(), busy: false };
    const live = { isLoading: false, hasModem: false, signal: null, imei: '', imsi: '', iccid: '' };
    renderWithProviders(<MobileNetworkEditor context={context} live={live} />);
    expect(screen.getByTestId('mobile-no-modem')).toHaveTextContent('This device has no cellular modem');
    expect(screen.queryByTestId('mobile-apn-form')).toBeNull();
  });
});
