import { describe, expect, it } from 'vitest';
import { emailRule, passwordRule } from '@edge/protocol';
import { i18n } from '../i18n/index.ts';
import { requiredValidator, ruleValidator } from './formRules.ts';

describe('form rules', () => {
  it('turns protocol rules into validators with the translated SPEC message', async () => {
    await expect(ruleValidator(i18n.t, passwordRule)(null, 'short')).rejects.toThrow(
      'Password must be 8 to 64 characters.',
    );
    await expect(ruleValidator(i18n.t, passwordRule)(null, 'long-enough\\x')).rejects.toThrow(
      'Password must not contain a backslash.',
    );
    await expect(ruleValidator(i18n.t, emailRule)(null, undefined)).rejects.toThrow(
      'E-mail cannot be empty.',
    );
    await expect(ruleValidator(i18n.t, emailRule)(null, 'ops@example.com')).resolves.toBeUndefined();
    await expect(requiredValidator(i18n.t, 'passwordEmpty')(null, '')).rejects.toThrow(
      'Password cannot be empty.',
    );
  });
});
