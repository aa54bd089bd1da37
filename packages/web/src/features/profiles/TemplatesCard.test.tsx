/**
 * Profile templates on the Profiles app: the list searched by name and paged 10 a page (SPEC 2); a new
 * template starts from SPEC 9's defaults, its WAN set with the WAN section's own editor (whose interfaces are
 * the fleet's) and saved whole; the name rule of SPEC 5 refuses an empty name before anything is sent; a copy
 * under a new name; a delete only after 'Are you sure you want to delete this profile?'.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  PROFILES_API,
  PROFILE_TEMPLATES_API,
  profileTemplateDefaults,
  type ProfileTemplate,
  type ProfileTemplateView,
} from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { TemplatesCard, templateMatches } from './TemplatesCard.tsx';

afterEach(() => vi.unstubAllGlobals());

const viewOf = (template: ProfileTemplate, id: number): ProfileTemplateView => ({
  id,
  template,
  devices: 0,
  updatedBy: 'admin',
  updatedAt: 1_700_000_000_000,
  createdAt: 1_700_000_000_000,
});

function open(list: ProfileTemplateView[]) {
  const stub = stubFetch({
    [`GET ${PROFILE_TEMPLATES_API}/list`]: () => ({ body: { list } }),
    [`GET ${PROFILES_API}/fleet/choices`]: () => ({
      body: { vids: [1], wans: ['eth0', 'wwan0'], lanPorts: ['eth1'], devices: 3 },
    }),
    [`POST ${PROFILE_TEMPLATES_API}/create`]: (body) => ({
      body: { message: 'Profile created successfully.', template: viewOf(body as ProfileTemplate, 99) },
    }),
    [`POST ${PROFILE_TEMPLATES_API}/copy`]: (body) => ({
      body: {
        message: 'Profile created successfully.',
        template: viewOf({ ...list[0]!.template, name: (body as { name: string }).name }, 98),
      },
    }),
    [`DELETE ${PROFILE_TEMPLATES_API}/delete`]: () => ({
      body: { message: 'Profile deleted successfully.' },
    }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<TemplatesCard mayManage />);
  return stub;
}

/** The loaded machine renders slowly: a generous wait. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 20_000 });
const sent = (stub: ReturnType<typeof stubFetch>, method: string, path: string) =>
  stub.calls
    .filter((c) => c.method === method && c.url.includes(`${PROFILE_TEMPLATES_API}/${path}`))
    .map((c) => c.body);

const shops = Array.from({ length: 12 }, (_, i) =>
  viewOf(
    { ...profileTemplateDefaults(`Shop ${String(i + 1).padStart(2, '0')}`), deviceName: `shop-${i + 1}` },
    i + 1,
  ),
);

describe('profile templates', () => {
  it('matches a search in the name or the device name, case aside', () => {
    expect(templateMatches(shops[0]!, 'shop 01')).toBe(true);
    expect(templateMatches(shops[0]!, 'SHOP-1')).toBe(true);
    expect(templateMatches(shops[0]!, 'kiosk')).toBe(false);
    expect(templateMatches(shops[0]!, '  ')).toBe(true);
  });

  it('lists 10 a page, the rest on the next; the search narrows the list', async () => {
    open(shops);
    const table = await screen.findByTestId('template-table', {}, { timeout: 20_000 });
    await eventually(() => expect(within(table).getByText('Shop 01')).toBeInTheDocument());
    expect(within(table).queryByText('Shop 11')).toBeNull();
    expect(screen.getByText('1-10 of 12')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await eventually(() => expect(within(table).getByText('Shop 11')).toBeInTheDocument());
    fireEvent.change(screen.getByPlaceholderText('Search templates'), { target: { value: 'shop 07' } });
    await eventually(() => expect(within(table).getByText('Shop 07')).toBeInTheDocument());
    expect(within(table).queryByText('Shop 11')).toBeNull();
    expect(within(table).queryByText('Shop 01')).toBeNull();
  }, 120_000);

  it('a new template: SPEC 9 defaults, an empty name refused, the WAN from its editor, saved whole', async () => {
    const stub = open([]);
    fireEvent.click(await screen.findByTestId('template-create', {}, { timeout: 20_000 }));
    const editor = await screen.findByTestId('template-editor', {}, { timeout: 20_000 });
    fireEvent.click(within(editor).getByTestId('template-save'));
    expect(
      await within(editor).findByText('Profile name cannot be empty.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(sent(stub, 'POST', 'create')).toEqual([]);

    fireEvent.change(within(editor).getByTestId('template-name'), { target: { value: 'Kiosk' } });
    // The WAN editor offers the fleet's interfaces; the cellular one, static, with its DNS.
    fireEvent.click(within(editor).getByTestId('template-part-wan'));
    const wanApply = await within(editor).findByTestId('wan-apply', {}, { timeout: 20_000 });
    expect(within(editor).getByText('eth0')).toBeInTheDocument();
    fireEvent.mouseDown(within(editor).getByTestId('wan-mode').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('Static IP', {}, { timeout: 20_000 }));
    fireEvent.change(await within(editor).findByTestId('wan-ip'), { target: { value: '192.0.2.10' } });
    fireEvent.change(within(editor).getByTestId('wan-netmask'), { target: { value: '255.255.255.0' } });
    fireEvent.change(within(editor).getByTestId('wan-gateway'), { target: { value: '192.0.2.1' } });
    fireEvent.change(within(editor).getByTestId('wan-dns1'), { target: { value: '9.9.9.9' } });
    fireEvent.change(within(editor).getByTestId('wan-dns2'), { target: { value: '1.1.1.1' } });
    fireEvent.click(wanApply);
    // Applying a part changes the draft only (its tab is marked).
    await eventually(() =>
      expect(within(editor).getByTestId('template-part-wan')).toHaveAttribute('data-changed', 'true'),
    );
    expect(within(editor).getByTestId('wan-ip')).toHaveValue('192.0.2.10');
    expect(sent(stub, 'POST', 'create')).toEqual([]);

    fireEvent.click(within(editor).getByTestId('template-save'));
    await eventually(() => expect(sent(stub, 'POST', 'create')).toHaveLength(1));
    const defaults = profileTemplateDefaults('Kiosk');
    expect(sent(stub, 'POST', 'create')[0]).toEqual({
      ...defaults,
      wan: {
        iface: 'eth0',
        mode: 'static',
        dns_mode: 'manual',
        ip: '192.0.2.10',
        mask: '255.255.255.0',
        gateway: '192.0.2.1',
        dns_server_1: '9.9.9.9',
        dns_server_2: '1.1.1.1',
      },
    });
    // SPEC 9 defaults went with it: SIM PIN 0000, pnp with PAP, Wi-Fi 2.4G channel 10, 20 MHz, 100 %.
    expect(defaults.mobileNetwork.simSetting.code).toBe('0000');
    expect(defaults.wifi).toMatchObject({ mode: '2.4G', channel: 10, bandwidth: 20, tx_power: 100 });
    expect(
      await screen.findByText('Profile created successfully.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 120_000);

  it('copies under a new name, and deletes only after the SPEC 8 question', async () => {
    const stub = open(shops.slice(0, 1));
    const row = await screen.findByTestId('template-row-Shop 01', {}, { timeout: 20_000 });
    fireEvent.click(within(row).getByTestId('template-copy-open'));
    const name = await screen.findByTestId('template-copy-name', {}, { timeout: 20_000 });
    expect(name).toHaveValue('Shop 01 (copy)');
    fireEvent.change(name, { target: { value: 'Shop 01 north' } });
    fireEvent.click(screen.getByTestId('template-copy-save'));
    await eventually(() => expect(sent(stub, 'POST', 'copy')).toEqual([{ id: 1, name: 'Shop 01 north' }]));

    fireEvent.click(within(row).getByTestId('template-delete'));
    const ok = await screen.findByTestId('confirm-ok', {}, { timeout: 20_000 });
    expect(screen.getAllByRole('dialog').at(-1)).toHaveTextContent(
      'Are you sure you want to delete this profile?',
    );
    expect(sent(stub, 'DELETE', 'delete')).toEqual([]);
    fireEvent.click(ok);
    await eventually(() => expect(sent(stub, 'DELETE', 'delete')).toEqual([{ id: 1 }]));
    expect(
      await screen.findByText('Profile deleted successfully.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 120_000);
});
