/**
 * A profile's value table: a per-device value names its device by choosing it from the fleet (searched by
 * name or serial through Inventory's list), not by typing its ID; the row keeps the device's ID.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { VariableTable } from './VariableTable.tsx';

afterEach(() => vi.unstubAllGlobals());

const KIOSK = { id: 'a1b2c3d4e5f60718', name: 'Kiosk north', sn: 'SN-KIOSK-1' };
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 20_000 });

describe('profile value table', () => {
  it('a device value names a device found in the fleet by its name', async () => {
    const stub = stubFetch({
      'GET /api/v1/inventory/group/list': () => ({ body: { list: [] } }),
      'GET /api/v1/inventory/list': () => ({
        body: { list: [KIOSK], page: 1, pageSize: 40, totalNumber: 1 },
      }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    const onChange = vi.fn();
    renderWithProviders(<VariableTable rows={[]} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('profile-variables-add'));
    const form = await screen.findByTestId('profile-variable-form', {}, { timeout: 20_000 });
    // Scope: device.
    fireEvent.mouseDown(within(form).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('Device', {}, { timeout: 20_000 }));
    const picker = await within(form).findByTestId('profile-variable-device', {}, { timeout: 20_000 });
    const input = picker.querySelector('input')!;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'kiosk' } });
    fireEvent.click(await screen.findByTitle('Kiosk north (SN-KIOSK-1)', {}, { timeout: 20_000 }));
    await eventually(() =>
      expect(
        stub.calls.some((c) => c.url.includes('/api/v1/inventory/list') && c.url.includes('search=kiosk')),
      ).toBe(true),
    );
    fireEvent.change(within(form).getByTestId('profile-variable-name'), { target: { value: 'subnet' } });
    fireEvent.change(within(form).getByTestId('profile-variable-value'), { target: { value: '10.1.0.0' } });
    fireEvent.click(screen.getByTestId('profile-variable-save'));
    await eventually(() =>
      expect(onChange).toHaveBeenCalledWith([
        { scope: 'device', target: KIOSK.id, name: 'subnet', value: '10.1.0.0' },
      ]),
    );
  }, 120_000);
});
