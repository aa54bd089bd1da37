import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { unitText } from './unitText.ts';

const arabic = ((key: string, o: { value: string }) =>
  key === 'units.MHz' ? `${o.value} ميغاهرتز` : `${o.value} MHz`) as unknown as TFunction;

describe('unitText', () => {
  it('wraps the number and its unit in one first-strong isolate, so right-to-left text cannot split them', () => {
    expect(unitText(arabic, 'inventory.units.MB', 20)).toBe('\u206820 MHz\u2069');
    expect(unitText(arabic, 'units.MHz', 40)).toBe('\u206840 ميغاهرتز\u2069');
  });
});
