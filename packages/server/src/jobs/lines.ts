/**
 * The output lines of the steps this console runs, so that a screen which starts watching a job mid-way
 * (it opened late, or a busy browser subscribed after the first lines) still shows the lines streamed
 * before it came: a step row keeps only its newest note. Kept while the step runs, bounded per step; the
 * finished step's result holds its whole output.
 */
export const MAX_LINES_PER_STEP = 1000;

export function stepLines() {
  const byStep = new Map<number, string[]>();
  return {
    /** A note the step reported; the same note again (a progress update without a new line) is not a line. */
    add(stepId: number, note: string): void {
      const lines = byStep.get(stepId) ?? [];
      if (lines.at(-1) === note) return;
      lines.push(note);
      if (lines.length > MAX_LINES_PER_STEP) lines.splice(0, lines.length - MAX_LINES_PER_STEP);
      byStep.set(stepId, lines);
    },
    /** The step starts (again: a re-run's lines start afresh) or has ended. */
    clear(stepId: number): void {
      byStep.delete(stepId);
    },
    /** Lines so far of those of these steps that run here, by step id. */
    of(stepIds: readonly number[]): Record<string, string[]> {
      const found: Record<string, string[]> = {};
      for (const id of stepIds) {
        const lines = byStep.get(id);
        if (lines?.length) found[String(id)] = [...lines];
      }
      return found;
    },
  };
}
export type StepLines = ReturnType<typeof stepLines>;
