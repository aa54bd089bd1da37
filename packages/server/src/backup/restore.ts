/**
 * Restore and factory default (SPEC 4: a restore cannot be interrupted once started; the device restarts
 * afterwards), as job kinds of one step per device. Restore reads a backup file back (checked again:
 * format, model of the target device, hash, archive paths), stores each section's document as the desired
 * one through the same path every configuration change takes (deviceConfig: validated, versioned, applied
 * with confirm-or-rollback where a section may cut the device off), waits for the device to hold them,
 * puts the device's own archive back (RPC backup.restore) and reboots it. Factory default does the same
 * with every section's defaults. The step's progress says which phase it is in (notes are codes the Backup
 * app translates).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  FACTORY_DEFAULT_JOB_KIND,
  RESTORE_JOB_KIND,
  SECTION_KEYS,
  canView,
  canonicalJson,
  deviceRpcMessages,
  messages,
  type RestoreResult,
  type SectionKey,
} from '@edge/protocol';
import type { ConfigService } from '../deviceConfig/index.ts';
import { deviceDefaults } from '../deviceConfig/device-defaults.ts';
import { DeviceRpcError } from '../devices/index.ts';
import type { JobKind, StepContext } from '../jobs/kinds.ts';
import { parseBackup } from './file-format.ts';
import type { BackupStore } from './store.ts';

/** Progress notes of a restore step (web: backup.phases.*). */
export const restorePhases = {
  reading: 'reading',
  sections: 'sections',
  archive: 'archive',
  reboot: 'reboot',
} as const;

/** How long the device may take to hold every restored section (confirm-or-rollback included). */
const APPLY_DEADLINE_MS = 5 * 60_000;
const POLL_MS = 500;
const ARCHIVE_DEADLINE_MS = 120_000;

const restoreParams = z.object({ backupId: z.string().min(1).max(200), user: z.string().max(200) }).strict();
const factoryParams = z.object({ user: z.string().max(200) }).strict();

/** Waits until every section in `sections` is in sync; a failed or rolled back one fails the step. */
async function applied(config: ConfigService, deviceId: string, sections: readonly SectionKey[]) {
  const until = Date.now() + APPLY_DEADLINE_MS;
  for (;;) {
    const state = await config.state(deviceId);
    const mine = state.sections.filter((s) => sections.includes(s.section));
    const bad = mine.find((s) => s.state === 'failed' || s.state === 'rolled_back');
    if (bad) throw new Error(`${bad.section}: ${bad.lastError ?? bad.state}`);
    if (mine.every((s) => s.state === 'in_sync')) return;
    if (Date.now() > until) throw new Error(deviceRpcMessages.deviceTimeout);
    await sleep(POLL_MS);
  }
}

/** Writes `docs` as the desired sections, waits for the device to hold them, then the archive and reboot. */
async function applyAndReboot(
  step: StepContext<{ user: string }>,
  config: ConfigService,
  docs: [SectionKey, unknown][],
  archive: Parameters<StepContext<unknown>['call']>[1] | null,
): Promise<RestoreResult> {
  const { deviceId } = step;
  // One section at a time: a device takes one confirm-or-rollback apply at once (it answers busy otherwise).
  // A section already holding the document is left alone.
  let changed = 0;
  for (const [index, [section, doc]] of docs.entries()) {
    step.progress(10 + Math.round((60 * index) / Math.max(docs.length, 1)), restorePhases.sections);
    if (canonicalJson(await config.current(deviceId, section)) === canonicalJson(doc)) continue;
    await config.change(deviceId, section, () => doc, step.params.user);
    await applied(config, deviceId, [section]);
    changed++;
  }
  let restoredArchive = false;
  if (archive) {
    step.progress(70, restorePhases.archive);
    try {
      await step.call('backup.restore', archive as never, { deadlineMs: ARCHIVE_DEADLINE_MS });
      restoredArchive = true;
    } catch (err) {
      if (!(err instanceof DeviceRpcError && err.remoteCode === 'unsupported')) throw err;
    }
  }
  step.progress(90, restorePhases.reboot);
  const { inMs } = await step.call('reboot', {});
  return { sections: changed, archive: restoredArchive, rebootInMs: inMs };
}

function mustBeOnline(config: ConfigService, deviceId: string) {
  if (!config.device(deviceId).online) throw new Error(deviceRpcMessages.deviceOffline);
}

export function restoreKind(deps: {
  config: ConfigService;
  backups: BackupStore;
}): JobKind<z.infer<typeof restoreParams>> {
  return {
    name: RESTORE_JOB_KIND,
    params: restoreParams,
    view: canView('Backup'),
    // Started once: a step whose console died mid-restore is marked interrupted, never run twice unasked.
    idempotent: false,
    async run(step) {
      const { deviceId } = step;
      const device = deps.config.device(deviceId);
      mustBeOnline(deps.config, deviceId);
      step.progress(5, restorePhases.reading);
      const bytes = await deps.backups.bytes(step.params.backupId);
      if (!bytes) return { ok: false, reason: messages.notFound };
      const file = parseBackup(bytes, device.model);
      const known = new Set<string>(SECTION_KEYS);
      const docs = file.content.sections.flatMap((s): [SectionKey, unknown][] => {
        const doc = s.desired ?? s.reported;
        return known.has(s.section) && doc !== null && doc !== undefined
          ? [[s.section as SectionKey, doc]]
          : [];
      });
      const archive = file.content.archive ? { archive: file.content.archive } : null;
      const result = await applyAndReboot(step, deps.config, docs, archive);
      return { ok: true, result };
    },
  };
}

export function factoryDefaultKind(deps: { config: ConfigService }): JobKind<z.infer<typeof factoryParams>> {
  return {
    name: FACTORY_DEFAULT_JOB_KIND,
    params: factoryParams,
    view: canView('Backup'),
    idempotent: false,
    async run(step) {
      const device = deps.config.device(step.deviceId);
      mustBeOnline(deps.config, step.deviceId);
      const docs = SECTION_KEYS.map((s): [SectionKey, unknown] => [s, deviceDefaults(s, device)]);
      return { ok: true, result: await applyAndReboot(step, deps.config, docs, null) };
    },
  };
}
