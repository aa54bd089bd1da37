/**
 * DHCP -> each pool's interface in /etc/config/network (the device's address on that VLAN) and its
 * DHCP server in /etc/config/dhcp (dnsmasq). OpenWrt wants the range as an offset from the network
 * address and a count, and hands out the interface address as the router.
 */
import {
  intToIp,
  ipToInt,
  networkOf,
  prefixOfNetmask,
  type DhcpPool,
  type DhcpSection,
} from '@edge/protocol';
import type { Fragment } from './fragment.ts';
import { formatLeaseTime, parseLeaseTime } from './leaseTime.ts';
import { lanDevice, lanNetwork, vidOfNetwork } from './names.ts';
import { uciText, type UciSection } from './uci.ts';
import { list, opt } from './uciReader.ts';

/** dnsmasq's global settings: OpenWrt's defaults, which the file must carry since the agent writes it whole. */
const DNSMASQ: UciSection = {
  config: 'dhcp',
  type: 'dnsmasq',
  name: 'dnsmasq',
  options: {
    domainneeded: true,
    localise_queries: true,
    rebind_protection: true,
    rebind_localhost: true,
    local: '/lan/',
    domain: 'lan',
    expandhosts: true,
    authoritative: true,
    readethers: true,
    leasefile: '/tmp/dhcp.leases',
    resolvfile: '/tmp/resolv.conf.d/resolv.conf.auto',
    localservice: true,
  },
};

const networkAddress = (pool: DhcpPool): number =>
  ipToInt(networkOf(pool.gateway, prefixOfNetmask(pool.netmask) ?? 32));

function poolSections(pool: DhcpPool): UciSection[] {
  const name = lanNetwork(pool.vid);
  const start = ipToInt(pool.address_range_1);
  return [
    {
      config: 'network',
      type: 'interface',
      name,
      options: { device: lanDevice(pool.vid), proto: 'static', ipaddr: pool.gateway, netmask: pool.netmask },
    },
    {
      config: 'dhcp',
      type: 'dhcp',
      name,
      options: {
        interface: name,
        // Not read by dnsmasq; kept so the pool reads back with the description the user gave it.
        description: uciText(pool.description),
        start: start - networkAddress(pool),
        limit: ipToInt(pool.address_range_2) - start + 1,
        leasetime: formatLeaseTime(pool.maximun_lease_time),
        dhcpv4: 'server',
        // Option 6: the DNS server clients are told to use.
        dhcp_option: [`6,${pool.dns}`],
      },
    },
  ];
}

export function renderDhcp(doc: DhcpSection): Fragment {
  return { uci: [DNSMASQ, ...doc.list.flatMap(poolSections)], nft: {} };
}

/** Reads the pools back from the two files (what the device reports as its DHCP section). */
export function readDhcp(network: readonly UciSection[], dhcp: readonly UciSection[]): DhcpSection {
  const pools = dhcp.flatMap((server): DhcpPool[] => {
    const name = opt(server, 'interface') ?? '';
    const vid = vidOfNetwork(name);
    const iface = network.find((s) => s.type === 'interface' && s.name === name);
    const gateway = opt(iface, 'ipaddr');
    const netmask = opt(iface, 'netmask');
    if (server.type !== 'dhcp' || vid === null || !gateway || !netmask) return [];
    const base = networkAddress({ gateway, netmask } as DhcpPool);
    const start = base + Number(opt(server, 'start') ?? 100);
    const dns = list(server, 'dhcp_option').find((o) => o.startsWith('6,'));
    return [
      {
        vid,
        description: opt(server, 'description') ?? name,
        gateway,
        netmask,
        address_range_1: intToIp(start),
        address_range_2: intToIp(start + Number(opt(server, 'limit') ?? 150) - 1),
        dns: dns?.slice(2) ?? gateway,
        maximun_lease_time: parseLeaseTime(opt(server, 'leasetime') ?? '12h') ?? 43200,
      },
    ];
  });
  return { list: pools };
}
