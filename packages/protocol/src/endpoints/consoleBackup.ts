/**
 * Settings > Backup & Restore: the console's own backups (not a device's: that is the Backup app). Reading
 * the list needs the page; taking, uploading, deleting and restoring need its management right.
 */
import { z } from 'zod';
import {
  consoleBackupCreate,
  consoleBackupId,
  consoleBackupList,
  consoleBackupRestore,
  consoleBackupView,
} from '../console-backup.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

const PATH = '/api/v1/settings/consoleBackup';
const manage = (action: string) => ({
  permission: canManage('BackupRestore'),
  activity: `consoleBackup.${action}`,
});

export const consoleBackupEndpoints = featureEndpoints('consoleBackup', {
  list: endpoint({
    method: 'GET',
    path: `${PATH}/list`,
    permission: canView('BackupRestore'),
    response: { 200: consoleBackupList },
  }),
  create: endpoint({
    method: 'POST',
    path: `${PATH}/create`,
    ...manage('create'),
    body: consoleBackupCreate,
    response: { 200: consoleBackupView },
    errors: [409],
  }),
  download: endpoint({
    method: 'GET',
    path: `${PATH}/download`,
    permission: canManage('BackupRestore'),
    query: consoleBackupId,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [404],
  }),
  upload: endpoint({
    method: 'POST',
    path: `${PATH}/upload`,
    ...manage('upload'),
    upload: true,
    response: { 200: consoleBackupView },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${PATH}/delete`,
    ...manage('delete'),
    body: consoleBackupId,
    response: { 200: z.object({ id: z.string() }) },
    errors: [404],
  }),
  restore: endpoint({
    method: 'POST',
    path: `${PATH}/restore`,
    ...manage('restore'),
    body: consoleBackupRestore,
    response: { 200: z.object({ started: z.literal(true) }) },
    errors: [404, 409],
  }),
});
