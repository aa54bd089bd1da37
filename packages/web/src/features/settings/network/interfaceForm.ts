/**
 * The interface form's values are flat (`ipv4.iPAddress` is one field name), while the request nests them:
 * this is the one place that maps between the two, and it checks the nested request with protocol's own
 * schema and conflict rule so the form says what the server would.
 */
import {
  conflictsWithAnotherInterface,
  messages,
  netmaskOfPrefix,
  networkInterfaceConfig,
  type HostInterface,
  type NetworkInterfaceConfig,
} from '@edge/protocol';
import type { RequestSchema, SchemaIssue } from '../../../components/schemaRules.ts';

export const INTERFACE_FIELDS = [
  'ipv4.status',
  'ipv4.iPAddress',
  'ipv4.mask',
  'ipv4.gateway',
  'ipv6.status',
  'ipv6.iPAddress',
  'ipv6.prefixLength',
  'ipv6.gateway',
  'dns.status',
  'dns.primaryDNSServer',
  'dns.secondaryDNSServer',
] as const;

export type FlatValues = Record<string, unknown>;

export function nest(name: string, values: FlatValues): NetworkInterfaceConfig {
  const config: Record<string, Record<string, unknown>> = { ipv4: {}, ipv6: {}, dns: {} };
  for (const field of INTERFACE_FIELDS) {
    const [group, key] = field.split('.') as [string, string];
    config[group]![key] = values[field] ?? (key === 'prefixLength' ? 64 : '');
  }
  return { name, ...config } as NetworkInterfaceConfig;
}

/** What the form starts from: the console's own settings of the interface, else what it holds now. */
export function flatten(item: HostInterface): FlatValues {
  const held = item.ipv4[0];
  const config: NetworkInterfaceConfig = item.config ?? {
    name: item.name,
    ipv4: held
      ? { status: 'static', iPAddress: held.address, mask: netmaskOfPrefix(held.prefix), gateway: '' }
      : { status: 'dhcp', iPAddress: '', mask: '', gateway: '' },
    ipv6: { status: 'linkLocal', iPAddress: '', prefixLength: 64, gateway: '' },
    dns: { status: 'auto', primaryDNSServer: '', secondaryDNSServer: '' },
  };
  return Object.fromEntries(
    INTERFACE_FIELDS.map((field) => {
      const [group, key] = field.split('.') as ['ipv4' | 'ipv6' | 'dns', string];
      return [field, (config[group] as Record<string, unknown>)[key]];
    }),
  );
}

/** The request schema as the flat form sees it, with the conflict against the host's other interfaces. */
export function interfaceSchema(name: string, interfaces: readonly HostInterface[]): RequestSchema {
  return {
    safeParse(values: unknown) {
      const config = nest(name, values as FlatValues);
      const parsed = networkInterfaceConfig.safeParse(config);
      const issues: SchemaIssue[] = parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({ ...issue, path: [issue.path.join('.')] }));
      if (parsed.success && conflictsWithAnotherInterface(parsed.data, interfaces))
        issues.push({
          path: ['ipv4.iPAddress'],
          message: messages.ipConflict,
          params: { code: 'ipConflict' },
        });
      return issues.length ? { success: false, error: { issues } } : { success: true };
    },
  };
}
