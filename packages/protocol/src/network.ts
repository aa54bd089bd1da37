/**
 * Settings > Network: the console host's own interfaces (SPEC 2 Network interfaces, SPEC 3 Network config,
 * SPEC 5's interface rules) and the ports it serves the console on. The form and the API check a change
 * with the same schema; the conflict with another interface is checked against the host's interfaces,
 * which the form has from the state it shows and the server reads again before applying.
 */
import { z } from 'zod';
import { isIPv4, isIPv6, portRule, ruledNumber } from './validation.ts';
import { report, text } from './networking/fields.ts';
import { interfaceFieldRule, ipFieldRule, netmaskFieldRule } from './networking/rules.ts';
import { inSubnet, ipToInt, prefixOfNetmask } from './networking/ipv4.ts';

export const IPV4_MODES = ['dhcp', 'static'] as const;
/** linkLocal: no global address; stateful: DHCPv6; stateless: SLAAC. */
export const IPV6_MODES = ['static', 'linkLocal', 'stateful', 'stateless'] as const;
export const DNS_MODES = ['auto', 'manual'] as const;
/** The host network managers the console writes for: Debian's ifupdown, systemd-networkd. */
export const NETWORK_BACKENDS = ['ifupdown', 'networkd'] as const;
export type NetworkBackendKind = (typeof NETWORK_BACKENDS)[number];

/** How long a change waits for the operator's confirmation before the previous settings come back. */
export const NETWORK_CONFIRM_DEFAULT_S = 120;
export const NETWORK_CONFIRM_RANGE = { min: 5, max: 600 } as const;

const address = z.string().max(64).default('');

export const networkInterfaceConfig = z
  .object({
    name: text(interfaceFieldRule('networkInterfaceUnknown')),
    ipv4: z.object({
      status: z.enum(IPV4_MODES),
      iPAddress: address,
      mask: address,
      gateway: address,
    }),
    ipv6: z.object({
      status: z.enum(IPV6_MODES),
      iPAddress: address,
      prefixLength: z.number().int().default(64),
      gateway: address,
    }),
    dns: z.object({
      status: z.enum(DNS_MODES),
      primaryDNSServer: address,
      secondaryDNSServer: address,
    }),
  })
  .superRefine(({ ipv4, ipv6, dns }, ctx) => {
    if (ipv4.status === 'static') {
      report(ctx, ipFieldRule('ipEmpty', 'ipFormat')(ipv4.iPAddress), ['ipv4', 'iPAddress']);
      report(ctx, netmaskFieldRule('networkMaskEmpty', 'networkMaskInvalid')(ipv4.mask), ['ipv4', 'mask']);
      const gateway = ipFieldRule('networkGatewayEmpty', 'ipFormat')(ipv4.gateway);
      report(ctx, gateway, ['ipv4', 'gateway']);
      const prefix = prefixOfNetmask(ipv4.mask);
      if (
        !gateway &&
        isIPv4(ipv4.iPAddress) &&
        prefix !== null &&
        !inSubnet(ipv4.iPAddress, ipv4.gateway, prefix)
      )
        report(ctx, 'networkGatewayOutsideSubnet', ['ipv4', 'gateway']);
    }
    if (ipv6.status === 'static') {
      report(ctx, ipv6Rule('networkIpv6Empty')(ipv6.iPAddress), ['ipv6', 'iPAddress']);
      report(ctx, ipv6Rule('networkIpv6GatewayEmpty')(ipv6.gateway), ['ipv6', 'gateway']);
      if (ipv6.prefixLength < 1 || ipv6.prefixLength > 128)
        report(ctx, 'networkPrefixInvalid', ['ipv6', 'prefixLength']);
    }
    if (dns.status === 'manual') {
      if (!dns.primaryDNSServer) report(ctx, 'networkDnsEmpty', ['dns', 'primaryDNSServer']);
      for (const field of ['primaryDNSServer', 'secondaryDNSServer'] as const) {
        const value = dns[field];
        if (value && !isIPv4(value) && !isIPv6(value)) report(ctx, 'networkDnsInvalid', ['dns', field]);
      }
    }
  });
export type NetworkInterfaceConfig = z.infer<typeof networkInterfaceConfig>;

const ipv6Rule = (emptyCode: 'networkIpv6Empty' | 'networkIpv6GatewayEmpty') => (value: string) =>
  !value ? emptyCode : isIPv6(value) ? null : 'networkIpv6Invalid';

/** An address an interface holds now, as the host reports it. */
export const hostAddress = z.object({ address: z.string(), prefix: z.number() });
export type HostAddress = z.infer<typeof hostAddress>;

export const hostInterface = z.object({
  name: z.string(),
  mac: z.string(),
  up: z.boolean(),
  ipv4: z.array(hostAddress),
  ipv6: z.array(hostAddress),
  /** What the console wrote for it, when it manages it. */
  config: networkInterfaceConfig.nullable(),
});
export type HostInterface = z.infer<typeof hostInterface>;

/**
 * SPEC 8 'IP/subnet mask/gateway conflicts with another': a static IPv4 address whose subnet overlaps a
 * subnet another interface of the host holds.
 */
export function conflictsWithAnotherInterface(
  config: NetworkInterfaceConfig,
  interfaces: readonly Pick<HostInterface, 'name' | 'ipv4'>[],
): boolean {
  if (config.ipv4.status !== 'static') return false;
  const prefix = prefixOfNetmask(config.ipv4.mask);
  if (prefix === null || !isIPv4(config.ipv4.iPAddress)) return false;
  return interfaces
    .filter((other) => other.name !== config.name)
    .some((other) =>
      other.ipv4.some((held) => {
        const shorter = Math.min(prefix, held.prefix);
        return (
          ipToInt(held.address) === ipToInt(config.ipv4.iPAddress) ||
          inSubnet(held.address, config.ipv4.iPAddress, shorter)
        );
      }),
    );
}

export const applyNetworkRequest = z.object({
  config: networkInterfaceConfig,
  confirmSeconds: ruledNumber((v) =>
    Number.isInteger(v) && v >= NETWORK_CONFIRM_RANGE.min && v <= NETWORK_CONFIRM_RANGE.max
      ? null
      : 'networkConfirmWindow',
  ).default(NETWORK_CONFIRM_DEFAULT_S),
});
export type ApplyNetworkRequest = z.infer<typeof applyNetworkRequest>;

const port = ruledNumber(portRule);

export const networkPorts = z
  .object({
    httpPort: port,
    httpsPort: port,
    httpsEnabled: z.boolean(),
    /** Browsers asking for a page over HTTP are sent to HTTPS; API and device traffic are answered as they come. */
    redirectHttp: z.boolean(),
  })
  .superRefine((ports, ctx) => {
    if (ports.httpPort === ports.httpsPort) report(ctx, 'networkPortsSame', ['httpsPort']);
  });
export type NetworkPorts = z.infer<typeof networkPorts>;

export const certificateUpload = z.object({
  certificate: z
    .string()
    .min(1)
    .max(64 * 1024),
  privateKey: z
    .string()
    .min(1)
    .max(64 * 1024),
});
export type CertificateUpload = z.infer<typeof certificateUpload>;

export const certificateInfo = z.object({
  source: z.enum(['generated', 'uploaded']),
  subject: z.string(),
  notAfter: z.string(),
  fingerprint256: z.string(),
});
export type CertificateInfo = z.infer<typeof certificateInfo>;

export const networkState = z.object({
  interfaces: z.array(hostInterface),
  gateway4: z.string().nullable(),
  gateway6: z.string().nullable(),
  dns: z.array(z.string()),
  /** False when this host has no backend the console can drive (the reason is `networkBackendMissing`). */
  canApply: z.boolean(),
  /** A change waiting for its confirmation, and when the previous settings come back without it. */
  pending: z.object({ name: z.string(), deadline: z.number() }).nullable(),
  ports: networkPorts.and(z.object({ certificate: certificateInfo.nullable() })),
});
export type NetworkState = z.infer<typeof networkState>;
