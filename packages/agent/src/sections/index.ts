/**
 * How the real agent applies the configuration sections on an OpenWrt device: section key ->
 * renderer, and the whole-device render that merges every section into the files the agent owns
 * (/etc/config/{network,wireless,dhcp,firewall,mwan3,edge} and the nftables table).
 * Readers turn the files back into the sections the device reports, where the files hold them fully.
 */
import { sectionDefaults, type SectionDocs, type SectionKey } from '@edge/protocol';
import { contextFor, defaultHardware, type DeviceHardware, type RenderContext } from './context.ts';
import { mergeFragments, toFiles, type Fragment, type RenderedFiles } from './fragment.ts';
import { renderClients } from './clients.ts';
import { readDhcp, renderDhcp } from './dhcp.ts';
import { renderFirewall } from './firewall.ts';
import { readGeneral, renderGeneral } from './general.ts';
import { renderMobileNetwork } from './mobileNetwork.ts';
import { renderMultipleWan } from './multipleWan.ts';
import { renderNat } from './nat.ts';
import { readPortType, renderPortType } from './portType.ts';
import { renderPortForward } from './portForward.ts';
import { renderVlan } from './vlan.ts';
import { renderWan } from './wan.ts';
import { readWifi, renderWifi } from './wifi.ts';
import { uciPath, type UciConfig } from './uci.ts';
import { parseUci } from './uciReader.ts';

export type SectionRenderer<K extends SectionKey> = (doc: SectionDocs[K], ctx: RenderContext) => Fragment;

export const sectionRenderers: { [K in SectionKey]: SectionRenderer<K> } = {
  portType: renderPortType,
  mobileNetwork: renderMobileNetwork,
  wifi: renderWifi,
  wan: renderWan,
  multipleWan: renderMultipleWan,
  nat: renderNat,
  portForward: renderPortForward,
  dhcp: renderDhcp,
  vlan: renderVlan,
  firewall: renderFirewall,
  general: renderGeneral,
  clients: renderClients,
};

/**
 * The order sections merge in, which is the order of their rules in each chain: the WAN's MSS clamp
 * (which must see every SYN) and the blacklist's drops come before the firewall's accepts.
 */
const RENDER_ORDER: readonly SectionKey[] = [
  'portType',
  'vlan',
  'dhcp',
  'wan',
  'mobileNetwork',
  'multipleWan',
  'wifi',
  'general',
  'clients',
  'firewall',
  'nat',
  'portForward',
];

/** /etc/config/network is written whole, so it carries the loopback interface too. */
const LOOPBACK: Fragment = {
  uci: [
    {
      config: 'network',
      type: 'interface',
      name: 'loopback',
      options: { device: 'lo', proto: 'static', ipaddr: '127.0.0.1', netmask: '255.0.0.0' },
    },
  ],
  nft: {},
};

const renderOne = <K extends SectionKey>(key: K, doc: SectionDocs[K], ctx: RenderContext): Fragment =>
  (sectionRenderers[key] as SectionRenderer<K>)(doc, ctx);

/**
 * The files (or the parts of files) one section renders to, for previews and tests; `ctx` brings
 * what it needs from the other sections (by default, their defaults).
 */
export function renderSection<K extends SectionKey>(
  key: K,
  doc: SectionDocs[K],
  ctx: RenderContext = contextFor(sectionDefaults),
): RenderedFiles {
  return toFiles(renderOne(key, doc, ctx));
}

/** Every file the agent owns, whole, from all sections: what it writes before reloading the services. */
export function renderDevice(docs: SectionDocs, hardware: DeviceHardware = defaultHardware): RenderedFiles {
  const ctx = contextFor(docs, hardware);
  return toFiles(
    mergeFragments([LOOPBACK, ...RENDER_ORDER.map((key) => renderOne(key, docs[key], ctx))]),
    true,
  );
}

/** The sections a device's files hold fully enough to report them back (the others come from the agent's own state). */
export function readDevice(files: Record<string, string>, hardware: DeviceHardware = defaultHardware) {
  const read = (config: UciConfig) => parseUci(config, files[uciPath(config)] ?? '');
  const network = read('network');
  return {
    portType: readPortType(network),
    dhcp: readDhcp(network, read('dhcp')),
    wifi: readWifi(read('wireless'), hardware.maxTxPowerDbm),
    general: readGeneral(read('edge')),
  } satisfies Partial<SectionDocs>;
}

export {
  contextFor,
  defaultHardware,
  type DeviceHardware,
  type RenderContext,
  type Radio,
} from './context.ts';
export type { Fragment, RenderedFiles } from './fragment.ts';
export { NFT_PATH } from './nft.ts';
export { parseUci } from './uciReader.ts';
export { uciPath, uciQuote, UnsafeValueError } from './uci.ts';
