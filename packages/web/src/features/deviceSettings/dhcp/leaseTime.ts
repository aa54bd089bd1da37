/**
 * The lease time as the form holds it (SPEC 3 number input: a number with sec/min/hr) and as the device
 * stores it (seconds). The unit conversion is the multiple WAN screen's (timeValue.ts); this only adds
 * that an emptied number is "no value", so the protocol's "cannot be empty" rule speaks, not a type error.
 */
import type { NumberUnitValue, TimeUnit } from '@edge/protocol';
import { secondsOf } from '../multipleWan/timeValue.ts';

export { timeValueOf as leaseValueOf } from '../multipleWan/timeValue.ts';

export function leaseSeconds(value: Partial<NumberUnitValue<TimeUnit>> | undefined): number | undefined {
  if (typeof value?.number !== 'number' || Number.isNaN(value.number)) return undefined;
  return secondsOf({ number: value.number, unit: value.unit ?? 'sec' });
}
