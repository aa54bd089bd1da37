/**
 * The networking rules of SPEC section 5, each a small pure function that returns the message code of
 * the first failure or null. The section schemas wire them into zod (fields.ts); the web forms may call
 * them directly. Where the SPEC gives words the message is those words; where it is silent (SSID, VLAN
 * list, ...) the message says plainly what is wrong.
 */
import type { MessageCode } from '../messages.ts';
import { isIPv4, type Rule } from '../validation.ts';
import {
  DHCP_MIN_LEASE_S,
  NAT_PREFIX_RANGE,
  SSID_MAX_LENGTH,
  VLAN_ID_RANGE,
  VLAN_TRUNK_IDS,
  WIFI_PASSWORD_LENGTH,
} from '../constants.ts';
import { inSubnet, ipToInt, isNetmask, prefixOfNetmask } from './ipv4.ts';

type Code = MessageCode | null;

/** A value the user left empty; whitespace alone counts as empty. */
export const isBlank = (value: string): boolean => value.trim() === '';
/** The word a select box shows when nothing is chosen; the SPEC treats it like an empty choice. */
export const NONE_CHOICE = 'None';
export const isNone = (value: string): boolean => isBlank(value) || value === NONE_CHOICE;

/** A text field that must not be empty. */
export const notEmptyRule =
  (code: MessageCode): Rule =>
  (value) =>
    isBlank(value) ? code : null;

/** An IP field: empty gives `emptyCode`, anything but A.B.C.D (0-255) gives `invalidCode`. */
export const ipFieldRule =
  (emptyCode: MessageCode, invalidCode: MessageCode): Rule =>
  (value) => {
    if (isBlank(value)) return emptyCode;
    return isIPv4(value) ? null : invalidCode;
  };

/** A netmask: a valid IP whose one bits are contiguous (255.255.255.0, not 255.0.255.0). */
export const netmaskFieldRule =
  (emptyCode: MessageCode, invalidCode: MessageCode): Rule =>
  (value) =>
    ipFieldRule(emptyCode, invalidCode)(value) ?? (isNetmask(value) ? null : invalidCode);

// ---- interfaces and ports ----

/** Linux interface names: at most 15 characters, nothing a shell, UCI or nft would read specially. */
const IFNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,14}$/;
export const isInterfaceName = (value: string): boolean => IFNAME.test(value);

/** An interface picked in a select box: 'None' or empty gives `emptyCode`. */
export const interfaceFieldRule =
  (emptyCode: MessageCode): Rule =>
  (value) => {
    if (isNone(value)) return emptyCode;
    return isInterfaceName(value) ? null : 'interfaceNameFormat';
  };

/** Port type (SPEC 5): the WAN list and the LAN list must each keep at least one interface. */
export function portTypeListsRule(ports: readonly { type: string }[]): Code {
  if (!ports.some((p) => p.type === 'WAN')) return 'wanListEmpty';
  if (!ports.some((p) => p.type === 'LAN')) return 'lanListEmpty';
  return null;
}

// ---- Wi-Fi ----

const SSID_LEADING = ['!', '#', ';'];
// TextEncoder rather than Buffer: the web console runs these rules in the browser too.
const utf8 = new TextEncoder();
const SSID_FORBIDDEN = ['+', ']', '/', '"', '\t'];
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * SSID (SPEC 5): not empty; at most 32 characters; case-sensitive (so compared as typed, never folded);
 * must not start with !, # or ;; must not contain +, ], /, " or tab; must not end with a space.
 * The length is counted in UTF-8 bytes, the unit 802.11 limits: for ASCII that is the same 32, and a
 * name of 32 accented letters, which no access point could broadcast, is refused instead of truncated.
 * Control characters (other than the tab the SPEC names) are refused too: they cannot be typed and
 * would break the device's config files.
 */
export const ssidRule: Rule = (value) => {
  if (value === '') return 'ssidEmpty';
  if (utf8.encode(value).length > SSID_MAX_LENGTH) return 'ssidLength';
  if (SSID_LEADING.some((c) => value.startsWith(c))) return 'ssidLeadingChar';
  if (SSID_FORBIDDEN.some((c) => value.includes(c))) return 'ssidForbiddenChar';
  if (CONTROL.test(value)) return 'ssidControlChar';
  if (value.endsWith(' ')) return 'ssidTrailingSpace';
  return null;
};

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Wi-Fi password (SPEC 5): not empty; printable ASCII; 8 to 64 characters. */
export const wifiPasswordRule: Rule = (value) => {
  if (value === '') return 'wifiPasswordEmpty';
  const { min, max } = WIFI_PASSWORD_LENGTH;
  return PRINTABLE_ASCII.test(value) && value.length >= min && value.length <= max
    ? null
    : 'wifiPasswordFormat';
};

/** 20 MHz channel numbers per band: 2.4 GHz 1-14; 5 GHz the UNII channels 36-64, 100-144, 149-177. */
const CHANNELS: Record<string, readonly number[]> = {
  '2.4G': Array.from({ length: 14 }, (_, i) => i + 1),
  '5G': [
    ...Array.from({ length: 8 }, (_, i) => 36 + 4 * i),
    ...Array.from({ length: 12 }, (_, i) => 100 + 4 * i),
    ...Array.from({ length: 8 }, (_, i) => 149 + 4 * i),
  ],
};

/** The channels a band offers, in order (none for a band that does not exist). */
export const wifiChannels = (band: string): readonly number[] => CHANNELS[band] ?? [];

/** The channel must exist in the band ('auto' lets the radio choose). */
export function wifiChannelRule(band: string, channel: number | 'auto'): Code {
  if (channel === 'auto') return null;
  return wifiChannels(band).includes(channel) ? null : 'wifiChannelInvalid';
}

/** TX power is a percentage of the radio's maximum. */
export const txPowerRule: Rule<number> = (value) =>
  Number.isInteger(value) && value >= 1 && value <= 100 ? null : 'wifiTxPowerRange';

// ---- VLAN ----

export const isVlanId = (value: number): boolean =>
  Number.isInteger(value) && value >= VLAN_ID_RANGE.min && value <= VLAN_ID_RANGE.max;

/** VLAN ID (SPEC 5): 2-4094. */
export const vlanIdRule: Rule<number> = (value) => (isVlanId(value) ? null : 'vlanIdRange');

/** The untagged LAN every port and SSID is in unless told otherwise; the VLANs a user creates are 2-4094. */
export const DEFAULT_LAN_VID = 1;

/** A VLAN an SSID, DHCP server or access port is placed in: the default LAN or a user VLAN. */
export const lanVidRule: Rule<number> = (value) => (value === DEFAULT_LAN_VID ? null : vlanIdRule(value));

/**
 * The IDs of a VLAN list such as "10,20-22" (only numbers, commas and dashes, SPEC 5), or null when
 * it is not of that form. Ranges expand; duplicates collapse; the order is ascending.
 */
export function parseVlanList(value: string): number[] | null {
  if (!/^[0-9,-]+$/.test(value)) return null;
  const ids = new Set<number>();
  for (const token of value.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(token);
    if (!range) return null;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    // A range wider than any trunk may hold is refused here rather than expanded into thousands of IDs.
    if (to < from || to - from > VLAN_ID_RANGE.max) return null;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The VLAN list of a trunk port (SPEC 5): only numbers, commas and dashes; IDs 2-4094; 2 to 4 IDs. */
export const trunkVlanListRule: Rule = (value) => {
  if (isBlank(value)) return 'vlanIdRequired';
  const ids = parseVlanList(value);
  if (!ids) return 'vlanListFormat';
  if (!ids.every(isVlanId)) return 'vlanIdRange';
  return ids.length >= VLAN_TRUNK_IDS.min && ids.length <= VLAN_TRUNK_IDS.max ? null : 'vlanTrunkCount';
};

// ---- NAT, port forwarding, firewall ----

/** NAT source subnet (SPEC 5): A.B.C.D/8 to A.B.C.D/32. */
export const natSubnetRule: Rule = (value) => {
  const match = /^([0-9.]+)\/(\d{1,2})$/.exec(value);
  if (!match || !isIPv4(match[1]!)) return 'natSubnetFormat';
  const prefix = Number(match[2]);
  return prefix >= NAT_PREFIX_RANGE.min && prefix <= NAT_PREFIX_RANGE.max ? null : 'natSubnetFormat';
};

// ---- DHCP ----

/** DHCP lease (SPEC 5, 9): at least 60 seconds. */
export const leaseTimeRule: Rule<number> = (value) =>
  Number.isInteger(value) && value >= DHCP_MIN_LEASE_S ? null : 'dhcpLeaseMin';

/**
 * The address range of a DHCP server lies in the subnet of its gateway and runs from the lower address
 * to the higher. Called only once every address is a valid IP and the netmask is contiguous.
 */
export function dhcpRangeRule(pool: { gateway: string; netmask: string; start: string; end: string }): Code {
  const prefix = prefixOfNetmask(pool.netmask);
  if (prefix === null || ![pool.gateway, pool.start, pool.end].every(isIPv4)) return null;
  if (!inSubnet(pool.start, pool.gateway, prefix) || !inSubnet(pool.end, pool.gateway, prefix)) {
    return 'dhcpRangeSubnet';
  }
  return ipToInt(pool.start) <= ipToInt(pool.end) ? null : 'dhcpRangeOrder';
}

// ---- WAN and multiple WAN ----

/**
 * Multiple WAN (SPEC 5): single WAN needs its primary WAN; every other mode needs a primary and a
 * secondary WAN, neither None, and they must be two different interfaces (load balance, failover and
 * failback all need two WAN interfaces to do anything).
 */
export function wanSelectionRule(choice: { mode: string; primary: string; secondary: string }): Code {
  if (choice.mode === 'single') return isNone(choice.primary) ? 'primaryWanNotSelected' : null;
  if (isNone(choice.primary) || isNone(choice.secondary)) return 'wanNotSelected';
  return choice.primary === choice.secondary ? 'multipleWanNeedsTwo' : null;
}

/**
 * Across sections: a multiple WAN mode other than single needs the device to have two WAN interfaces
 * (SPEC 8: set two ports as WAN and let them get an IP, or choose Single WAN).
 */
export function multipleWanFitsWanRule(mode: string, wanInterfaceCount: number): Code {
  return mode !== 'single' && wanInterfaceCount < 2 ? 'multipleWanNeedsTwo' : null;
}

const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The address the link check pings: an IP or a host name. */
export const pingTargetRule: Rule = (value) => {
  if (isBlank(value)) return 'pingTargetEmpty';
  // Four dotted numbers are meant as an IP, so 300.1.1.1 is a bad IP rather than a host name.
  if (/^[0-9.]+$/.test(value)) return isIPv4(value) ? null : 'pingTargetInvalid';
  return HOSTNAME.test(value) ? null : 'pingTargetInvalid';
};

/** The TTL of the link check's probes. */
export const ttlRule: Rule<number> = (value) =>
  Number.isInteger(value) && value >= 1 && value <= 255 ? null : 'ttlRange';

// ---- mobile network ----

/** A SIM PIN (SPEC 5 "not empty"); 3GPP PINs are 4 to 8 digits, which the modem would refuse otherwise. */
export const simPinRule: Rule = (value) => {
  if (isBlank(value)) return 'simPinEmpty';
  return /^\d{4,8}$/.test(value) ? null : 'simPinFormat';
};

/**
 * APN credentials (SPEC 5, all or none): user name and password are both filled or both empty. With both
 * empty there is no authentication, whatever the authentication field holds (SPEC 9 pre-fills PAP for a new
 * profile, which must stay saveable as it opens); with both filled an authentication type is chosen.
 */
export function apnCredentialsRule(apn: { username: string; password: string; auth: string }): Code {
  const user = !isBlank(apn.username);
  if (user !== !isBlank(apn.password)) return 'apnCredentialsPartial';
  return user && isBlank(apn.auth) ? 'apnCredentialsPartial' : null;
}

/** The authentication a profile really uses: none without credentials (see apnCredentialsRule). */
export function apnAuthOf<A extends string>(apn: { username: string; password: string; auth: A }): A | '' {
  return isBlank(apn.username) && isBlank(apn.password) ? '' : apn.auth;
}

// ---- general and provisioning ----

/** Values the device stores as `name=value` / `name：value` lines must not hold either separator (SPEC 5). */
export const nameValueRule: Rule = (value) => {
  if (value.includes('：')) return 'noColon';
  return value.includes('=') ? 'noEquals' : null;
};

export const DEVICE_NAME_MAX_LENGTH = 64;

/** The device name of Settings > General: not empty, at most 64 characters, no 「：」 or 「=」. */
export const deviceNameRule: Rule = (value) => {
  if (isBlank(value)) return 'deviceNameEmpty';
  if (value.length > DEVICE_NAME_MAX_LENGTH) return 'deviceNameLength';
  if (CONTROL.test(value)) return 'deviceNameFormat';
  return nameValueRule(value);
};

/** Provisioning a discovered device needs both a profile and an IP (SPEC 5). */
export function profileAndIpRule(target: { profile: string; ip: string }): Code {
  return isBlank(target.profile) || isBlank(target.ip) ? 'profileAndIpEmpty' : null;
}

/** The index of the first value seen before, or -1: list rules use it to point at the duplicate row. */
export function duplicateIndex<T>(values: readonly T[]): number {
  const seen = new Set<T>();
  return values.findIndex((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

/** A WAN picked where None is allowed (backup WAN): None passes, anything else must be an interface name. */
export const optionalInterfaceRule: Rule = (value) =>
  isNone(value) || isInterfaceName(value) ? null : 'interfaceNameFormat';

/** A destination of a routing rule: empty (anywhere), an IP, or A.B.C.D/0-32. */
export const destinationRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const [ip, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !isIPv4(ip!)) return 'destinationFormat';
  if (prefix === undefined) return null;
  return /^\d{1,2}$/.test(prefix) && Number(prefix) <= 32 ? null : 'destinationFormat';
};
