/**
 * The session's CSRF token, kept in memory only: it arrives with the login answer and with getAccountInfo,
 * and every mutating request echoes it in the x-csrf-token header.
 */
export const CSRF_HEADER = 'x-csrf-token';

let token: string | null = null;

export const setCsrfToken = (value: string | null): void => {
  token = value;
};
export const csrfToken = (): string | null => token;
