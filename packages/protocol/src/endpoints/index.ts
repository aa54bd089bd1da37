/**
 * Every endpoint of the API, declared once per feature (the same names as the server's and the web's
 * feature folders): the server serves each, the web calls them, the OpenAPI document is made of them.
 */
import type { Endpoint } from './endpoint.ts';
import { accountEndpoints } from './account.ts';
import { aclEndpoints } from './acl.ts';
import { activityEndpoints } from './activity.ts';
import { authEndpoints } from './auth.ts';
import { backupEndpoints } from './backup.ts';
import { clientsEndpoints } from './clients.ts';
import { brandingEndpoints } from './branding.ts';
import { companyEndpoints } from './company.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { deviceSettingsEndpoints } from './deviceSettings.ts';
import { diagnoseEndpoints } from './diagnose.ts';
import { healthEndpoints } from './health.ts';
import { inventoryEndpoints } from './inventory.ts';
import { jobsEndpoints } from './jobs.ts';
import { liveEndpoints } from './live.ts';
import { notificationsEndpoints } from './notifications.ts';
import { provisionEndpoints } from './provision.ts';
import { rolesEndpoints } from './roles.ts';
import { scheduleEndpoints } from './schedule.ts';
import { securityEndpoints } from './security.ts';
import { smtpEndpoints } from './smtp.ts';
import { statisticsEndpoints } from './statistics.ts';
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

/** Feature name -> its endpoints by name. */
export const endpoints = {
  account: accountEndpoints,
  acl: aclEndpoints,
  activity: activityEndpoints,
  auth: authEndpoints,
  backup: backupEndpoints,
  branding: brandingEndpoints,
  clients: clientsEndpoints,
  company: companyEndpoints,
  dashboard: dashboardEndpoints,
  deviceSettings: deviceSettingsEndpoints,
  diagnose: diagnoseEndpoints,
  health: healthEndpoints,
  inventory: inventoryEndpoints,
  jobs: jobsEndpoints,
  live: liveEndpoints,
  notifications: notificationsEndpoints,
  provision: provisionEndpoints,
  roles: rolesEndpoints,
  schedule: scheduleEndpoints,
  security: securityEndpoints,
  smtp: smtpEndpoints,
  statistics: statisticsEndpoints,
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
