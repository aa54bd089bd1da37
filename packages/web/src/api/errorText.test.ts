import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../i18n/index.ts';
import { ApiError } from './ApiError.ts';
import { errorText } from './errorText.ts';

afterEach(() => i18n.changeLanguage('en'));

describe('errorText', () => {
  it('translates by err_code', async () => {
    await switchLanguage('Deutsch');
    const text = errorText(i18n.t, new ApiError(401, 'Incorrect user account or password.', 'loginFailed'));
    expect(text).toBe(i18n.t('messages.loginFailed'));
    expect(text).not.toBe('Incorrect user account or password.');
  });

  it('falls back to err_message, then to the generic texts', () => {
    expect(errorText(i18n.t, new ApiError(400, 'name too long', undefined))).toBe('name too long');
    expect(errorText(i18n.t, new ApiError(500, '', undefined))).toBe('API request Error');
    expect(errorText(i18n.t, new ApiError(500, '', undefined), 'applyError')).toBe('Apply Error');
    expect(errorText(i18n.t, new Error('boom'), 'applyError')).toBe('Apply Error');
  });
});
