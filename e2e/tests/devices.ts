/** Finding a demo device by its serial, and opening one of its settings sections. */
import { expect, type Page } from '@playwright/test';

/** The console's id of the demo device with this serial, once it has enrolled (and, if asked, is online). */
export async function deviceIdOf(page: Page, serial: string, { online = false } = {}): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/v1/inventory/list', {
          params: { page: 1, pageSize: 10, search: serial },
        });
        const body = (await answer.json()) as { list?: { id: string; sn: string; online?: boolean }[] };
        id = body.list?.find((d) => d.sn === serial && (!online || d.online))?.id ?? '';
        return id;
      },
      { timeout: 45_000 },
    )
    .not.toBe('');
  return id;
}

/** Opens a settings section of the device with this serial; answers the device's id. */
export async function openSection(page: Page, serial: string, section: string): Promise<string> {
  const id = await deviceIdOf(page, serial);
  await page.goto(`/desk/inventory/devices/${id}/settings/${section}`);
  await expect(page.getByTestId('section-state')).toBeVisible();
  return id;
}
