/**
 * Map tooltips carry device-reported text (issue 13): a hostile name, IP, IMEI or IMSI must show as text,
 * never become markup in the operator's page.
 */
import { describe, expect, it } from 'vitest';
import type { MapDevice } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { WorldMap } from './WorldMap.tsx';

const HOSTILE = [
  ['name', '<img src=x onerror="window.__pwned=1">'],
  ['IP', '<meta http-equiv=refresh content=0;url=/pwn>'],
  ['IMEI', '35<b id="imei">12</b>34<script>window.__pwned=2</script>'],
  ['IMSI', '<a href="javascript:alert(1)" id="imsi">001010123456789</a>'],
] as const;

const device = (label: string, i: number): MapDevice => ({
  id: `dev-${i}`,
  label,
  latitude: 10 + i,
  longitude: 20 + i,
  online: true,
  status: 'Runs Well',
  colorLevel: 0,
  colorValue: 'Runs Well',
  size: 'medium',
});

describe('WorldMap labels', () => {
  it.each(HOSTILE)('shows a hostile %s as text in its tooltip', async (_what, label) => {
    const { container } = renderWithProviders(<WorldMap devices={[device(label, 0)]} />);
    const marker = container.querySelector('.device-marker');
    expect(marker).not.toBeNull();
    marker!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tooltip = await waitForTooltip(container);
    expect(tooltip.textContent).toBe(label);
    expect(tooltip.querySelector('img, meta, script, b, a')).toBeNull();
    expect(document.querySelector('meta[http-equiv]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it.each(HOSTILE)('shows a hostile %s as text in its popup', async (_what, label) => {
    const { container } = renderWithProviders(<WorldMap devices={[device(label, 1)]} />);
    const marker = container.querySelector('.device-marker');
    expect(marker).not.toBeNull();
    marker!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const popup = await waitForElement(container, '.device-popup');
    expect(popup.querySelector('strong')?.textContent).toBe(label);
    expect(
      popup.querySelector('img, meta, script, b, a:not([data-testid="map-popup-dashboard"])'),
    ).toBeNull();
    expect(document.querySelector('meta[http-equiv]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

async function waitForElement(container: HTMLElement, selector: string): Promise<HTMLElement> {
  for (let i = 0; i < 50; i++) {
    const found = container.querySelector<HTMLElement>(selector);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${selector} never opened`);
}

async function waitForTooltip(container: HTMLElement): Promise<HTMLElement> {
  for (let i = 0; i < 50; i++) {
    const tip = container.querySelector<HTMLElement>('.device-map-label');
    if (tip) return tip;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no tooltip opened');
}
