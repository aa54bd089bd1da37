/**
 * The Backup app (SPEC 1, 2, 7): devices with their latest backup, history, backup now, download
 * (GET /api/v1/uploadFile/get?id=), upload, restore (also to another device of the same model), delete,
 * factory default and how many backups are kept. Reading needs Backup; changing needs it as management.
 */
import { z } from 'zod';
import { okResponse } from '../auth.ts';
import {
  backupDevicesResponse,
  backupHistoryQuery,
  backupHistoryResponse,
  backupIdRequest,
  backupJobResponse,
  backupNowRequest,
  backupRestoreRequest,
  backupSettings,
  backupUploadParams,
  backupView,
  factoryDefaultRequest,
} from '../backup.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

export const backupFileQuery = z.object({ id: z.string().min(1).max(200) });

const PATH = '/api/v1/backup';
const view = { permission: canView('Backup') };
const manage = (action: string) => ({ permission: canManage('Backup'), activity: `backup.${action}` });

export const backupEndpoints = featureEndpoints('backup', {
  download: endpoint({
    method: 'GET',
    path: '/api/v1/uploadFile/get',
    permission: canView('Backup'),
    query: backupFileQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [404],
  }),
  devices: endpoint({
    method: 'GET',
    path: `${PATH}/devices`,
    ...view,
    response: { 200: backupDevicesResponse },
  }),
  history: endpoint({
    method: 'GET',
    path: `${PATH}/history`,
    ...view,
    query: backupHistoryQuery,
    response: { 200: backupHistoryResponse },
    errors: [404],
  }),
  backupNow: endpoint({
    method: 'POST',
    path: `${PATH}/now`,
    ...manage('backup'),
    body: backupNowRequest,
    response: { 200: backupJobResponse },
    errors: [404],
  }),
  upload: endpoint({
    method: 'POST',
    path: `${PATH}/upload/:deviceId`,
    ...manage('upload'),
    params: backupUploadParams,
    upload: true,
    response: { 200: backupView },
    errors: [404],
  }),
  restore: endpoint({
    method: 'POST',
    path: `${PATH}/restore`,
    ...manage('restore'),
    body: backupRestoreRequest,
    response: { 200: backupJobResponse },
    errors: [404, 409],
  }),
  factoryDefault: endpoint({
    method: 'POST',
    path: `${PATH}/factoryDefault`,
    ...manage('factoryDefault'),
    body: factoryDefaultRequest,
    response: { 200: backupJobResponse },
    errors: [404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${PATH}/delete`,
    ...manage('delete'),
    body: backupIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  settings: endpoint({ method: 'GET', path: `${PATH}/settings`, ...view, response: { 200: backupSettings } }),
  saveSettings: endpoint({
    method: 'PATCH',
    path: `${PATH}/settings`,
    ...manage('settings'),
    body: backupSettings,
    response: { 200: backupSettings },
  }),
});
