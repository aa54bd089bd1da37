/**
 * Wi-Fi -> /etc/config/wireless: the radio of the chosen band (channel, width, TX power) and one AP
 * interface per SSID, bridged into its VLAN's network. Radios of the other band are switched off, as
 * the section configures one band. Client mode is a WAN (wan.ts) on the same radio.
 */
import {
  DEFAULT_LAN_VID,
  type WifiBand,
  type WifiSection,
  type WifiSecurity,
  type WifiSsid,
  type WifiAccount,
} from '@edge/protocol';
import type { Radio, RenderContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { lanNetwork, vidOfNetwork } from './names.ts';
import type { UciSection } from './uci.ts';
import { flag, list, opt } from './uciReader.ts';

const BAND: Record<WifiBand, string> = { '2.4G': '2g', '5G': '5g' };
/** OpenWrt's encryption words: psk is WPA(1)-PSK, psk2 WPA2-PSK, sae WPA3-Personal. */
export const ENCRYPTION: Record<WifiSecurity, string> = { WPA1: 'psk', WPA2: 'psk2', WPA3: 'sae' };

/** HT (802.11n) widths at 2.4 GHz, VHT (802.11ac) at 5 GHz; auto leaves the driver's default. */
function htmode(doc: WifiSection): string | undefined {
  if (doc.bandwidth === 'auto') return undefined;
  return `${doc.mode === '2.4G' ? 'HT' : 'VHT'}${doc.bandwidth}`;
}

/**
 * The SPEC's TX power is a percentage of the radio's power; UCI wants dBm. 100 % leaves the driver
 * at its (regulatory) maximum; below that the power in milliwatts is scaled, i.e. 50 % is 3 dB less.
 */
function txpower(percent: number, maxDbm: number): number | undefined {
  if (percent >= 100) return undefined;
  return Math.max(0, Math.round(maxDbm + 10 * Math.log10(percent / 100)));
}

const radioSection = (radio: Radio, options: UciSection['options']): UciSection => ({
  config: 'wireless',
  type: 'wifi-device',
  name: radio.name,
  options: { type: radio.type, path: radio.path, band: BAND[radio.band], ...options },
});

function apSection(ssid: WifiSsid, radio: Radio, allowed: readonly string[]): UciSection {
  return {
    config: 'wireless',
    type: 'wifi-iface',
    name: `ap_${ssid.idx}`,
    options: {
      device: radio.name,
      mode: 'ap',
      network: lanNetwork(ssid.vid),
      ssid: ssid.ssid,
      encryption: ENCRYPTION[ssid.wpa],
      key: ssid.password,
      disabled: !ssid.toggle,
      // A non-empty authentication list admits only the stations on it.
      macfilter: allowed.length ? 'allow' : undefined,
      maclist: allowed.length ? allowed : undefined,
    },
  };
}

export function renderWifi(doc: WifiSection, ctx: Pick<RenderContext, 'hardware' | 'activeRadio'>): Fragment {
  const radio = ctx.activeRadio;
  if (!radio) throw new Error(`this device has no ${doc.mode} radio`);
  const allowed = doc.authentication.map((a) => a.mac.toLowerCase());
  const radios = ctx.hardware.radios.map((r) =>
    r === radio
      ? radioSection(r, {
          channel: doc.channel,
          htmode: htmode(doc),
          txpower: txpower(doc.tx_power, ctx.hardware.maxTxPowerDbm),
          disabled: false,
        })
      : radioSection(r, { disabled: true }),
  );
  return {
    uci: [
      ...radios,
      ...doc.list.map((ssid) => apSection(ssid, radio, allowed)),
      ...doc.accounts.map(accountSection),
    ],
    nft: {},
  };
}

/**
 * An Auth Connect account, in the same file as the APs it serves: the hotspot's and 802.1X server's user
 * list (its daemon reads the `edge_account` sections; wireless's own scripts skip types they do not know).
 */
const accountSection = (account: WifiAccount, i: number): UciSection => ({
  config: 'wireless',
  type: 'edge_account',
  name: `account_${i}`,
  options: { name: account.name, password: account.password },
});

const bandOf = (band: string | undefined): WifiBand => (band === '5g' ? '5G' : '2.4G');
const securityOf = (encryption: string | undefined): WifiSecurity =>
  (Object.entries(ENCRYPTION).find(([, word]) => word === encryption)?.[0] as WifiSecurity | undefined) ??
  'WPA2';

/**
 * Reads the section back from /etc/config/wireless. TX power reads back to the nearest percent of
 * the whole dBm the radio was given.
 */
export function readWifi(wireless: readonly UciSection[], maxTxPowerDbm: number): WifiSection {
  const radio = wireless.find((s) => s.type === 'wifi-device' && !flag(s, 'disabled', false));
  const ht = /^V?HT(\d+)$/.exec(opt(radio, 'htmode') ?? '');
  const dbm = opt(radio, 'txpower');
  const channel = opt(radio, 'channel') ?? 'auto';
  const aps = wireless.filter(
    (s) => s.type === 'wifi-iface' && opt(s, 'mode') === 'ap' && opt(s, 'device') === radio?.name,
  );
  return {
    mode: bandOf(opt(radio, 'band')),
    channel: channel === 'auto' ? 'auto' : Number(channel),
    bandwidth: ht ? (Number(ht[1]) as 20 | 40 | 80 | 160) : 'auto',
    tx_power: dbm === undefined ? 100 : Math.round(100 * 10 ** ((Number(dbm) - maxTxPowerDbm) / 10)),
    list: aps.map((ap, i) => ({
      idx: Number(/^ap_(\d+)$/.exec(ap.name)?.[1] ?? i),
      ssid: opt(ap, 'ssid') ?? '',
      password: opt(ap, 'key') ?? '',
      wpa: securityOf(opt(ap, 'encryption')),
      toggle: !flag(ap, 'disabled', false),
      vid: vidOfNetwork(opt(ap, 'network') ?? '') ?? DEFAULT_LAN_VID,
    })),
    authentication: list(aps[0], 'maclist').map((mac) => ({ name: mac, mac })),
    accounts: readAccounts(wireless),
  };
}

/** The Auth Connect accounts of /etc/config/wireless (what the device's 802.1X authenticator checks users with). */
export const readAccounts = (wireless: readonly UciSection[]): WifiAccount[] =>
  wireless
    .filter((s) => s.type === 'edge_account')
    .map((s) => ({ name: opt(s, 'name') ?? '', password: opt(s, 'password') ?? '' }));
