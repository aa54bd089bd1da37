import { describe, expect, it } from 'vitest';
import { newUserRequest, smtpRequest } from '@edge/protocol';
import { i18n } from '../i18n/index.ts';
import { fieldIssue, issueText, schemaFieldRules } from './schemaRules.ts';

describe('schema rules', () => {
  it("reports each field's first issue in the protocol's words", () => {
    const values = { name: '', email: 'x', password: 'short', confirmPassword: '' };
    expect(issueText(i18n.t, fieldIssue(newUserRequest, values, 'name')!)).toBe('User name cannot be empty.');
    expect(issueText(i18n.t, fieldIssue(newUserRequest, values, 'email')!)).toBe('Invalid e-mail address.');
    expect(fieldIssue(newUserRequest, { ...values, name: 'bob' }, 'name')).toBeUndefined();
  });

  it('lets a cross-field refinement speak through placeholders for choices not yet made', () => {
    const values = {
      name: 'bob',
      email: 'b@example.com',
      password: 'Bob-pass-1234',
      confirmPassword: 'other',
    };
    expect(fieldIssue(newUserRequest, values, 'confirmPassword')).toBeUndefined();
    const issue = fieldIssue(newUserRequest, values, 'confirmPassword', { roleId: 1, type: 'Admin' });
    expect(issue && issueText(i18n.t, issue)).toBe('Passwords do not match.');
  });

  it('gives each named field a validator', async () => {
    const rules = schemaFieldRules(i18n.t, smtpRequest, ['port', 'sender'], () => ({
      port: 70000,
      sender: 'ok@example.com',
    }));
    await expect(rules.port[0]!.validator()).rejects.toThrow('Port must be between 1 and 65535.');
    await expect(rules.sender[0]!.validator()).resolves.toBeUndefined();
  });
});
