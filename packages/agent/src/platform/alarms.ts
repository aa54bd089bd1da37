/**
 * Alarms from thresholds: an alarm is raised when its condition becomes true and cleared when it stops
 * being true, each change producing one event. Both platforms judge their readings with it.
 */
import { reportedLevels, type EventLevel, type EventMessage, type LogReportMode } from '@edge/protocol';

export interface AlarmRule<Reading> {
  code: string;
  program: string;
  level: EventLevel;
  /** True while the alarm should be active. */
  active(reading: Reading): boolean;
  raised: (reading: Reading) => string;
  cleared: string;
}

export class AlarmBook<Reading> {
  private readonly activeCodes = new Set<string>();
  private events: EventMessage[] = [];
  /** The levels of plain lines the console wants (its report mode); alarm changes always go. */
  private reported = new Set<EventLevel>(reportedLevels('Info'));

  constructor(private readonly rules: readonly AlarmRule<Reading>[]) {}

  judge(reading: Reading, now = Date.now()): void {
    for (const rule of this.rules) {
      const on = rule.active(reading);
      if (on === this.activeCodes.has(rule.code)) continue;
      if (on) this.activeCodes.add(rule.code);
      else this.activeCodes.delete(rule.code);
      this.events.push({
        ts: now,
        level: on ? rule.level : 'info',
        program: rule.program,
        message: on ? rule.raised(reading) : rule.cleared,
        alarm: { code: rule.code, active: on },
      });
    }
  }

  /** Adds a plain log line (no alarm), unless the report mode leaves its level out. */
  note(event: EventMessage): void {
    if (event.alarm || this.reported.has(event.level)) this.events.push(event);
  }

  setReportMode(mode: LogReportMode): void {
    this.reported = new Set(reportedLevels(mode));
  }

  active(): string[] {
    return [...this.activeCodes];
  }

  take(): EventMessage[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
