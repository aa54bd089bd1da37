import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullPermissionSet, permissionTree, type PermissionNode } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { PermissionTreeEditor } from './PermissionTreeEditor.tsx';
import { completeTree, emptyPermissionTree, requestTree, setGrant } from './permissionTree.ts';

const node = (tree: PermissionNode[], key: string) =>
  tree.flatMap((a) => [a, ...a.children]).find((n) => n.key === key)!;
const on = (tree: PermissionNode[], key: string) => node(tree, key).control.enable;
const managed = (tree: PermissionNode[], key: string) => node(tree, key).isManagement;

describe('permission tree edits', () => {
  it('a page switched on takes its app with it, and nothing else', () => {
    const tree = setGrant(emptyPermissionTree(), 'Account', 'enable', true);
    expect(on(tree, 'Account')).toBe(true);
    expect(on(tree, 'Settings')).toBe(true);
    expect(on(tree, 'Activity')).toBe(false);
    expect(on(tree, 'Security')).toBe(false);
    expect(managed(tree, 'Account')).toBe(false);
  });

  it('an app switched on or off takes its pages with it', () => {
    const all = setGrant(emptyPermissionTree(), 'Security', 'enable', true);
    expect(['AccessControlList', 'AccessToken', 'AdminACL'].map((k) => on(all, k))).toEqual([
      true,
      true,
      true,
    ]);
    const none = setGrant(setGrant(all, 'Security', 'isManagement', true), 'Security', 'enable', false);
    expect(['Security', 'AccessToken'].map((k) => [on(none, k), managed(none, k)])).toEqual([
      [false, false],
      [false, false],
    ]);
  });

  it('managing needs access: management on switches access on, access off switches management off', () => {
    const managing = setGrant(emptyPermissionTree(), 'AccessToken', 'isManagement', true);
    expect([on(managing, 'AccessToken'), managed(managing, 'AccessToken'), on(managing, 'Security')]).toEqual(
      [true, true, true],
    );
    const off = setGrant(managing, 'AccessToken', 'enable', false);
    expect([on(off, 'AccessToken'), managed(off, 'AccessToken')]).toEqual([false, false]);
  });

  it('fills a partial tree up to the full one and sends pages without children', () => {
    const full = completeTree([{ key: 'Log', control: { enable: true }, isManagement: false, children: [] }]);
    expect(full).toHaveLength(permissionTree({}).length);
    expect(on(full, 'Log')).toBe(true);
    expect(requestTree(full).every((app) => app.children.every((c) => c.children.length === 0))).toBe(true);
  });
});

function Harness({ onChange }: { onChange: (tree: PermissionNode[]) => void }) {
  const [tree, setTree] = useState(emptyPermissionTree);
  return (
    <PermissionTreeEditor
      value={tree}
      onChange={(next) => {
        setTree(next);
        onChange(next);
      }}
    />
  );
}

describe('PermissionTreeEditor', () => {
  it('lists apps by name, opens their pages and ticks a page with its app', async () => {
    const changed = vi.fn();
    renderWithProviders(<Harness onChange={changed} />);
    expect(screen.getByText('Settings')).toBeInTheDocument();
    expect(screen.queryByTestId('perm-enable-Account')).toBeNull();
    await userEvent.click(screen.getByTestId('perm-expand-all'));
    await userEvent.click(screen.getByTestId('perm-enable-Account'));
    const tree = changed.mock.lastCall![0] as PermissionNode[];
    expect(on(tree, 'Account')).toBe(true);
    expect(on(tree, 'Settings')).toBe(true);
    expect(screen.getByLabelText('Settings: Enable')).toBeChecked();
    expect(screen.getByLabelText('Account: Management')).not.toBeChecked();
  });

  it('is read-only for the built-in Administrator', async () => {
    const changed = vi.fn();
    renderWithProviders(
      <PermissionTreeEditor value={permissionTree(fullPermissionSet())} onChange={changed} readOnly />,
    );
    const box = screen.getByLabelText('Security: Enable');
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    await userEvent.click(box, { pointerEventsCheck: 0 });
    expect(changed).not.toHaveBeenCalled();
  });
});
