/** Table types of software upgrade (migration 0021_upgrade). */
import type { Generated } from 'kysely';

export interface UpgradeSettingsTable {
  /** Always 1: one row. */
  id: number;
  /** JSON of UpgradeSettings. */
  settings: string;
  /** An uploaded release feed (the signed file as uploaded); used when no feed URL is set. */
  feed_file: string | null;
  last_checked_at: number | null;
  last_check_error: string | null;
  /** JSON of the ReleaseEntry the last check offered, or null. */
  available: string | null;
  /** JSON of the StagedRelease auto-upgrade downloaded, or null. */
  staged: string | null;
}

export interface DeviceImagesTable {
  id: Generated<number>;
  kind: string;
  model: string;
  version: string;
  size: number;
  sha256: string;
  /**
   * '' since 0027: the image is the file DATA_DIR/device-images/<sha256>.img (upgrade/image-files.ts). An
   * image uploaded before still has its bytes here (base64) until the console moves them out on start.
   */
  data: string;
  uploaded_at: number;
  uploaded_by: string;
}

export interface DeviceImageTokensTable {
  token_hash: string;
  image_id: number;
  device_id: string;
  expires_at: number;
}

export interface DeviceVersionsTable {
  device_id: string;
  agent_version: string | null;
  firmware: string;
  state: string | null;
  updated_at: number;
}

export interface UpgradeTables {
  upgrade_settings: UpgradeSettingsTable;
  device_images: DeviceImagesTable;
  device_image_tokens: DeviceImageTokensTable;
  device_versions: DeviceVersionsTable;
}
