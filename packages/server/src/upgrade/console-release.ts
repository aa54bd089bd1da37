/**
 * Settings > Upgrade, the console's own software (SPEC 2, 3, 4): its version and up time, the release feed
 * the operator configures (an http(s) address, or an uploaded release file), checked with the Ed25519 key
 * the operator gives (the licences' signature, @edge/protocol/signature), what the last check found, and
 * auto-check / auto-upgrade at the chosen frequency and time (a claimed scheduler task).
 *
 * A running Node process cannot replace itself: auto-upgrade (or "Download and stage") downloads the
 * release archive into DATA_DIR/upgrade/releases, checks its hash against the signed feed, and gives the
 * operator the command that unpacks it; the console then has to be restarted from there. The page says so.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  RELEASE_FEED_FORMAT,
  RELEASE_FEED_MAX_BYTES,
  releaseEntry,
  releaseFeed,
  stagedRelease,
  UPGRADE_DEFAULTS,
  upgradeSettings,
  type ReleaseEntry,
  type StagedRelease,
  type UpgradeInfo,
  type UpgradeSettings,
} from '@edge/protocol';
import { openEnvelope, publicKeyOf } from '@edge/protocol/signature';
import { fail } from '../http/errors.ts';
import type { UpgradeStore } from './store.ts';

const CONSOLE_MODEL = 'Edge Console';
const FETCH_TIMEOUT_MS = 15_000;
const RELEASE_MAX_BYTES = 512 * 1024 * 1024;

/** Where staged releases are kept under DATA_DIR ('/'-separated): downloads the signed feed can give again. */
export const RELEASES_DIR = 'upgrade/releases';

/** The console's own version: its package's. */
export const CONSOLE_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Numeric parts compared as numbers, others as text: 1.10.0 is after 1.9.2. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const nx = Number(x);
    const ny = Number(y);
    const d = x !== '' && y !== '' && !isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether this UTC minute is when auto-check runs: at `time`, daily, on Mondays, or on the 1st ('Mount'). */
export function isDue(settings: UpgradeSettings, at: Date): boolean {
  const [h, m] = settings.time.split(':').map(Number);
  if (at.getUTCHours() !== h || at.getUTCMinutes() !== m) return false;
  if (settings.frequency === 'Weekly') return at.getUTCDay() === 1;
  if (settings.frequency === 'Mount') return at.getUTCDate() === 1;
  return true;
}

const parseJson = <T>(
  text: string | null,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
) => {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as T) : null;
  } catch {
    return null;
  }
};

export function consoleRelease(deps: {
  store: UpgradeStore;
  dataDir: string;
  now?: () => number;
  fetch?: typeof fetch;
}) {
  const now = deps.now ?? Date.now;
  const get = deps.fetch ?? fetch;
  const startedAt = now() - Math.round(process.uptime() * 1000);
  const defaults = JSON.stringify(UPGRADE_DEFAULTS);

  async function state() {
    const row = await deps.store.settingsRow();
    const settings = parseJson<UpgradeSettings>(row?.settings ?? null, upgradeSettings) ?? UPGRADE_DEFAULTS;
    return {
      settings,
      feedFile: row?.feed_file ?? null,
      lastChecked: row?.last_checked_at ?? null,
      lastCheckError: row?.last_check_error ?? null,
      available: parseJson<ReleaseEntry>(row?.available ?? null, releaseEntry),
      staged: parseJson<StagedRelease>(row?.staged ?? null, stagedRelease),
    };
  }

  async function info(): Promise<UpgradeInfo> {
    const s = await state();
    const uptime = Math.max(0, Math.round((now() - startedAt) / 1000));
    const status = s.staged ? 'staged' : s.available ? 'available' : s.lastChecked ? 'upToDate' : 'unknown';
    return {
      version: CONSOLE_VERSION,
      uptime,
      lastChecked: s.lastChecked,
      lastCheckError: s.lastCheckError,
      settings: s.settings,
      feedSource: s.settings.feedUrl ? 'url' : s.feedFile ? 'file' : 'none',
      live: {
        date:
          s.available?.date ?? (s.lastChecked ? new Date(s.lastChecked).toISOString().slice(0, 10) : null),
        model: CONSOLE_MODEL,
        status,
        uptime,
        version: s.available?.version ?? (s.lastChecked ? CONSOLE_VERSION : null),
      },
      available: s.available,
      staged: s.staged,
    };
  }

  const keyOf = (settings: UpgradeSettings) => {
    if (!settings.publicKey) throw fail(400, 'upgradeKeyMissing');
    try {
      const key = publicKeyOf(settings.publicKey);
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
      return key;
    } catch {
      throw fail(400, 'upgradeKeyInvalid');
    }
  };

  /** The releases of a signed feed text, or a 400 in the operator's words. */
  function readFeed(text: string, settings: UpgradeSettings): ReleaseEntry[] {
    const opened = openEnvelope(text, RELEASE_FEED_FORMAT, keyOf(settings));
    if (!opened.ok)
      throw fail(400, opened.reason === 'signature' ? 'upgradeFeedSignature' : 'upgradeFeedFormat');
    const feed = releaseFeed.safeParse(opened.payload);
    if (!feed.success) throw fail(400, 'upgradeFeedFormat');
    return feed.data.releases;
  }

  async function feedText(settings: UpgradeSettings, feedFile: string | null): Promise<string> {
    if (!settings.feedUrl) {
      if (!feedFile) throw fail(400, 'upgradeFeedMissing');
      return feedFile;
    }
    try {
      const res = await get(settings.feedUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const text = await res.text();
      if (!res.ok || text.length > RELEASE_FEED_MAX_BYTES) throw new Error(`HTTP ${res.status}`);
      return text;
    } catch {
      throw fail(502, 'upgradeFeedUnreachable');
    }
  }

  /** Reads the feed and keeps what it offers for the chosen channel; a failure is kept too, and thrown. */
  async function check(): Promise<UpgradeInfo> {
    const s = await state();
    const checkedAt = now();
    try {
      const releases = readFeed(await feedText(s.settings, s.feedFile), s.settings);
      const pool = s.settings.version === 'Recommended' ? releases.filter((r) => r.recommended) : releases;
      if (!pool.length) throw fail(404, 'upgradeSoftwareNotFound');
      const best = pool.reduce((a, b) => (compareVersions(b.version, a.version) > 0 ? b : a));
      const newer = compareVersions(best.version, CONSOLE_VERSION) > 0 ? best : null;
      await deps.store.saveSettingsRow(
        {
          last_checked_at: checkedAt,
          last_check_error: null,
          available: newer && JSON.stringify(newer),
          ...(s.staged && newer?.version !== s.staged.version && { staged: null }),
        },
        defaults,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await deps.store.saveSettingsRow({ last_checked_at: checkedAt, last_check_error: message }, defaults);
      throw err;
    }
    return info();
  }

  /** Downloads the offered release into DATA_DIR and checks it against the feed's hash: staged, not switched. */
  async function stage(): Promise<UpgradeInfo> {
    const { available } = await state();
    if (!available) throw fail(404, 'upgradeSoftwareNotFound');
    let bytes: Buffer;
    try {
      const res = await get(available.url, { signal: AbortSignal.timeout(300_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = Buffer.from(await res.arrayBuffer());
    } catch {
      throw fail(502, 'upgradeStagedDownloadFailed');
    }
    if (
      bytes.length > RELEASE_MAX_BYTES ||
      bytes.length !== available.size ||
      createHash('sha256').update(bytes).digest('hex') !== available.sha256
    )
      throw fail(502, 'upgradeStagedHashMismatch');
    const dir = path.join(deps.dataDir, ...RELEASES_DIR.split('/'));
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `edge-console-${available.version}.tar.gz`);
    fs.writeFileSync(`${file}.part`, bytes);
    fs.renameSync(`${file}.part`, file);
    const target = path.join(dir, `edge-console-${available.version}`);
    const staged: StagedRelease = {
      version: available.version,
      path: file,
      command: `mkdir -p '${target}' && tar -xzf '${file}' -C '${target}'`,
      stagedAt: now(),
    };
    await deps.store.saveSettingsRow({ staged: JSON.stringify(staged) }, defaults);
    return info();
  }

  return {
    info,
    check,
    stage,
    async saveSettings(settings: UpgradeSettings): Promise<UpgradeInfo> {
      if (settings.publicKey) keyOf(settings);
      await deps.store.saveSettingsRow({ settings: JSON.stringify(settings) }, defaults);
      return info();
    },
    /** An uploaded release file: kept when its signature holds. */
    async uploadFeed(bytes: Buffer): Promise<UpgradeInfo> {
      const { settings } = await state();
      const text = bytes.toString('utf8');
      readFeed(text, settings);
      await deps.store.saveSettingsRow({ feed_file: text }, defaults);
      return info();
    },
    /** The scheduler task's work, once a minute: check (and stage) when the settings say it is time. */
    async tick(at: number): Promise<string> {
      const { settings } = await state();
      if (!settings.autoCheck || !isDue(settings, new Date(at))) return 'not due';
      const checked = await check().catch((err: unknown) => err);
      if (checked instanceof Error) return `check failed: ${checked.message}`;
      if (!settings.autoUpgrade || !(checked as UpgradeInfo).available) return 'checked';
      await stage();
      return 'staged';
    },
  };
}
export type ConsoleRelease = ReturnType<typeof consoleRelease>;
