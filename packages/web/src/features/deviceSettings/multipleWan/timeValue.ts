/** Seconds as the SPEC 3 number input shows them ({number, unit}), and back. */
import type { NumberUnitValue, TimeUnit } from '@edge/protocol';

const SECONDS_PER: Record<TimeUnit, number> = { sec: 1, min: 60, hr: 3600 };

export const secondsOf = (value: NumberUnitValue<TimeUnit>): number => value.number * SECONDS_PER[value.unit];

/** The largest unit that shows the seconds as a whole number (600 s reads as 10 min). */
export function timeValueOf(seconds: number): NumberUnitValue<TimeUnit> {
  if (seconds > 0 && seconds % SECONDS_PER.hr === 0) return { number: seconds / SECONDS_PER.hr, unit: 'hr' };
  if (seconds > 0 && seconds % SECONDS_PER.min === 0)
    return { number: seconds / SECONDS_PER.min, unit: 'min' };
  return { number: seconds, unit: 'sec' };
}
