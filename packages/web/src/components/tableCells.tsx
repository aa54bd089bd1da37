/** Cells that many tables share: a date with its time, or 'Never' for none (SPEC 4). */
import { DateText, type DateValue, type TimePart } from './DateText.tsx';

const MINUTES: TimePart = 'minutes';
const SECONDS: TimePart = 'seconds';

export const dateCell = (value: DateValue) => <DateText value={value} />;
export const dateTimeCell = (value: DateValue) => <DateText value={value} time={MINUTES} />;
export const dateTimeSecondsCell = (value: DateValue) => <DateText value={value} time={SECONDS} />;

/** Wide tables scroll sideways instead of squeezing their columns. */
export const SCROLL_X = { x: 'max-content' } as const;

/** An actions column stays in view at the end of a table that scrolls sideways (the start in right-to-left). */
export const STICKY_END = 'end' as const;
