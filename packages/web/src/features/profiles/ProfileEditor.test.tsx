/**
 * A policy profile edited with the device sections' own editors: a row editor (blacklist, DHCP) changes
 * the profile's draft through the settings call's own change (protocol sectionWrites), asking the row's
 * question first, and the profile's Save stores it; every kind has its editor; the DHCP editor offers the
 * VLANs of the fleet (profiles.fleetChoices).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { PROFILES_API, dhcpDefaults, policyProfileKinds, type ProfileView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { ProfileEditor } from './ProfileEditor.tsx';
import { SECTION_EDITORS, editableKinds } from './sectionEditors.tsx';

afterEach(() => vi.unstubAllGlobals());

const LAN = dhcpDefaults.list[0]!;
const profileOf = (kind: ProfileView['kind'], body: unknown, id = 1): ProfileView => ({
  id,
  name: `${kind} profile`,
  kind,
  section:
    kind === 'blacklist' ? 'clients' : kind === 'apn' ? 'mobileNetwork' : (kind as ProfileView['section']),
  body,
  values: [],
  variables: [],
  assigned: 0,
  updatedBy: 'admin',
  updatedAt: 0,
  createdAt: 0,
});

/** `vids`: the VLANs the fleet reports (with the LAN), what a DHCP pool may be for. */
function open(kind: ProfileView['kind'], profile?: ProfileView, vids: number[] = [1]) {
  const onClose = vi.fn();
  const stub = stubFetch({
    [`GET ${PROFILES_API}/list`]: () => ({ body: { list: [] } }),
    [`GET ${PROFILES_API}/fleet/choices`]: () => ({
      body: { vids, wans: ['eth0', 'wwan0'], lanPorts: ['eth1'], devices: 1 },
    }),
    [`POST ${PROFILES_API}/create`]: (body) => ({
      body: {
        message: 'Profile created successfully.',
        profile: profileOf(kind, (body as ProfileView).body),
      },
    }),
    [`PATCH ${PROFILES_API}/edit`]: (body) => ({
      body: { message: 'Profile edited successfully.', profile: profileOf(kind, (body as ProfileView).body) },
    }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<ProfileEditor kind={kind} profile={profile} onClose={onClose} />);
  return { stub, onClose };
}

/** The loaded machine renders slowly: a generous wait. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 20_000 });

const sent = (stub: ReturnType<typeof stubFetch>, method: string) =>
  stub.calls.filter((c) => c.method === method && c.url.includes(PROFILES_API)).map((c) => c.body);

describe('policy profile editors', () => {
  it('has the section editor of every kind', () => {
    expect([...editableKinds].sort()).toEqual([...policyProfileKinds].sort());
  });

  it('a blacklist profile: the block form changes the draft after its question; Save creates it', async () => {
    const { stub, onClose } = open('blacklist');
    fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Banned' } });
    fireEvent.change(screen.getByTestId('clients-block-mac'), { target: { value: '1a:2b:3c:4d:5e:6f' } });
    fireEvent.click(screen.getByTestId('clients-block-submit'));
    const ok = await screen.findByTestId('confirm-ok', {}, { timeout: 20_000 });
    expect(screen.getAllByRole('dialog').at(-1)).toHaveTextContent('Block 1a:2b:3c:4d:5e:6f?');
    fireEvent.click(ok);
    expect(
      await within(screen.getByTestId('clients-blacklist')).findByText('1a:2b:3c:4d:5e:6f'),
    ).toBeInTheDocument();
    // A row editor's change is the draft's: nothing is sent until the profile is saved.
    expect(sent(stub, 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('profile-save'));
    await eventually(() =>
      expect(sent(stub, 'POST')).toEqual([
        {
          name: 'Banned',
          kind: 'blacklist',
          body: { blacklist: [{ mac: '1a:2b:3c:4d:5e:6f', name: '' }] },
          values: [],
        },
      ]),
    );
    await eventually(() => expect(onClose).toHaveBeenCalled());
  }, 120_000);

  it('a DHCP profile: a pool removed after its question, saved as an edit; the fleet gives free VLANs', async () => {
    const { stub } = open('dhcp', profileOf('dhcp', { list: [LAN] }), [1, 20]);
    // VLAN 20 the fleet reports has no pool yet: a pool may be added for it.
    await eventually(() => expect(screen.getByTestId('dhcp-add')).toBeEnabled());
    fireEvent.click(within(screen.getByTestId('dhcp-table')).getByTestId('dhcp-pool-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok', {}, { timeout: 20_000 }));
    await eventually(() =>
      expect(within(screen.getByTestId('dhcp-table')).queryByText(LAN.gateway)).toBeNull(),
    );
    fireEvent.click(screen.getByTestId('profile-save'));
    await eventually(() =>
      expect(sent(stub, 'PATCH')).toEqual([{ id: 1, name: 'dhcp profile', body: { list: [] }, values: [] }]),
    );
  }, 120_000);

  it('the row editors change the document as the console changes a device', () => {
    const { docOf } = SECTION_EDITORS.apn;
    const doc = docOf(
      'mobileNetwork/simSetting',
      { auto_unlock: true, code: '4321' },
      {
        toggle: true,
        simSetting: { auto_unlock: false, code: '0000' },
      },
    );
    expect(doc).toMatchObject({ toggle: true, simSetting: { auto_unlock: true, code: '4321' } });
    const binding = SECTION_EDITORS.wanBinding.docOf(
      'wanBinding/setFo',
      { vid: 1, primary: 'eth0', secondary: 'wwan0' },
      {
        binding: [{ vid: 1, mode: 'bind', primary: 'eth1', secondary: 'None' }],
        maRules: [],
      },
    );
    expect(binding).toMatchObject({
      binding: [{ vid: 1, mode: 'failover', primary: 'eth0', secondary: 'wwan0' }],
    });
    expect(() => SECTION_EDITORS.blacklist.docOf('clients/unlink', {}, { blacklist: [] })).toThrow();
    expect(SECTION_EDITORS.dhcp.savesOnApply).toBe(false);
    expect(SECTION_EDITORS.vlan.savesOnApply).toBe(true);
  });
});
