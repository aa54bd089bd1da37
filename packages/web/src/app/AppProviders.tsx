/** antd's theme, locale and direction follow the chosen language; <App> gives hooks their modal/message context. */
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLanguage } from '../i18n/language.ts';
import { ToastHost } from '../components/notifications/ToastHost.tsx';
import { theme } from './theme.ts';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { locale, direction } = useLanguage();
  const { t } = useTranslation();
  // Every table says SPEC 2's 'No Data' when empty, also the ones that do not pass their own empty text.
  const renderEmpty = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale.antd} direction={direction} theme={theme} renderEmpty={renderEmpty}>
        <AntApp className="app-root">
          <ToastHost />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
