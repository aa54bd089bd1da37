/**
 * The device settings API under /api/v1/inventory/settings/ (SPEC 7) as the browser sees it: what each
 * read call answers, what every write call answers, and the per-section state of the desired/reported
 * configuration (ARCHITECTURE, "Configuration: desired and reported"). The requests are the rows of
 * `settingsCalls` (networking/); the server and the web client both import these shapes.
 */
import { z } from 'zod';
import { wifiAccountName } from './auth-connect.ts';
import { cellSignal, connectedClient } from './device-messages.ts';
import { sectionKey } from './device-config.ts';
import { scannedWifiNetwork } from './device-rpc.ts';
import { SETTINGS_API_ROOT, deviceQuery } from './networking/calls.ts';
import { portTypeSection } from './networking/portType.ts';
import { apnProfile, settingBind, simSetting } from './networking/mobileNetwork.ts';
import { wifiAuthentication, wifiBands, wifiSection, wifiSsid } from './networking/wifi.ts';
import { wanInterface } from './networking/wan.ts';
import { maRule, multipleWanModes, wanBinding, wanStatus } from './networking/multipleWan.ts';
import { natSection } from './networking/nat.ts';
import { portForwardSection } from './networking/portForward.ts';
import { dhcpPool } from './networking/dhcp.ts';
import { vlanSection } from './networking/vlan.ts';
import { firewallSection } from './networking/firewall.ts';
import { JUMP_SERVICE_TYPES, jumpService } from './networking/general.ts';
import { blockedClient } from './networking/clients.ts';

// ---- state of a section ----

/**
 * What the apply engine is doing with a section:
 * - in_sync: nothing left to do (the device has the desired version; see `drift` for local changes);
 * - pending: waiting for the device to come online;
 * - applying: the device is being sent the document;
 * - awaiting_confirm: applied with confirm-or-rollback, not confirmed yet (or the device went away
 *   during the apply, and will say what happened when it returns);
 * - rolled_back: the device restored the previous document because no confirmation came in time;
 * - failed: the device refused the document (`lastError` says why).
 * rolled_back and failed are not retried by themselves: the operator changes the section again.
 */
export const sectionStates = [
  'in_sync',
  'pending',
  'applying',
  'awaiting_confirm',
  'rolled_back',
  'failed',
] as const;
export type SectionState = (typeof sectionStates)[number];

/** How the last apply ended: applied (no confirmation needed), confirmed, rolled_back or failed. */
export const applyOutcomes = ['applied', 'confirmed', 'rolled_back', 'failed'] as const;
export type ApplyOutcome = (typeof applyOutcomes)[number];

/** One difference between the desired and the reported document, e.g. `list[0].ip`. */
export const driftEntry = z.object({
  path: z.string(),
  /** null where the desired document has nothing at that path. */
  desired: z.unknown(),
  reported: z.unknown(),
});
export type DriftEntry = z.infer<typeof driftEntry>;

export const sectionStateView = z.object({
  section: sectionKey,
  state: z.enum(sectionStates),
  outcome: z.enum(applyOutcomes).nullable(),
  /** The document the console wants; null until someone changes the section (the device's own stands). */
  desired: z.unknown(),
  /** 0 until the first change; each change adds one. */
  desiredVersion: z.number().int(),
  /** The document the device last reported; null until it has. */
  reported: z.unknown(),
  reportedVersion: z.number().int().nullable(),
  /** When the device last reported this section, epoch ms. */
  reportedAt: z.number().nullable(),
  /** Where desired and reported differ (empty when nothing is desired or they agree). */
  drift: z.array(driftEntry),
  lastError: z.string().nullable(),
  /** A message code (err_code) the screen can translate, when the error is one of the catalogue's. */
  lastErrorCode: z.string().nullable(),
  /** Confirm-or-rollback: when the device restores the previous document unless confirmed, epoch ms. */
  confirmBy: z.number().nullable(),
  /** Whether the section can ever cut the device off (so applying it uses confirm-or-rollback). */
  mayCutOff: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type SectionStateView = z.infer<typeof sectionStateView>;

export const SETTINGS_STATE_PATH = `${SETTINGS_API_ROOT}/state`;
export const settingsStateQuery = deviceQuery.extend({ section: sectionKey.optional() });
export const settingsStateResponse = z.object({
  id: z.string(),
  online: z.boolean(),
  sections: z.array(sectionStateView),
});
export type SettingsStateResponse = z.infer<typeof settingsStateResponse>;

/** Every write call answers with the section's state once the apply has been tried. */
export const settingsWriteResponse = z.object({ message: z.string(), section: sectionStateView });
export type SettingsWriteResponse = z.infer<typeof settingsWriteResponse>;

/** clients/unlink changes no configuration: it answers whether the device disconnected the client. */
export const clientUnlinkResponse = z.object({ message: z.string(), mac: z.string(), unlinked: z.boolean() });
export type ClientUnlinkResponse = z.infer<typeof clientUnlinkResponse>;

// ---- what the read calls answer ----

const list = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item) });
/** Multiple WAN and WAN binding need two WAN interfaces (SPEC 8). */
const wanSupport = z.object({ supported: z.boolean(), wans: z.array(z.string()) });
const savedNetwork = z.object({ ssid: z.string(), wpa: z.string(), connected: z.boolean() });

/** Full path of a read call -> the schema of its answer. */
export const settingsReadResponses = {
  [`${SETTINGS_API_ROOT}/portType/currentConfig`]: portTypeSection,

  [`${SETTINGS_API_ROOT}/mobileNetwork/info`]: z.object({
    toggle: z.boolean(),
    apnSetting: apnProfile,
    /** From the device's latest heartbeat; null without a modem or while it has not reported. */
    signal: cellSignal.nullable(),
    imei: z.string(),
    imsi: z.string(),
    iccid: z.string(),
    online: z.boolean(),
  }),
  [`${SETTINGS_API_ROOT}/mobileNetwork/getSavedProfile`]: z.object({ apn_list: z.array(apnProfile) }),
  [`${SETTINGS_API_ROOT}/mobileNetwork/getBindConfig`]: settingBind,
  [`${SETTINGS_API_ROOT}/mobileNetwork/getPINConfig`]: simSetting,

  [`${SETTINGS_API_ROOT}/wifi/info`]: z.object({
    mode: z.enum(wifiBands),
    channel: z.union([z.literal('auto'), z.number()]),
    bandwidth: z.union([z.literal('auto'), z.number()]),
    tx_power: z.number(),
    list: z.array(wifiSsid),
    /** Wi-Fi clients connected now (latest telemetry). */
    clients: z.array(connectedClient),
  }),
  [`${SETTINGS_API_ROOT}/wifi/loadConfig`]: wifiSection,
  [`${SETTINGS_API_ROOT}/wifi/supported`]: z.object({
    supported: z.boolean(),
    bands: z.array(z.enum(wifiBands)),
  }),
  [`${SETTINGS_API_ROOT}/wifi/authentication/name`]: z.object({ names: z.array(z.string()) }),
  // The stations it lets associate, and the Auth Connect accounts it checks users against (names only).
  [`${SETTINGS_API_ROOT}/wifi/authentication/list`]: list(wifiAuthentication).extend({
    accounts: z.array(wifiAccountName),
  }),

  [`${SETTINGS_API_ROOT}/multipleWan/currentConfig`]: wanInterface,
  /** Networks in reach of the radio, as the device's scan (rpc wifi.scan) heard them just now. */
  [`${SETTINGS_API_ROOT}/multipleWan/wifiHotspot`]: list(scannedWifiNetwork),
  [`${SETTINGS_API_ROOT}/multipleWan/wifiConnectedAPList`]: list(savedNetwork),
  [`${SETTINGS_API_ROOT}/wifi/ssidList`]: z.object({
    list: z.array(z.string()),
    connected: z.string().nullable(),
  }),

  [`${SETTINGS_API_ROOT}/multipleWan/getTableInfo`]: z.object({
    vid: z.number(),
    binding: wanBinding.nullable(),
    wans: z.array(z.string()),
  }),
  [`${SETTINGS_API_ROOT}/multipleWan/getWANStatus`]: list(wanStatus),
  [`${SETTINGS_API_ROOT}/multipleWan/supported`]: wanSupport,
  [`${SETTINGS_API_ROOT}/multipleWan/getLbCFG`]: z.object({
    mode: z.enum(multipleWanModes),
    primary: z.string(),
    secondary: z.string(),
    backup: z.string(),
    loadBalance: z.object({ primaryWeight: z.number(), secondaryWeight: z.number() }),
  }),
  [`${SETTINGS_API_ROOT}/multipleWan/getPingTarget`]: z.object({
    mode: z.string(),
    pingTarget: z.string(),
    period: z.number(),
    latencyThreshold: z.number(),
  }),
  [`${SETTINGS_API_ROOT}/multipleWan/getTTL`]: z.object({ ttl: z.number() }),
  [`${SETTINGS_API_ROOT}/wanBinding/currentConfig`]: wanBinding,
  [`${SETTINGS_API_ROOT}/wanBinding/getBindList`]: list(wanBinding),
  [`${SETTINGS_API_ROOT}/wanBinding/maRuleList`]: list(maRule),
  [`${SETTINGS_API_ROOT}/wanBinding/supported`]: wanSupport,

  [`${SETTINGS_API_ROOT}/nat/currentConfig`]: natSection,
  [`${SETTINGS_API_ROOT}/portForward/currentConfig`]: portForwardSection,

  [`${SETTINGS_API_ROOT}/dhcp/getList`]: list(dhcpPool),
  /** The VLANs a DHCP server can serve: the LAN (1) and every VLAN created. */
  [`${SETTINGS_API_ROOT}/dhcp/getVID`]: list(z.number()),
  [`${SETTINGS_API_ROOT}/dhcp/info`]: z.object({ pool: dhcpPool.nullable() }),

  [`${SETTINGS_API_ROOT}/vlan/currentConfig`]: vlanSection,
  [`${SETTINGS_API_ROOT}/firewall/currentConfig`]: firewallSection,

  [`${SETTINGS_API_ROOT}/generalSetting/getConfig`]: z.object({ deviceName: z.string() }),
  [`${SETTINGS_API_ROOT}/agent/generalSetting/get`]: z.object({ remoteHelp: z.boolean() }),
  [`${SETTINGS_API_ROOT}/agent/jumptoservices/get`]: z.object({ list: z.array(jumpService) }),
  [`${SETTINGS_API_ROOT}/agent/jumptoservices/type/list`]: z.object({
    list: z.array(z.enum(JUMP_SERVICE_TYPES)),
  }),

  [`${SETTINGS_API_ROOT}/clients/list`]: z.object({
    blacklist: z.array(blockedClient),
    /** Clients connected now (latest telemetry). */
    connected: z.array(connectedClient),
  }),
} as const;

export type SettingsReadPath = keyof typeof settingsReadResponses;
export type SettingsReadResponse<P extends SettingsReadPath> = z.infer<(typeof settingsReadResponses)[P]>;
