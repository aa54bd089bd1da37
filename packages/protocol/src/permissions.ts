/**
 * The permission tree of SPEC section 6: apps of the desktop and their child pages.
 * A role holds, per key, `control.enable` (may see and use it) and `isManagement` (may change things).
 */
export const PERMISSION_TREE = [
  { key: 'Notification', children: ['NotifyList', 'ContactList', 'EventRule'] },
  { key: 'Mission', children: ['ProfileManagement'] },
  { key: 'Clients', children: [] },
  { key: 'AuthConnect', children: [] },
  { key: 'Provision', children: [] },
  { key: 'Inventory', children: ['VPNConfig'] },
  { key: 'Diagnose', children: ['Ping', 'Speedtest', 'Traceroute', 'Iperf', 'CellScanner'] },
  { key: 'Application', children: [] },
  { key: 'Backup', children: [] },
  { key: 'Dashboard', children: [] },
  { key: 'Statistics', children: [] },
  { key: 'Schedule', children: ['ScheduleCreate'] },
  { key: 'ToDo', children: [] },
  { key: 'Message', children: [] },
  { key: 'Log', children: [] },
  { key: 'Security', children: ['AccessControlList', 'AccessToken', 'AdminACL'] },
  { key: 'License', children: [] },
  { key: 'SDWAN', children: [] },
  {
    key: 'Settings',
    children: [
      'Account',
      'Network',
      'Activity',
      'Upgrade',
      'BackupRestore',
      'Company',
      'Permission',
      'Config',
      'SMTPServer',
      'Branding',
    ],
  },
] as const;

type Tree = typeof PERMISSION_TREE;
export type AppKey = Tree[number]['key'];
export type ChildKey = Tree[number]['children'][number];
export type PermissionKey = AppKey | ChildKey;

export const APP_KEYS: AppKey[] = PERMISSION_TREE.map((a) => a.key);
export const PERMISSION_KEYS: PermissionKey[] = PERMISSION_TREE.flatMap((a) => [a.key, ...a.children]);

/** Children never listed in the address list (SPEC 6); whole apps whose children are all hidden. */
export const HIDDEN_FROM_ADDRESS_LIST: readonly PermissionKey[] = [
  'Upgrade',
  'Permission',
  'Company',
  'Config',
];
export const APPS_WITH_HIDDEN_CHILDREN: readonly AppKey[] = ['Diagnose', 'Notification'];

export interface PermissionGrant {
  control: { enable: boolean };
  isManagement: boolean;
}
export type PermissionSet = Partial<Record<PermissionKey, PermissionGrant>>;

/** One node of the tree as the server sends it to the signed-in user's console. */
export interface PermissionNode extends PermissionGrant {
  key: PermissionKey;
  children: PermissionNode[];
}

export function fullPermissionSet(): PermissionSet {
  return Object.fromEntries(
    PERMISSION_KEYS.map((k) => [k, { control: { enable: true }, isManagement: true }]),
  );
}

export function permissionTree(set: PermissionSet): PermissionNode[] {
  const grantOf = (key: PermissionKey): PermissionGrant =>
    set[key] ?? { control: { enable: false }, isManagement: false };
  return PERMISSION_TREE.map((app) => ({
    key: app.key,
    ...grantOf(app.key),
    children: app.children.map((child) => ({ key: child, ...grantOf(child), children: [] })),
  }));
}

/**
 * What a route needs. Every API route declares one; the server refuses a route that has none.
 * - public: anyone, signed in or not (sign-in itself, startup variables, health).
 * - user: any signed-in user acting on their own account (also reached by read_user tokens).
 * - app: the named app or child page must be enabled; `manage` also needs isManagement.
 */
export type RoutePermission =
  { kind: 'public' } | { kind: 'user' } | { kind: 'app'; key: PermissionKey; manage: boolean };

export const publicRoute: RoutePermission = { kind: 'public' };
export const userRoute: RoutePermission = { kind: 'user' };
export const canView = (key: PermissionKey): RoutePermission => ({ kind: 'app', key, manage: false });
export const canManage = (key: PermissionKey): RoutePermission => ({ kind: 'app', key, manage: true });

export function allows(set: PermissionSet, need: RoutePermission): boolean {
  if (need.kind !== 'app') return true;
  const grant = set[need.key];
  if (!grant?.control.enable) return false;
  const parent = PERMISSION_TREE.find((a) => (a.children as readonly string[]).includes(need.key));
  if (parent && !set[parent.key]?.control.enable) return false;
  return need.manage ? grant.isManagement : true;
}

/**
 * True when everything `granted` gives is also held: what a user without the Administrator role may hand
 * out (a role to a user, rights to a role), so trusting someone with accounts or roles does not let them
 * raise anyone, themselves included, above their own rights.
 */
export function withinPermissions(granted: PermissionSet, held: PermissionSet): boolean {
  return PERMISSION_KEYS.every((key) => {
    const grant = granted[key];
    if (!grant?.control.enable) return true;
    return allows(held, grant.isManagement ? canManage(key) : canView(key));
  });
}
