/** Settings > Network's rules (SPEC 5): static addresses, IPv6, DNS, and the conflict with another interface. */
import { describe, expect, it } from 'vitest';
import {
  conflictsWithAnotherInterface,
  networkInterfaceConfig,
  networkPorts,
  type NetworkInterfaceConfig,
} from './network.ts';

const config = (
  ipv4: Partial<NetworkInterfaceConfig['ipv4']> = {},
  rest: Partial<NetworkInterfaceConfig> = {},
) =>
  ({
    name: 'eth0',
    ipv4: {
      status: 'static',
      iPAddress: '192.168.1.10',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      ...ipv4,
    },
    ipv6: { status: 'linkLocal', iPAddress: '', prefixLength: 64, gateway: '' },
    dns: { status: 'auto', primaryDNSServer: '', secondaryDNSServer: '' },
    ...rest,
  }) as NetworkInterfaceConfig;

const codes = (value: unknown) => {
  const parsed = networkInterfaceConfig.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => [i.path.join('.'), (i as { params?: { code: string } }).params?.code]);
};

describe('network interface rules', () => {
  it('passes a valid static address and DHCP with nothing else', () => {
    expect(codes(config())).toEqual([]);
    expect(codes(config({ status: 'dhcp', iPAddress: '', mask: '', gateway: '' }))).toEqual([]);
  });

  it('requires and checks the static IPv4 fields, and the gateway in the subnet', () => {
    expect(codes(config({ iPAddress: '', mask: '', gateway: '' }))).toEqual([
      ['ipv4.iPAddress', 'ipEmpty'],
      ['ipv4.mask', 'networkMaskEmpty'],
      ['ipv4.gateway', 'networkGatewayEmpty'],
    ]);
    expect(codes(config({ mask: '255.0.255.0' }))).toEqual([['ipv4.mask', 'networkMaskInvalid']]);
    expect(codes(config({ gateway: '192.168.2.1' }))).toEqual([
      ['ipv4.gateway', 'networkGatewayOutsideSubnet'],
    ]);
  });

  it('checks static IPv6, its prefix, and manual DNS', () => {
    const ipv6 = (v: Partial<NetworkInterfaceConfig['ipv6']>) =>
      config(
        {},
        {
          ipv6: {
            status: 'static',
            iPAddress: '2001:db8::2',
            prefixLength: 64,
            gateway: '2001:db8::1',
            ...v,
          },
        },
      );
    expect(codes(ipv6({}))).toEqual([]);
    expect(codes(ipv6({ iPAddress: '2001:db8::g' }))).toEqual([['ipv6.iPAddress', 'networkIpv6Invalid']]);
    expect(codes(ipv6({ gateway: '' }))).toEqual([['ipv6.gateway', 'networkIpv6GatewayEmpty']]);
    expect(codes(ipv6({ prefixLength: 129 }))).toEqual([['ipv6.prefixLength', 'networkPrefixInvalid']]);
    const dns = (v: Partial<NetworkInterfaceConfig['dns']>) =>
      config({}, { dns: { status: 'manual', primaryDNSServer: '', secondaryDNSServer: '', ...v } });
    expect(codes(dns({}))).toEqual([['dns.primaryDNSServer', 'networkDnsEmpty']]);
    expect(codes(dns({ primaryDNSServer: '9.9.9.9', secondaryDNSServer: 'dns.example' }))).toEqual([
      ['dns.secondaryDNSServer', 'networkDnsInvalid'],
    ]);
  });

  it('finds a subnet another interface holds, whichever is wider', () => {
    const others = [{ name: 'eth1', ipv4: [{ address: '10.1.0.1', prefix: 16 }] }];
    expect(conflictsWithAnotherInterface(config(), others)).toBe(false);
    expect(
      conflictsWithAnotherInterface(config({ iPAddress: '10.1.5.9', gateway: '10.1.5.1' }), others),
    ).toBe(true);
    expect(
      conflictsWithAnotherInterface(
        config({ iPAddress: '10.1.5.9', mask: '255.0.0.0', gateway: '10.1.5.1' }),
        others,
      ),
    ).toBe(true);
    // The interface's own addresses are not a conflict.
    expect(
      conflictsWithAnotherInterface(config({ iPAddress: '10.1.5.9', gateway: '10.1.5.1' }), [
        { ...others[0]!, name: 'eth0' },
      ]),
    ).toBe(false);
    expect(conflictsWithAnotherInterface(config({ status: 'dhcp' }), others)).toBe(false);
  });

  it('refuses the same port for HTTP and HTTPS', () => {
    const ports = { httpPort: 8080, httpsPort: 8080, httpsEnabled: true, redirectHttp: false };
    expect(networkPorts.safeParse(ports).success).toBe(false);
    expect(networkPorts.safeParse({ ...ports, httpsPort: 8443 }).success).toBe(true);
  });
});
