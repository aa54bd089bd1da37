/**
 * WAN -> one interface per WAN in /etc/config/network (DHCP, static, PPPoE, or DHCP over a Wi-Fi
 * client interface in /etc/config/wireless), and the WAN devices in the nft set the firewall uses to
 * tell WAN from LAN traffic.
 */
import type { WanInterface, WanSection } from '@edge/protocol';
import type { RenderContext } from './context.ts';
import { ENCRYPTION } from './wifi.ts';
import type { Fragment } from './fragment.ts';
import { nftIfname } from './nft.ts';
import { pppoeDevice, wanMetric, wanNetwork } from './names.ts';
import type { UciSection } from './uci.ts';

/** Hand-set DNS servers replace the ones the provider offers (peerdns off). */
export function dnsOptions(
  wan: Pick<WanInterface, 'dns_mode' | 'dns_server_1' | 'dns_server_2'>,
  always = false,
) {
  if (!always && wan.dns_mode === 'auto') return {};
  return { peerdns: always ? undefined : false, dns: [wan.dns_server_1, wan.dns_server_2] };
}

function modeOptions(wan: WanInterface): UciSection['options'] {
  switch (wan.mode) {
    case 'dhcp':
      return { device: wan.iface, proto: 'dhcp', ...dnsOptions(wan) };
    case 'static':
      return {
        device: wan.iface,
        proto: 'static',
        ipaddr: wan.ip,
        netmask: wan.mask,
        gateway: wan.gateway,
        ...dnsOptions(wan, true),
      };
    case 'pppoe':
      return {
        device: wan.iface,
        proto: 'pppoe',
        username: wan.username,
        password: wan.password,
        // netifd's `auto` is "bring up at boot": the SPEC's "connect on startup".
        auto: wan.auto_startup,
        // pppd asks the provider for a given local address with "<ip>:".
        pppd_options: wan.auto_get_ip ? undefined : `${wan.ip}:`,
        ...dnsOptions(wan),
      };
    case 'wifi':
      // The wireless interface joins this network; it has no device of its own here.
      return { proto: 'dhcp', ...dnsOptions(wan) };
  }
}

function clientSection(
  wan: Extract<WanInterface, { mode: 'wifi' }>,
  ctx: Pick<RenderContext, 'activeRadio'>,
): UciSection {
  if (!ctx.activeRadio) throw new Error('Wi-Fi client mode needs a radio');
  return {
    config: 'wireless',
    type: 'wifi-iface',
    name: wanNetwork(wan.iface),
    options: {
      device: ctx.activeRadio.name,
      mode: 'sta',
      network: wanNetwork(wan.iface),
      // Named, so the firewall's WAN set can name it too.
      ifname: wan.iface,
      ssid: wan.ssid,
      encryption: ENCRYPTION[wan.wpa],
      key: wan.password,
    },
  };
}

export const wanDevice = (wan: WanInterface): string =>
  wan.mode === 'pppoe' ? pppoeDevice(wan.iface) : wan.iface;

export function renderWan(doc: WanSection, ctx: Pick<RenderContext, 'activeRadio'>): Fragment {
  const uci = doc.list.flatMap((wan, i): UciSection[] => [
    {
      config: 'network',
      type: 'interface',
      name: wanNetwork(wan.iface),
      options: { ...modeOptions(wan), metric: wanMetric(i) },
    },
    ...(wan.mode === 'wifi' ? [clientSection(wan, ctx)] : []),
  ]);
  return {
    uci,
    nft: {
      elements: { wan_ifaces: doc.list.map((wan) => nftIfname(wanDevice(wan))) },
      // Without fw4 zones nothing clamps TCP MSS to the path MTU; PPPoE and cellular links need it.
      rules: doc.list.length ? { forward: ['tcp flags syn tcp option maxseg size set rt mtu'] } : {},
    },
  };
}
