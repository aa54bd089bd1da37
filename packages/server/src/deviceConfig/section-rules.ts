/** Which failures and states the apply engine reads how: its rules, apart from its moves (engine.ts). */
import { sectionStates, type SectionState } from '@edge/protocol';
import { DeviceRpcError } from '../devices/index.ts';
import type { SectionRow } from './store.ts';

/** Failures that say nothing about the change, only that the device was not heard. */
const NOT_HEARD = new Set(['deviceOffline', 'deviceTimeout', 'stopped', 'unknownDevice']);
export const notHeard = (err: unknown) => err instanceof DeviceRpcError && NOT_HEARD.has(err.reason);
/** States the engine leaves to the operator. */
export const OPERATOR_DECIDES = new Set<SectionState>(['rolled_back', 'failed']);
/** States a device's answer may move a section out of: not one the operator decides. */
export const ENGINE_OWNS = sectionStates.filter((s) => !OPERATOR_DECIDES.has(s));
/**
 * A rollback the console presumes (the confirm window passed without a word from the device) carries no
 * outcome, unlike one the device reported: the device's next report settles it either way.
 */
export const presumedRollback = (row: SectionRow) => row.state === 'rolled_back' && row.outcome === null;

export const inSync = (outcome: 'applied' | 'confirmed') =>
  ({ state: 'in_sync', outcome, confirm_by: null, last_error: null, last_error_code: null }) as const;
