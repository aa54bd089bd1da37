/**
 * Every endpoint of the API, declared once per feature (the same names as the server's and the web's
 * feature folders): the server serves each, the web calls them, the OpenAPI document is made of them.
 */
import type { Endpoint } from './endpoint.ts';
import { accountEndpoints } from './account.ts';
import { aclEndpoints } from './acl.ts';
import { activityEndpoints } from './activity.ts';
import { applicationEndpoints } from './application.ts';
import { authEndpoints } from './auth.ts';
import { backupEndpoints } from './backup.ts';
import { clientsEndpoints } from './clients.ts';
import { brandingEndpoints } from './branding.ts';
import { companyEndpoints } from './company.ts';
import { consoleBackupEndpoints } from './consoleBackup.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { deviceSettingsEndpoints } from './deviceSettings.ts';
import { diagnoseEndpoints } from './diagnose.ts';
import { guideEndpoints } from './guide.ts';
import { healthEndpoints } from './health.ts';
import { inventoryEndpoints } from './inventory.ts';
import { jobsEndpoints } from './jobs.ts';
import { licenseEndpoints } from './license.ts';
import { upgradeEndpoints } from './upgrade.ts';
import { authConnectEndpoints } from './authConnect.ts';
import { liveEndpoints } from './live.ts';
import { logsEndpoints } from './logs.ts';
import { messagesEndpoints } from './messages.ts';
import { networkEndpoints } from './network.ts';
import { notificationsEndpoints } from './notifications.ts';
import { notifyEndpoints } from './notify.ts';
import { profilesEndpoints } from './profiles.ts';
import { provisionEndpoints } from './provision.ts';
import { proxyEndpoints } from './proxy.ts';
import { rolesEndpoints } from './roles.ts';
import { scheduleEndpoints } from './schedule.ts';
import { sdwanEndpoints } from './sdwan.ts';
import { securityEndpoints } from './security.ts';
import { smtpEndpoints } from './smtp.ts';
import { todoEndpoints } from './todo.ts';
import { statisticsEndpoints } from './statistics.ts';
import { terminalEndpoints } from './terminal.ts';
import { tokensEndpoints } from './tokens.ts';
import { usersEndpoints } from './users.ts';
import { variableEndpoints } from './variable.ts';
import { webauthnEndpoints } from './webauthn.ts';

export * from './endpoint.ts';
export { aclListEndpoints } from './acl.ts';
export { BRANDING_PATH, brandingImageEndpoints } from './branding.ts';
export { settingsEndpointOf, settingsRouteOf } from './deviceSettings.ts';
export { backupFileQuery } from './backup.ts';
export { SCHEDULE_PATH } from './schedule.ts';
export { SDWAN_PATH } from './sdwan.ts';
export { DEVICE_IMAGE_DOWNLOAD_PATH, UPGRADE_API } from './upgrade.ts';

/** Feature name -> its endpoints by name. */
export const endpoints = {
  account: accountEndpoints,
  acl: aclEndpoints,
  activity: activityEndpoints,
  application: applicationEndpoints,
  auth: authEndpoints,
  backup: backupEndpoints,
  branding: brandingEndpoints,
  clients: clientsEndpoints,
  company: companyEndpoints,
  consoleBackup: consoleBackupEndpoints,
  dashboard: dashboardEndpoints,
  deviceSettings: deviceSettingsEndpoints,
  diagnose: diagnoseEndpoints,
  guide: guideEndpoints,
  health: healthEndpoints,
  inventory: inventoryEndpoints,
  jobs: jobsEndpoints,
  license: licenseEndpoints,
  upgrade: upgradeEndpoints,
  authConnect: authConnectEndpoints,
  live: liveEndpoints,
  logs: logsEndpoints,
  messages: messagesEndpoints,
  network: networkEndpoints,
  notifications: notificationsEndpoints,
  notify: notifyEndpoints,
  profiles: profilesEndpoints,
  provision: provisionEndpoints,
  proxy: proxyEndpoints,
  roles: rolesEndpoints,
  schedule: scheduleEndpoints,
  sdwan: sdwanEndpoints,
  security: securityEndpoints,
  smtp: smtpEndpoints,
  todo: todoEndpoints,
  statistics: statisticsEndpoints,
  terminal: terminalEndpoints,
  tokens: tokensEndpoints,
  users: usersEndpoints,
  variable: variableEndpoints,
  webauthn: webauthnEndpoints,
};

export type EndpointFeature = keyof typeof endpoints;

/** Every declaration, flat. */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap(
  (feature) => Object.values(feature) as Endpoint[],
);
