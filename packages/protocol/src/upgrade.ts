/**
 * Software upgrade (SPEC 2, 3, 4; issue 22): the console's own releases (Settings > Upgrade: version, up
 * time, last checked, live data, auto-check and auto-upgrade from a signed release feed) and the devices'
 * images (signed agent or firmware builds rolled out as a staged job, with a version report per device).
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { ruled } from './validation.ts';

/** SPEC 3: type Live; cycles Daily, Weekly and 'Mount' (sic: shown as Monthly); versions Recommended, Latest. */
export const upgradeTypes = ['Live'] as const;
export const upgradeFrequencies = ['Daily', 'Weekly', 'Mount'] as const;
export type UpgradeFrequency = (typeof upgradeFrequencies)[number];
export const upgradeVersionChoices = ['Recommended', 'Latest'] as const;
export type UpgradeVersionChoice = (typeof upgradeVersionChoices)[number];

/** A release feed, an image, a release file: refused past these sizes. */
export const RELEASE_FEED_MAX_BYTES = 256 * 1024;
export const DEVICE_IMAGE_MAX_BYTES = 64 * 1024 * 1024;
export const RELEASE_FEED_FORMAT = 'edge-release-feed/1';
/** The device falls back to its previous version when the new one has not reached the console by then. */
export const DEFAULT_ROLLBACK_AFTER_S = 120;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
const PEM_PUBLIC = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\s*$/;

export const upgradeFeedUrl = ruled((v) => (v === '' || isHttpUrl(v) ? null : 'upgradeFeedUrlInvalid')).pipe(
  z.string().max(2048),
);
export const upgradeTime = ruled((v) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? null : 'upgradeTimeInvalid'));
/** The Ed25519 public key (SPKI PEM) releases and images are signed with; the server also parses it. */
export const upgradePublicKey = ruled((v) =>
  v === '' || (PEM_PUBLIC.test(v.trim()) && v.length < 1024) ? null : 'upgradeKeyInvalid',
);

export const upgradeSettings = z.object({
  type: z.enum(upgradeTypes),
  autoCheck: z.boolean(),
  autoUpgrade: z.boolean(),
  frequency: z.enum(upgradeFrequencies),
  /** HH:mm, UTC. */
  time: upgradeTime,
  version: z.enum(upgradeVersionChoices),
  feedUrl: upgradeFeedUrl,
  publicKey: upgradePublicKey,
});
export type UpgradeSettings = z.infer<typeof upgradeSettings>;

/** SPEC 4: type Live, autoCheck on, autoUpgrade off. */
export const UPGRADE_DEFAULTS: UpgradeSettings = {
  type: 'Live',
  autoCheck: true,
  autoUpgrade: false,
  frequency: 'Daily',
  time: '03:00',
  version: 'Recommended',
  feedUrl: '',
  publicKey: '',
};

/** One console release in a feed: where its archive is and the hash it must have. */
export const releaseEntry = z.object({
  version: z.string().regex(/^[\w.+-]{1,64}$/),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  recommended: z.boolean().default(false),
  url: z.string().max(2048).refine(isHttpUrl),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().positive(),
  notes: z.string().max(2000).optional(),
});
export type ReleaseEntry = z.infer<typeof releaseEntry>;

/** The signed payload of a release feed (envelope format RELEASE_FEED_FORMAT). */
export const releaseFeed = z.object({
  product: z.literal('edge-console'),
  releases: z.array(releaseEntry).max(500),
});
export type ReleaseFeed = z.infer<typeof releaseFeed>;

export const stagedRelease = z.object({
  version: z.string(),
  path: z.string(),
  /** What the operator runs to switch: a running Node process cannot replace itself. */
  command: z.string(),
  stagedAt: z.number(),
});
export type StagedRelease = z.infer<typeof stagedRelease>;

export const upgradeStatuses = ['upToDate', 'available', 'staged', 'unknown'] as const;
export type UpgradeStatus = (typeof upgradeStatuses)[number];

export const upgradeInfo = z.object({
  version: z.string(),
  /** Seconds since the console started. */
  uptime: z.number().nonnegative(),
  lastChecked: z.number().nullable(),
  lastCheckError: z.string().nullable(),
  settings: upgradeSettings,
  feedSource: z.enum(['url', 'file', 'none']),
  /** SPEC 2 live data. */
  live: z.object({
    date: z.string().nullable(),
    model: z.string(),
    status: z.enum(upgradeStatuses),
    uptime: z.number().nonnegative(),
    version: z.string().nullable(),
  }),
  available: releaseEntry.nullable(),
  staged: stagedRelease.nullable(),
});
export type UpgradeInfo = z.infer<typeof upgradeInfo>;

// ---- device images ------------------------------------------------------------------------------------

export const imageKinds = ['agent', 'firmware'] as const;
export type ImageKind = (typeof imageKinds)[number];
/** An agent image runs on any model. */
export const ANY_MODEL = '*';

export const imageManifest = z.object({
  kind: z.enum(imageKinds),
  model: z.string().min(1).max(64),
  version: z.string().regex(/^[\w.+-]{1,64}$/),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ImageManifest = z.infer<typeof imageManifest>;

export const deviceImageView = z.object({
  id: z.number().int(),
  kind: z.enum(imageKinds),
  model: z.string(),
  version: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.number(),
  uploadedBy: z.string(),
});
export type DeviceImageView = z.infer<typeof deviceImageView>;
export const deviceImageList = z.object({ list: z.array(deviceImageView) });
export const imageIdRequest = z.object({ id: z.number().int().positive() });

const share = z.number().min(0).max(1);
export const upgradeRolloutRequest = z
  .object({
    imageId: z.number().int().positive(),
    deviceIds: z.array(z.string().min(1).max(64)).max(10_000).default([]),
    groupId: z.number().int().positive().optional(),
    canaryShare: share.default(0.1),
    maxFailedShare: share.default(0.2),
    /** Devices upgrading at once. */
    concurrency: z.number().int().min(1).max(1000).default(10),
    rollbackAfterS: z.number().int().min(10).max(3600).default(DEFAULT_ROLLBACK_AFTER_S),
  })
  .refine((r) => r.deviceIds.length > 0 || r.groupId !== undefined, { message: messages.upgradeNoDevices });
export type UpgradeRolloutRequest = z.input<typeof upgradeRolloutRequest>;
export const upgradeRolloutResponse = z.object({ jobId: z.number().int(), message: z.string() });

export const deviceVersionRow = z.object({
  deviceId: z.string(),
  name: z.string(),
  serial: z.string(),
  model: z.string(),
  online: z.boolean(),
  firmware: z.string(),
  agentVersion: z.string().nullable(),
  /** The outcome of its last upgrade: done, rolledBack, failed; null before any. */
  state: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type DeviceVersionRow = z.infer<typeof deviceVersionRow>;
export const deviceVersionList = z.object({ list: z.array(deviceVersionRow) });

/** Job kind of a rollout step: one device gets one image. */
export const UPGRADE_JOB_KIND = 'upgrade.device';

// ---- the device's side --------------------------------------------------------------------------------

export const upgradeStates = ['trial', 'done', 'rolledBack', 'failed'] as const;
export type UpgradeDeviceState = (typeof upgradeStates)[number];

export const upgradeRpcParams = z.object({
  kind: z.enum(imageKinds),
  version: z.string().regex(/^[\w.+-]{1,64}$/),
  /** Path on the console (the device puts its own console address in front) with a one-time token. */
  path: z.string().startsWith('/').max(2048),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  rollbackAfterMs: z.number().int().min(1000).max(3600_000),
});
export type UpgradeRpcParams = z.infer<typeof upgradeRpcParams>;

export const lastUpgrade = z.object({
  version: z.string(),
  from: z.string(),
  state: z.enum(upgradeStates),
  at: z.number(),
  reason: z.string().max(500).optional(),
});
export type LastUpgrade = z.infer<typeof lastUpgrade>;

export const upgradeStatusResult = z.object({
  agentVersion: z.string(),
  firmware: z.string(),
  last: lastUpgrade.nullable(),
});
export type UpgradeStatusResult = z.infer<typeof upgradeStatusResult>;

/** SPEC 9: svg or png/jpg/jpeg. */
export const logoContentTypes = ['image/svg+xml', 'image/png', 'image/jpeg'] as const;
export const LOGO_MAX_BYTES = 256 * 1024;
export const deviceLogo = z.object({
  contentType: z.enum(logoContentTypes),
  /** base64 */
  data: z.string().max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4),
});
export type DeviceLogo = z.infer<typeof deviceLogo>;
