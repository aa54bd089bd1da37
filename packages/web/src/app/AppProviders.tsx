/** antd's theme, locale and direction follow the chosen language; <App> gives hooks their modal/message context. */
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLanguage } from '../i18n/language.ts';
import { ToastHost } from '../components/notifications/ToastHost.tsx';
import { theme } from './theme.ts';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { locale, direction } = useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale.antd} direction={direction} theme={theme}>
        <AntApp className="app-root">
          <ToastHost />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
