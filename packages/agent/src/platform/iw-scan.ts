/**
 * Reads the text `iw dev <iface> scan` prints: one "BSS <mac>(on <iface>)" block per access point, with
 * indented lines for frequency, signal, SSID, channel and the security elements (RSN, WPA). iw says its
 * output is not stable for scripts, so anything unrecognised is skipped rather than refused.
 */
import type { ScannedWifiNetwork, ScannedWifiSecurity } from '@edge/protocol';

interface Block {
  bssid: string;
  ssid: string;
  signalDbm: number | null;
  freq: number | null;
  channel: number | null;
  privacy: boolean;
  rsn: boolean;
  rsnSae: boolean;
  wpa: boolean;
}

/** 802.11 channel number of a centre frequency (MHz): 2.4, 5 and 6 GHz bands. */
export function channelOfFrequency(mhz: number): number | null {
  if (mhz === 2484) return 14;
  if (mhz >= 2412 && mhz <= 2472) return (mhz - 2407) / 5;
  if (mhz >= 5955 && mhz <= 7115) return (mhz - 5950) / 5;
  if (mhz >= 5160 && mhz <= 5885) return (mhz - 5000) / 5;
  return null;
}

/** iw prints bytes outside printable ASCII as \xHH; SSIDs are UTF-8 more often than not. */
function decodeSsid(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length;) {
    const escaped = /^\\x([0-9a-fA-F]{2})/.exec(raw.slice(i));
    if (escaped) {
      bytes.push(parseInt(escaped[1]!, 16));
      i += 4;
    } else {
      bytes.push(...Buffer.from(raw[i]!, 'utf8'));
      i += 1;
    }
  }
  // A hidden network broadcasts an empty name or one of NUL bytes.
  if (bytes.every((b) => b === 0)) return '';
  return Buffer.from(bytes).toString('utf8');
}

function securityOf(block: Block): ScannedWifiSecurity {
  if (block.rsnSae) return 'WPA3';
  if (block.rsn) return 'WPA2';
  if (block.wpa) return 'WPA1';
  return block.privacy ? 'WEP' : 'open';
}

function finish(block: Block): ScannedWifiNetwork | null {
  const channel = block.channel ?? (block.freq === null ? null : channelOfFrequency(block.freq));
  if (channel === null || block.signalDbm === null) return null;
  return {
    ssid: block.ssid,
    bssid: block.bssid,
    signalDbm: block.signalDbm,
    channel,
    security: securityOf(block),
  };
}

/** Networks in the scan, strongest first; one row per access point (BSSID). */
export function parseIwScan(text: string): ScannedWifiNetwork[] {
  const networks: ScannedWifiNetwork[] = [];
  let block: Block | null = null;
  let inRsn = false;
  const close = () => {
    const network = block && finish(block);
    if (network) networks.push(network);
  };
  for (const line of text.split('\n')) {
    const bss = /^BSS ([0-9a-fA-F:]{17})/.exec(line);
    if (bss) {
      close();
      block = {
        bssid: bss[1]!.toLowerCase(),
        ssid: '',
        signalDbm: null,
        freq: null,
        channel: null,
        privacy: false,
        rsn: false,
        rsnSae: false,
        wpa: false,
      };
      inRsn = false;
      continue;
    }
    if (!block) continue;
    const trimmed = line.trim();
    // Element headers sit one tab in; their details (" * Authentication suites: ...") deeper.
    if (/^\t\S/.test(line)) inRsn = trimmed.startsWith('RSN:');
    let m: RegExpExecArray | null;
    if ((m = /^freq:\s*([\d.]+)/.exec(trimmed))) block.freq = Math.round(Number(m[1]));
    else if ((m = /^signal:\s*(-?[\d.]+)\s*dBm/.exec(trimmed))) block.signalDbm = Math.round(Number(m[1]));
    else if (/^SSID:/.test(trimmed)) block.ssid = decodeSsid(line.replace(/^\s*SSID: ?/, ''));
    else if ((m = /^DS Parameter set: channel (\d+)/.exec(trimmed))) block.channel = Number(m[1]);
    else if ((m = /^\* primary channel: (\d+)/.exec(trimmed))) block.channel ??= Number(m[1]);
    else if (/^capability:.*\bPrivacy\b/.test(trimmed)) block.privacy = true;
    if (trimmed.startsWith('RSN:')) block.rsn = true;
    if (trimmed.startsWith('WPA:')) block.wpa = true;
    if (inRsn && /Authentication suites:.*\bSAE\b/.test(trimmed)) block.rsnSae = true;
  }
  close();
  return networks.sort((a, b) => b.signalDbm - a.signalDbm);
}
