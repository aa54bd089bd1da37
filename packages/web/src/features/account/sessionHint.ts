/**
 * Whether this browser held a session when it last asked. The session cookie is httpOnly, so the page
 * cannot see it; without this a signed-out start would ask getAccountInfo and the browser would log the
 * 401 as an error on every visit to the login screen. Only a hint: a stale "yes" costs one 401, and any
 * sign-in asks regardless.
 */
const KEY = 'edge-console-signed-in';

export function mayBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    // Storage refused (privacy settings): ask, as before.
    return true;
  }
}

export function rememberSignedIn(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to remember it in; mayBeSignedIn then always asks.
  }
}
