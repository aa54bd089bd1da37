import { describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR_ROLE_ID,
  messages,
  newTokenRequest,
  canManage,
  canView,
  companyLinkRule,
  effectivePermissions,
  fullPermissionSet,
  passwordStrength,
  permissionSetOf,
  permissionTree,
  publicRoute,
  tokenScopeAllows,
  userRoute,
  webauthnNameRule,
} from './index.ts';

describe('token scopes', () => {
  it('api reaches everything; read_api only reads; read_user only reads the own account', () => {
    const app = canManage('Account');
    expect(tokenScopeAllows(['api'], 'DELETE', app)).toBe(true);
    expect(tokenScopeAllows(['read_api'], 'GET', canView('Account'))).toBe(true);
    expect(tokenScopeAllows(['read_api'], 'POST', app)).toBe(false);
    expect(tokenScopeAllows(['read_user'], 'GET', userRoute)).toBe(true);
    expect(tokenScopeAllows(['read_user'], 'GET', publicRoute)).toBe(true);
    expect(tokenScopeAllows(['read_user'], 'GET', canView('Account'))).toBe(false);
    expect(tokenScopeAllows(['read_user'], 'PATCH', userRoute)).toBe(false);
    expect(tokenScopeAllows(['read_user', 'read_api'], 'GET', canView('Log'))).toBe(true);
  });
});

describe('effective permissions', () => {
  const on = { control: { enable: true }, isManagement: true };
  it('gives the Administrator role everything, whatever is stored', () => {
    expect(effectivePermissions({}, ADMINISTRATOR_ROLE_ID, 'Admin')).toEqual(fullPermissionSet());
  });
  it('narrows a Container account to Application, never widening it', () => {
    expect(effectivePermissions({ Application: on, Settings: on, Account: on }, 5, 'Container')).toEqual({
      Application: on,
    });
    expect(effectivePermissions({ Settings: on }, 5, 'Container')).toEqual({});
    expect(Object.keys(effectivePermissions({}, ADMINISTRATOR_ROLE_ID, 'Container'))).toEqual([
      'Application',
    ]);
  });
  it('round-trips a role through the tree the console edits', () => {
    const set = { Settings: on, Company: { control: { enable: true }, isManagement: false } };
    const back = permissionSetOf(permissionTree(set));
    expect(back.Settings).toEqual(on);
    expect(back.Company).toEqual(set.Company);
    expect(back.Log).toEqual({ control: { enable: false }, isManagement: false });
  });
});

describe('SPEC 5 rules added for accounts and security', () => {
  it('security key names: required, A-Z a-z 0-9 - _ only', () => {
    expect(webauthnNameRule('')).toBe('webauthnNameEmpty');
    expect(webauthnNameRule('Yubi_Key-5')).toBeNull();
    expect(webauthnNameRule('Yubi Key')).toBe('webauthnNameFormat');
    expect(webauthnNameRule('key!')).toBe('webauthnNameFormat');
  });
  it('company link: empty, or an http(s) address', () => {
    expect(companyLinkRule('')).toBeNull();
    expect(companyLinkRule('https://acme.com')).toBeNull();
    expect(companyLinkRule('acme.com')).toBe('invalidCompanyLink');
    expect(companyLinkRule('mailto:a@acme.com')).toBe('invalidCompanyLink');
  });
  it('password strength: Weak, Medium, Good, Strong', () => {
    expect(passwordStrength('abcdefgh')).toBe('Weak');
    expect(passwordStrength('abcdefG1')).toBe('Medium');
    expect(passwordStrength('abcdeF1!')).toBe('Good');
    expect(passwordStrength('abcdeF1!abcdeF1!')).toBe('Strong');
  });
});

describe('token end date', () => {
  it('refuses a day that does not exist with the end-date words instead of throwing', () => {
    for (const endDate of ['2026-13-01', '2026-02-30', '2026-1-01']) {
      const parsed = newTokenRequest.safeParse({ tokenName: 'ci', endDate, scopes: ['api'] });
      expect(parsed.success, endDate).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(messages.tokenEndDateRequired);
    }
    expect(
      newTokenRequest.safeParse({ tokenName: 'ci', endDate: '2028-02-29', scopes: ['api'] }).success,
    ).toBe(true);
  });
});
