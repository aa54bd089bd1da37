/**
 * The sidebar of SPEC 2: an optional 'Search key' box, items that expand to child items, one item active
 * at a time; clicking an item with children toggles its submenu (and closes any other).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Input, Menu, type MenuProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SidebarItem {
  key: string;
  label: string;
  icon?: ReactNode;
  children?: SidebarItem[];
}

export interface SidebarProps {
  items: SidebarItem[];
  /** The key of the active (selected) item. */
  activeKey?: string;
  /** The item whose submenu starts open. */
  defaultOpenKey?: string;
  searchable?: boolean;
  onSelect: (key: string) => void;
}

const matches = (label: string, query: string) => label.toLocaleLowerCase().includes(query);

/** Keeps an item when it or any child matches; a matching parent keeps all its children. */
export function filterSidebarItems(items: SidebarItem[], query: string): SidebarItem[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return items;
  return items.flatMap((item) => {
    if (matches(item.label, q)) return [item];
    const children = item.children?.filter((c) => matches(c.label, q)) ?? [];
    return children.length ? [{ ...item, children }] : [];
  });
}

type MenuItems = NonNullable<MenuProps['items']>;
const toMenuItems = (items: SidebarItem[]): MenuItems =>
  items.map((item) => ({
    key: item.key,
    icon: item.icon,
    label: item.label,
    children: item.children?.length ? toMenuItems(item.children) : undefined,
  }));

export function Sidebar({ items, activeKey, defaultOpenKey, searchable, onSelect }: SidebarProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [openKey, setOpenKey] = useState<string | undefined>(defaultOpenKey);
  const shown = useMemo(() => filterSidebarItems(items, query), [items, query]);
  // While searching, every parent that still has matches is open so the matches can be seen.
  const openKeys = query.trim()
    ? shown.filter((i) => i.children?.length).map((i) => i.key)
    : openKey
      ? [openKey]
      : [];

  return (
    <nav className="sidebar" aria-label={t('sidebar.label')}>
      {searchable && (
        <div className="sidebar-search">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('sidebar.searchKey')}
            aria-label={t('sidebar.searchKey')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      )}
      <Menu
        mode="inline"
        items={toMenuItems(shown)}
        selectedKeys={activeKey ? [activeKey] : []}
        openKeys={openKeys}
        onOpenChange={(keys) => {
          // Accordion: the newly opened key wins; closing the open one leaves none open.
          const next = keys.find((k) => k !== openKey);
          setOpenKey(next);
        }}
        onClick={({ key }) => onSelect(key)}
      />
    </nav>
  );
}
