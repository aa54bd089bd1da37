import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { useLanguage } from './language.ts';
import { readLanguageCookie } from './cookie.ts';
import { i18n } from './index.ts';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('language', () => {
  it('reads the language cookie, defaulting to en for missing or unknown values', () => {
    expect(readLanguageCookie('')).toBe('en');
    expect(readLanguageCookie('a=1; language=Arabic')).toBe('Arabic');
    expect(readLanguageCookie('language=klingon')).toBe('en');
  });

  it('switching to Arabic writes the cookie, turns the page right to left and follows in antd and dayjs', async () => {
    const { result } = renderHook(() => useLanguage());
    act(() => result.current.setLanguage('Arabic'));
    expect(document.cookie).toContain('language=Arabic');
    await waitFor(() => expect(result.current.language).toBe('Arabic'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(result.current.direction).toBe('rtl');
    expect(result.current.locale.antd.locale).toBe('ar');
    expect(dayjs.locale()).toBe('ar');
    expect(i18n.t('auth.login')).not.toBe('Login');
  });

  it('switching back to a left-to-right language restores ltr', async () => {
    const { result } = renderHook(() => useLanguage());
    act(() => result.current.setLanguage('jp'));
    await waitFor(() => expect(result.current.language).toBe('jp'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('ja');
    expect(result.current.locale.antd.locale).toBe('ja');
  });
});
