/**
 * The A/B slots of the real agent (issue 22), in STATE-DIR/upgrade/: slot-a/ and slot-b/ each hold one
 * installed agent program (edge-agent.mjs) and its manifest; slots.json says which slot runs, which ran
 * before it, whether the running one is still on trial, and how the last upgrade ended. No slot active:
 * the program the device was installed with runs. The supervisor (upgrade-supervisor.ts) reads it to know
 * what to start and writes the outcome of a trial; the agent writes it when it installs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { lastUpgrade, type LastUpgrade } from '@edge/protocol';
import { readJson, writePrivate } from '../client/identity.ts';

export type Slot = 'a' | 'b';

export interface SlotState {
  active: Slot | null;
  previous: Slot | null;
  /** Set while the active slot has not yet reached the console. */
  trial: { rollbackAfterMs: number } | null;
  last: LastUpgrade | null;
}

const EMPTY: SlotState = { active: null, previous: null, trial: null, last: null };
const isSlot = (v: unknown): v is Slot => v === 'a' || v === 'b';

export const upgradeDir = (stateDir: string): string => path.join(stateDir, 'upgrade');
export const slotDir = (stateDir: string, slot: Slot): string =>
  path.join(upgradeDir(stateDir), `slot-${slot}`);
export const slotProgram = (stateDir: string, slot: Slot): string =>
  path.join(slotDir(stateDir, slot), 'edge-agent.mjs');

export function readSlots(stateDir: string): SlotState {
  const raw = readJson(path.join(upgradeDir(stateDir), 'slots.json')) as Partial<SlotState> | null;
  if (!raw || typeof raw !== 'object') return { ...EMPTY };
  const last = lastUpgrade.safeParse(raw.last);
  const rollbackAfterMs = Number(raw.trial?.rollbackAfterMs);
  return {
    active: isSlot(raw.active) ? raw.active : null,
    previous: isSlot(raw.previous) ? raw.previous : null,
    trial: raw.trial && Number.isFinite(rollbackAfterMs) ? { rollbackAfterMs } : null,
    last: last.success ? last.data : null,
  };
}

export function writeSlots(stateDir: string, state: SlotState): void {
  writePrivate(path.join(upgradeDir(stateDir), 'slots.json'), JSON.stringify(state));
}

/** The program to start now: the active slot's when it is there, else the installed one. */
export function programToRun(stateDir: string, installed: string): string {
  const { active } = readSlots(stateDir);
  return active && fs.existsSync(slotProgram(stateDir, active)) ? slotProgram(stateDir, active) : installed;
}

/** The slot an upgrade goes to: the one not running. */
export const spareSlot = (state: SlotState): Slot => (state.active === 'a' ? 'b' : 'a');
