import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, stubFetch, type Routes } from '../test/render.tsx';
import { accountInfo } from '../test/accounts.ts';
import { notificationStore } from '../components/notifications/store.ts';
import { rememberSignedIn } from '../features/account/sessionHint.ts';
import { AppRoutes } from './AppRoutes.tsx';

const INFO = 'GET /api/v1/settings/account/getAccountInfo';
const VARIABLES: Routes = { 'GET /api/v1/variable/': () => ({ body: { CaptchaKey: '', GAKey: '' } }) };
const signedOut: Routes = {
  ...VARIABLES,
  [INFO]: () => ({ status: 401, body: { err_message: 'Please sign in.', err_code: 'notSignedIn' } }),
};
const signedIn: Routes = { ...VARIABLES, [INFO]: () => ({ body: accountInfo() }) };

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** `signedInBefore`: this browser held a session when it last asked (the default when the session answers). */
function start(
  route: string,
  routes: Routes,
  signedInBefore = (routes[INFO]?.(undefined).status ?? 200) === 200,
) {
  rememberSignedIn(signedInBefore);
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  );
  return stub;
}

const where = () => screen.getByTestId('where').textContent;

describe('routes', () => {
  beforeEach(() => notificationStore.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("'/' shows the login screen when signed out", async () => {
    start('/', signedOut);
    expect(await screen.findByLabelText('User Account')).toHaveAttribute('id', 'login-name');
    expect(screen.getByLabelText('User Password')).toHaveAttribute('id', 'login-password');
    expect(screen.getByTestId('language-switch')).toBeInTheDocument();
  });

  it('a signed-out start does not ask who is signed in (no 401 in the browser console)', async () => {
    const stub = start('/', signedOut);
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.includes('getAccountInfo'))).toEqual([]);
  });

  it('a session that ended since the last visit answers 401 once and is then known to be gone', async () => {
    const stub = start('/desk', signedOut, true);
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.includes('getAccountInfo'))).toHaveLength(1);
    const { mayBeSignedIn } = await import('../features/account/sessionHint.ts');
    expect(mayBeSignedIn()).toBe(false);
  });

  it("'/' goes to /desk when already signed in", async () => {
    start('/', signedIn);
    expect(await screen.findByTestId('app-Inventory')).toBeInTheDocument();
    expect(where()).toBe('/desk');
  });

  it("'/login' shows the login screen even when signed in (switch user)", async () => {
    start('/login', signedIn);
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(where()).toBe('/login');
  });

  it("signing in again at '/login' replaces the user and goes to /desk", async () => {
    let who = 'admin';
    start('/login', {
      ...VARIABLES,
      [INFO]: () => ({ body: accountInfo({ name: who }) }),
      'POST /api/v1/auth/login': (body) => {
        who = (body as { name: string }).name;
        return { body: { message: 'Login successfully.', csrfToken: 'csrf-2' } };
      },
    });
    await userEvent.type(await screen.findByLabelText('User Account'), 'operator');
    await userEvent.type(screen.getByLabelText('User Password'), 'Operator-pass-1');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(where()).toBe('/desk'));
    expect(await screen.findByTestId('user-menu')).toHaveTextContent('operator');
  });

  it("'/desk' shows the login screen when signed out", async () => {
    start('/desk', signedOut);
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(where()).toBe('/desk');
  });

  it('refuses empty fields with the SPEC words, without calling the server', async () => {
    const stub = start('/', signedOut);
    await userEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText("User Account & User Password can't be null.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('User Password'), 'x');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText("User Account can't be null.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('User Password'));
    await userEvent.type(screen.getByLabelText('User Account'), 'admin');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText("User Password can't be null.")).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('/auth/login'))).toBe(false);
  });

  it('signs in: toast, user info kept, desktop at /desk', async () => {
    let signed = false;
    const stub = start('/', {
      ...VARIABLES,
      [INFO]: () =>
        signed
          ? { body: accountInfo() }
          : { status: 401, body: { err_message: 'Please sign in.', err_code: 'notSignedIn' } },
      'POST /api/v1/auth/login': () => {
        signed = true;
        return { body: { message: 'Login successfully.', csrfToken: 'csrf-abc' } };
      },
    });
    await userEvent.type(await screen.findByLabelText('User Account'), 'admin');
    await userEvent.type(screen.getByLabelText('User Password'), 'Admin-pass-1234');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('app-Inventory')).toBeInTheDocument();
    expect(where()).toBe('/desk');
    expect(await screen.findByText('Login successfully.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url === '/api/v1/auth/login')!.body).toEqual({
      name: 'admin',
      password: 'Admin-pass-1234',
    });
    expect(notificationStore.getSnapshot().entries[0]).toMatchObject({
      level: 'check',
      value: 'Login successfully.',
    });
  });

  it('shows a server refusal as an error toast and stays on the login screen', async () => {
    start('/', {
      ...signedOut,
      'POST /api/v1/auth/login': () => ({
        status: 401,
        body: { err_message: 'Incorrect user account or password.', err_code: 'loginFailed' },
      }),
    });
    await userEvent.type(await screen.findByLabelText('User Account'), 'admin');
    await userEvent.type(screen.getByLabelText('User Password'), 'wrong-password');
    await userEvent.click(screen.getByTestId('login-submit'));
    const toast = await screen.findByText('Incorrect user account or password.');
    expect(toast.closest('.ant-notification-notice')).not.toBeNull();
    expect(where()).toBe('/');
  });

  it('shows only registered apps the permissions enable', async () => {
    const on = { control: { enable: true }, isManagement: false };
    start('/desk', {
      ...VARIABLES,
      [INFO]: () => ({ body: accountInfo({}, { Security: on, AccessToken: on }) }),
    });
    expect(await screen.findByTestId('app-Security')).toBeInTheDocument();
    expect(screen.queryByTestId('app-Settings')).toBeNull();
    expect(screen.queryByTestId('app-Inventory')).toBeNull();
  });

  it('says so when no app is enabled', async () => {
    start('/desk', { ...VARIABLES, [INFO]: () => ({ body: accountInfo({}, {}) }) });
    expect(await screen.findByText(/No apps are enabled/)).toBeInTheDocument();
    expect(screen.queryByTestId('app-Settings')).toBeNull();
  });

  it('opens an app at its first child page with the address list beside it', async () => {
    start('/desk', signedIn);
    // Settings is the 19th app: on the desktop's second page (SPEC: 18 apps a page).
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await userEvent.click(await screen.findByTestId('app-Settings'));
    await waitFor(() => expect(where()).toBe('/desk/settings/account'));
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('admin');
    expect(screen.getByPlaceholderText('Search key')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Language' }));
    await waitFor(() => expect(where()).toBe('/desk/settings/language'));
  });

  it('says an app does not exist instead of silently showing the desktop', async () => {
    start('/desk/no-such-app', signedIn);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(where()).toBe('/desk/no-such-app');
    expect(screen.queryByTestId('app-Settings')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the desktop' }));
    await waitFor(() => expect(where()).toBe('/desk'));
  });

  it('says an app is not allowed when the role does not enable it', async () => {
    const settingsOnly = { Settings: { control: { enable: true }, isManagement: true } } as const;
    start('/desk/inventory', { ...VARIABLES, [INFO]: () => ({ body: accountInfo({}, settingsOnly) }) });
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(where()).toBe('/desk/inventory');
  });

  it('logs out after confirmation and returns to the login screen', async () => {
    const stub = start('/desk', {
      ...signedIn,
      'POST /api/v1/auth/logout': () => ({ body: { message: 'ok' } }),
    });
    await userEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('Are you sure you want to log out?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(stub.calls.some((c) => c.url.endsWith('/logout'))).toBe(false);

    await userEvent.click(screen.getByTestId('logout'));
    await userEvent.click((await screen.findAllByTestId('confirm-ok')).at(-1)!);
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/'));
    const logout = stub.calls.find((c) => c.url.endsWith('/logout'))!;
    expect(logout.headers.get('x-csrf-token')).toBe('csrf-abc');
  });
});
