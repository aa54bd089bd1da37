/** The Multiple WAN policy (SPEC 7 setLb) as the form holds it: flat, with the period in a number input. */
import type { MultipleWanSection, NumberUnitValue, TimeUnit } from '@edge/protocol';
import { secondsOf, timeValueOf } from './timeValue.ts';

export type Policy = Omit<MultipleWanSection, 'binding' | 'maRules'>;

export interface PolicyForm {
  mode: Policy['mode'];
  primary: string;
  secondary: string;
  backup: string;
  detectionMode: Policy['detection']['mode'];
  pingTarget: string;
  period: NumberUnitValue<TimeUnit>;
  latencyThreshold: number;
  ttl: number;
  primaryWeight: number;
  secondaryWeight: number;
}

export const toPolicyForm = (p: Policy): PolicyForm => ({
  mode: p.mode,
  primary: p.primary,
  secondary: p.secondary,
  backup: p.backup,
  detectionMode: p.detection.mode,
  pingTarget: p.detection.pingTarget,
  period: timeValueOf(p.detection.period),
  latencyThreshold: p.detection.latencyThreshold,
  ttl: p.detection.ttl,
  primaryWeight: p.loadBalance.primaryWeight,
  secondaryWeight: p.loadBalance.secondaryWeight,
});

export const toPolicy = (f: PolicyForm): Policy => ({
  mode: f.mode,
  primary: f.primary,
  secondary: f.secondary,
  backup: f.backup,
  detection: {
    mode: f.detectionMode,
    pingTarget: f.pingTarget ?? '',
    period: f.period ? secondsOf(f.period) : NaN,
    latencyThreshold: f.latencyThreshold,
    ttl: f.ttl,
  },
  loadBalance: { primaryWeight: f.primaryWeight, secondaryWeight: f.secondaryWeight },
});
