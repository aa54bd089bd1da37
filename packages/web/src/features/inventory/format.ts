/** Numbers as the inventory shows them: bytes in binary units, rates and percentages with one decimal. */
import type { TFunction } from 'i18next';
import { unitText } from '../../components/unitText.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(t: TFunction, bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(value >= 100 ? 0 : 1);
  return unitText(t, `inventory.units.${UNITS[unit]!}`, shown);
}

export const oneDecimal = (n: number): string => (Math.round(n * 10) / 10).toFixed(1);

export const percentOf = (used: number, total: number): number =>
  total > 0 ? Math.min(100, Math.round((used / total) * 1000) / 10) : 0;
