/** The address list (SPEC 6) in the sidebar: every app the user sees, with the children the list may show. */
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AppModule } from '../../app/module.ts';
import { modules } from '../../app/modules.ts';
import { addressList } from '../../app/visibleModules.ts';
import { usePermissionTree } from '../../app/useVisibleModules.ts';
import { Sidebar, type SidebarItem } from '../../components/Sidebar.tsx';

const SEPARATOR = '/';

export function AddressSidebar({
  activeModule,
  activeChild,
}: {
  activeModule: AppModule;
  activeChild?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = usePermissionTree();

  const items: SidebarItem[] = useMemo(
    () =>
      addressList(modules, tree).map(({ module, children }) => ({
        key: module.route,
        label: t(module.titleKey),
        icon: <module.icon />,
        children: children.map((c) => ({
          key: `${module.route}${SEPARATOR}${c.route}`,
          label: t(c.titleKey),
        })),
      })),
    [tree, t],
  );

  const activeChildRoute = activeModule.children?.find((c) => c.key === activeChild)?.route;
  return (
    <Sidebar
      searchable
      items={items}
      defaultOpenKey={activeModule.route}
      activeKey={
        activeChildRoute ? `${activeModule.route}${SEPARATOR}${activeChildRoute}` : activeModule.route
      }
      onSelect={(key) => navigate(`/desk/${key}`)}
    />
  );
}
