/**
 * SPEC 7's log routes, exactly: GET /logs/log_list and GET /api/v2/logs/list (the grid's page),
 * GET /api/v1/logs/programList, GET /api/v1/logs/download (a text file), GET /logs/export (.zip or
 * .tar.gz), GET /logs/log_pkg (one device's package), POST /logs/reset (clear); and the Log settings
 * (report mode, expiry duration), which SPEC 2 names without a route, and a device's own report mode.
 */
import {
  LOG_API_V1,
  LOG_API_V2,
  LOG_LEGACY,
  logExportQuery,
  logFilter,
  logListResponse,
  logPackageQuery,
  logProgramList,
  logProgramQuery,
  logQuery,
  logResetRequest,
  logResetResponse,
  logSettings,
  logDeviceModeQuery,
  logDeviceModeRequest,
  logDeviceModeView,
} from '../logs.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

const view = canView('Log');

export const logsEndpoints = featureEndpoints('logs', {
  list: endpoint({
    method: 'GET',
    path: `${LOG_API_V2}/list`,
    permission: view,
    query: logQuery,
    response: { 200: logListResponse },
  }),
  legacyList: endpoint({
    method: 'GET',
    path: `${LOG_LEGACY}/log_list`,
    permission: view,
    query: logQuery,
    response: { 200: logListResponse },
  }),
  programs: endpoint({
    method: 'GET',
    path: `${LOG_API_V1}/programList`,
    permission: view,
    query: logProgramQuery,
    response: { 200: logProgramList },
  }),
  download: endpoint({
    method: 'GET',
    path: `${LOG_API_V1}/download`,
    permission: view,
    query: logFilter,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [500],
  }),
  export: endpoint({
    method: 'GET',
    path: `${LOG_LEGACY}/export`,
    permission: view,
    query: logExportQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [500],
  }),
  devicePackage: endpoint({
    method: 'GET',
    path: `${LOG_LEGACY}/log_pkg`,
    permission: view,
    query: logPackageQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [404, 500],
  }),
  reset: endpoint({
    method: 'POST',
    path: `${LOG_LEGACY}/reset`,
    permission: canManage('Log'),
    activity: 'logs.reset',
    body: logResetRequest,
    response: { 200: logResetResponse },
  }),
  settings: endpoint({
    method: 'GET',
    path: `${LOG_API_V1}/setting`,
    permission: view,
    response: { 200: logSettings },
  }),
  saveSettings: endpoint({
    method: 'PATCH',
    path: `${LOG_API_V1}/setting`,
    permission: canManage('Log'),
    activity: 'logs.settings',
    body: logSettings,
    response: { 200: logSettings },
  }),
  deviceMode: endpoint({
    method: 'GET',
    path: `${LOG_API_V1}/deviceMode`,
    permission: view,
    query: logDeviceModeQuery,
    response: { 200: logDeviceModeView },
    errors: [404],
  }),
  saveDeviceMode: endpoint({
    method: 'PATCH',
    path: `${LOG_API_V1}/deviceMode`,
    permission: canManage('Log'),
    activity: 'logs.deviceMode',
    body: logDeviceModeRequest,
    response: { 200: logDeviceModeView },
    errors: [404],
  }),
});
