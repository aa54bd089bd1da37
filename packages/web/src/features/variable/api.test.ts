import { describe, expect, it } from 'vitest';
import { integrationsOf } from './api.ts';

describe('startup variables', () => {
  it('switches captcha and analytics on only for non-empty keys', () => {
    expect(integrationsOf(undefined)).toEqual({ captcha: false, analytics: false });
    expect(integrationsOf({ CaptchaKey: '', GAKey: '  ' })).toEqual({ captcha: false, analytics: false });
    expect(integrationsOf({ CaptchaKey: 'site-key', GAKey: 'G-123' })).toEqual({
      captcha: true,
      analytics: true,
    });
  });
});
