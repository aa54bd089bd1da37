import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './index.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('plural forms', () => {
  it('counts one serial number in the singular in English', () => {
    expect(i18n.t('provision.upload.listed', { count: 1 })).toBe('1 serial number listed');
    expect(i18n.t('provision.upload.listed', { count: 3 })).toBe('3 serial numbers listed');
  });

  it('uses the Arabic forms for two and for a few, not the English ones', async () => {
    await switchLanguage('Arabic');
    expect(i18n.t('inventory.map.markers', { count: 2 })).toBe('2 جهازان على الخريطة');
    expect(i18n.t('inventory.map.markers', { count: 5 })).toBe('5 أجهزة على الخريطة');
    expect(i18n.t('inventory.map.markers', { count: 11 })).toBe('11 جهازًا على الخريطة');
  });

  it('uses the French form for one', async () => {
    await switchLanguage('French');
    expect(i18n.t('inventory.groups.moveTitle', { count: 1 })).toBe('Déplacer 1 appareil vers un groupe');
  });
});
