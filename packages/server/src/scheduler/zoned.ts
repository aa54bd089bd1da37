/** Wall-clock times of a time zone: what the calendar shows, and the instants of its days. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The time zone the console runs its schedules in: the process's (TZ), as the operator set up the host. */
export const consoleTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** YYYY-MM-DDTHH:MM:SS of an instant in a time zone, without offset (FullCalendar shows it as written). */
export function wallTime(at: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    // sv-SE writes "2026-03-29 10:00:00", 24-hour.
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format.format(at).replace(' ', 'T');
}

/** The instant a day (YYYY-MM-DD) starts in a time zone: its offset is found by asking the zone twice. */
export function dayStart(date: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (at: number) => Date.parse(`${wallTime(at, timeZone)}Z`) - at;
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}
