/** Issue 22: one device backup; its file is encrypted in DATA_DIR/device-backups (migration 0019). */
export interface DeviceBackupsTable {
  id: string;
  device_id: string;
  /** The device the backup was taken of; an upload meant for replacement hardware names the old one. */
  source_device_id: string;
  model: string;
  file_name: string;
  size: number;
  sha256: string;
  taken_at: number;
  created_at: number;
  /** 'backup' (taken by the console) or 'upload'. */
  origin: string;
  created_by: string;
  has_archive: number;
}

export interface BackupTables {
  device_backups: DeviceBackupsTable;
}
