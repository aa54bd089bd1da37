/**
 * The nine catalogues, one folder per cookie code, one file per feature (locales/<code>/<feature>.json).
 * English is bundled (it is also every other language's fallback); the others are separate chunks, loaded
 * when chosen, so the console does not download nine languages.
 * A feature adds its English part here (one import, one entry) so its keys are typed.
 */
import type { LanguageCode } from '@edge/protocol';
import { loadChunk } from '../components/chunks/ChunkLoadError.ts';
import { mergeCatalogueParts } from './merge.ts';
import core from './locales/en/core.json';
import messagesDevices from './locales/en/messages-devices.json';
import account from './locales/en/account.json';
import activity from './locales/en/activity.json';
import branding from './locales/en/branding.json';
import company from './locales/en/company.json';
import roles from './locales/en/roles.json';
import security from './locales/en/security.json';
import smtp from './locales/en/smtp.json';
import users from './locales/en/users.json';
import webauthn from './locales/en/webauthn.json';
import securityHardening from './locales/en/security-hardening.json';
import inventory from './locales/en/inventory.json';
import provision from './locales/en/provision.json';
import provisionEnrolment from './locales/en/provision-enrolment.json';
import deviceSettings from './locales/en/deviceSettings.json';
import messagesNetworking from './locales/en/messages-networking.json';
import deviceSettingsMobileNetwork from './locales/en/deviceSettings-mobileNetwork.json';
import deviceSettingsMultipleWan from './locales/en/deviceSettings-multipleWan.json';
import deviceSettingsNat from './locales/en/deviceSettings-nat.json';
import deviceSettingsPortForward from './locales/en/deviceSettings-portForward.json';
import deviceSettingsDhcp from './locales/en/deviceSettings-dhcp.json';
import deviceSettingsVlan from './locales/en/deviceSettings-vlan.json';
import deviceSettingsFirewall from './locales/en/deviceSettings-firewall.json';
import deviceSettingsClients from './locales/en/deviceSettings-clients.json';
import schedule from './locales/en/schedule.json';
import messagesSchedule from './locales/en/messages-schedule.json';
import diagnose from './locales/en/diagnose.json';
import messagesDiagnose from './locales/en/messages-diagnose.json';
import sdwan from './locales/en/sdwan.json';
import messagesSdwan from './locales/en/messages-sdwan.json';
import logs from './locales/en/logs.json';
import messagesLogs from './locales/en/messages-logs.json';
import alertMessages from './locales/en/messages.json';
import todo from './locales/en/todo.json';
import notify from './locales/en/notify.json';
import messagesNotify from './locales/en/messages-notify.json';
import profiles from './locales/en/profiles.json';
import messagesProfiles from './locales/en/messages-profiles.json';
import statistics from './locales/en/statistics.json';
import messagesStatistics from './locales/en/messages-statistics.json';
import dashboard from './locales/en/dashboard.json';
import clients from './locales/en/clients.json';
import terminal from './locales/en/terminal.json';
import messagesTerminal from './locales/en/messages-terminal.json';
import application from './locales/en/application.json';
import messagesApplication from './locales/en/messages-application.json';
import license from './locales/en/license.json';
import messagesLicense from './locales/en/messages-license.json';
import network from './locales/en/network.json';
import messagesNetwork from './locales/en/messages-network.json';
import upgrade from './locales/en/upgrade.json';
import messagesUpgrade from './locales/en/messages-upgrade.json';
import guide from './locales/en/guide.json';
import authConnect from './locales/en/authConnect.json';
import backup from './locales/en/backup.json';
import messagesBackup from './locales/en/messages-backup.json';
import messagesAuthConnect from './locales/en/messages-auth-connect.json';
import consoleBackup from './locales/en/consoleBackup.json';
import messagesConsoleBackup from './locales/en/messages-console-backup.json';

export type Catalogue = typeof core &
  typeof messagesDevices &
  typeof account &
  typeof activity &
  typeof branding &
  typeof company &
  typeof roles &
  typeof security &
  typeof smtp &
  typeof users &
  typeof webauthn &
  typeof securityHardening &
  typeof inventory &
  typeof provision &
  typeof provisionEnrolment &
  typeof deviceSettings &
  typeof messagesNetworking &
  typeof deviceSettingsMobileNetwork &
  typeof deviceSettingsMultipleWan &
  typeof deviceSettingsNat &
  typeof deviceSettingsPortForward &
  typeof deviceSettingsDhcp &
  typeof deviceSettingsVlan &
  typeof deviceSettingsFirewall &
  typeof deviceSettingsClients &
  typeof schedule &
  typeof messagesSchedule &
  typeof diagnose &
  typeof messagesDiagnose &
  typeof sdwan &
  typeof messagesSdwan &
  typeof logs &
  typeof messagesLogs &
  typeof alertMessages &
  typeof todo &
  typeof notify &
  typeof messagesNotify &
  typeof profiles &
  typeof messagesProfiles &
  typeof statistics &
  typeof messagesStatistics &
  typeof dashboard &
  typeof clients &
  typeof terminal &
  typeof messagesTerminal &
  typeof application &
  typeof messagesApplication &
  typeof license &
  typeof messagesLicense &
  typeof network &
  typeof messagesNetwork &
  typeof upgrade &
  typeof messagesUpgrade &
  typeof guide &
  typeof authConnect &
  typeof messagesAuthConnect &
  typeof consoleBackup &
  typeof messagesConsoleBackup &
  typeof backup &
  typeof messagesBackup;

export const english: Catalogue = mergeCatalogueParts([
  core,
  messagesDevices,
  account,
  activity,
  branding,
  company,
  roles,
  security,
  smtp,
  users,
  webauthn,
  securityHardening,
  inventory,
  provision,
  provisionEnrolment,
  deviceSettings,
  messagesNetworking,
  deviceSettingsMobileNetwork,
  deviceSettingsMultipleWan,
  deviceSettingsNat,
  deviceSettingsPortForward,
  deviceSettingsDhcp,
  deviceSettingsVlan,
  deviceSettingsFirewall,
  deviceSettingsClients,
  schedule,
  messagesSchedule,
  diagnose,
  messagesDiagnose,
  sdwan,
  messagesSdwan,
  logs,
  messagesLogs,
  alertMessages,
  todo,
  notify,
  messagesNotify,
  profiles,
  messagesProfiles,
  statistics,
  messagesStatistics,
  dashboard,
  clients,
  terminal,
  messagesTerminal,
  application,
  messagesApplication,
  license,
  messagesLicense,
  network,
  messagesNetwork,
  upgrade,
  messagesUpgrade,
  guide,
  authConnect,
  messagesAuthConnect,
  consoleBackup,
  messagesConsoleBackup,
  backup,
  messagesBackup,
]);

const loaders = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

export function loadCatalogue(code: LanguageCode): Promise<Catalogue> {
  if (code === 'en') return Promise.resolve(english);
  const parts = Object.entries(loaders).filter(([path]) => path.startsWith(`./locales/${code}/`));
  if (parts.length === 0) return Promise.reject(new Error(`no catalogue for ${code}`));
  return loadChunk(() => Promise.all(parts.map(([, load]) => load()))).then((loaded) =>
    mergeCatalogueParts<Catalogue>(loaded),
  );
}
