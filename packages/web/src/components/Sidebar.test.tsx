import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { Sidebar, filterSidebarItems, type SidebarItem } from './Sidebar.tsx';

const items: SidebarItem[] = [
  {
    key: 'settings',
    label: 'Settings',
    children: [
      { key: 'settings/account', label: 'Account' },
      { key: 'settings/language', label: 'Language' },
    ],
  },
  { key: 'security', label: 'Security', children: [{ key: 'security/acl', label: 'Access Control List' }] },
  { key: 'log', label: 'Log' },
];

describe('Sidebar', () => {
  it('filters by label, keeping the parents of matching children', () => {
    expect(filterSidebarItems(items, 'lang')).toEqual([{ ...items[0], children: [items[0]!.children![1]] }]);
    expect(filterSidebarItems(items, 'SECURITY')).toEqual([items[1]]);
    expect(filterSidebarItems(items, '  ')).toBe(items);
  });

  it("has a 'Search key' box when searchable", async () => {
    renderWithProviders(<Sidebar items={items} searchable onSelect={() => {}} />);
    await userEvent.type(screen.getByPlaceholderText('Search key'), 'control');
    // The submenu opens with antd's motion, which under load lands a few frames after the typing.
    await waitFor(() => expect(screen.getByText('Access Control List')).toBeVisible());
    expect(screen.queryByText('Log')).toBeNull();
  });

  it('toggles one submenu at a time and selects leaves', async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <Sidebar items={items} defaultOpenKey="settings" activeKey="settings/account" onSelect={onSelect} />,
    );
    expect(screen.getByText('Account').closest('li')).toHaveClass('ant-menu-item-selected');
    const submenu = (label: string) => screen.getByText(label).closest('li');
    expect(submenu('Settings')).toHaveClass('ant-menu-submenu-open');
    await userEvent.click(screen.getByText('Security'));
    expect(submenu('Security')).toHaveClass('ant-menu-submenu-open');
    expect(await screen.findByText('Access Control List')).toBeInTheDocument();
    expect(submenu('Settings')).not.toHaveClass('ant-menu-submenu-open');
    await userEvent.click(screen.getByText('Security'));
    expect(submenu('Security')).not.toHaveClass('ant-menu-submenu-open');
    await userEvent.click(screen.getByText('Log'));
    expect(onSelect).toHaveBeenCalledWith('log');
  });
});
