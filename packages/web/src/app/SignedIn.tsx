/** Shows its children to a signed-in user and the login screen to anyone else, at the same address. */
import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { useAccountInfo } from '../features/account/api.ts';
import { LoginPage } from '../features/auth/LoginPage.tsx';

export function SignedIn({ children }: { children: ReactNode }) {
  const { data, isPending } = useAccountInfo();
  if (isPending) return <Spin size="large" fullscreen />;
  return data ? children : <LoginPage />;
}

/** '/': the login screen, or the desktop for a user who is already signed in. */
export function SignedOutOnly({ children, whenSignedIn }: { children: ReactNode; whenSignedIn: ReactNode }) {
  const { data, isPending } = useAccountInfo();
  if (isPending) return <Spin size="large" fullscreen />;
  return data ? whenSignedIn : children;
}
