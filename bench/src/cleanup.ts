/**
 * Everything the bench starts registers how to undo it here (child processes, databases, temporary
 * directories). Undone in reverse order at the end of a run, on Ctrl-C, and when the hard deadline passes.
 */
type Undo = () => Promise<void> | void;

const undos: { what: string; undo: Undo }[] = [];

/** Registers an undo; returns the function that runs it now (and forgets it). */
export function onCleanup(what: string, undo: Undo): () => Promise<void> {
  const entry = { what, undo };
  undos.push(entry);
  return async () => {
    const i = undos.indexOf(entry);
    if (i < 0) return;
    undos.splice(i, 1);
    await entry.undo();
  };
}

export async function cleanUpAll(): Promise<void> {
  while (undos.length > 0) {
    const { what, undo } = undos.pop()!;
    try {
      await undo();
    } catch (err) {
      process.stderr.write(`cleanup of ${what} failed: ${String(err)}\n`);
    }
  }
}

/** Ctrl-C, SIGTERM and the hard deadline all clean up, then exit with a failure code. */
export function installExitGuards(deadlineMs: number): () => void {
  const bail = (why: string) => {
    process.stderr.write(`\nbench: ${why}; cleaning up\n`);
    void cleanUpAll().finally(() => process.exit(2));
  };
  const onSignal = () => bail('interrupted');
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const timer = setTimeout(
    () => bail(`hard deadline of ${Math.round(deadlineMs / 1000)} s passed`),
    deadlineMs,
  );
  timer.unref();
  return () => {
    clearTimeout(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
