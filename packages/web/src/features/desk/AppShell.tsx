/**
 * An open app: the address list on the side, the module's page in the middle. Also the gate for child pages:
 * a child the user may not see, or none at all, redirects to the first one they may.
 */
import { Suspense } from 'react';
import { Breadcrumb, Layout, Spin } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../../app/module.ts';
import { visibleChildren } from '../../app/visibleModules.ts';
import { usePermissionTree } from '../../app/useVisibleModules.ts';
import { ChunkErrorBoundary } from '../../components/chunks/ChunkErrorBoundary.tsx';
import { AddressSidebar } from './AddressSidebar.tsx';

const DESK = '/desk';

export function AppShell({ module }: { module: AppModule }) {
  const { t } = useTranslation();
  const tree = usePermissionTree();
  const segment = useParams()['*']?.split('/')[0] ?? '';
  const children = visibleChildren(module, tree);
  const child = children.find((c) => c.route === segment);
  const base = `${DESK}/${module.route}`;

  if (children.length && !child) return <Navigate to={`${base}/${children[0]!.route}`} replace />;

  return (
    <Layout className="app-shell" hasSider>
      <Layout.Sider width={248} breakpoint="lg" collapsedWidth={0} theme="light" className="app-sider">
        <AddressSidebar activeModule={module} activeChild={child?.key} />
        {module.panel && (
          <ChunkErrorBoundary key={`${module.key}-panel`}>
            <Suspense fallback={null}>
              <module.panel />
            </Suspense>
          </ChunkErrorBoundary>
        )}
      </Layout.Sider>
      <Layout.Content className="app-content">
        <Breadcrumb
          className="app-breadcrumb"
          items={[
            {
              title: (
                <Link to={DESK} aria-label={t('header.home')}>
                  <HomeOutlined />
                </Link>
              ),
            },
            { title: <Link to={base}>{t(module.titleKey)}</Link> },
            ...(child ? [{ title: t(child.titleKey) }] : []),
          ]}
        />
        <h1 className="app-title">{t(child?.titleKey ?? module.titleKey)}</h1>
        <ChunkErrorBoundary key={module.key}>
          <Suspense fallback={<Spin className="page-spin" size="large" />}>
            <module.element />
          </Suspense>
        </ChunkErrorBoundary>
      </Layout.Content>
    </Layout>
  );
}
