/**
 * The idle limit of a remote session (TERMINAL_IDLE_MINUTES): the terminal's and the remote desktop's. What
 * counts as use is the caller's to say (`touch`: a keystroke, a key or the pointer on the desktop); a
 * session nobody used for the idle time is ended with `idle`. Looked at a few times per idle time, so the
 * session closes at most a quarter of it late, and at least every 30 s.
 */
export function idleLimit(idleMs: number, onIdle: () => void): { touch(): void; stop(): void } {
  let last = Date.now();
  const timer = setInterval(
    () => {
      if (Date.now() - last >= idleMs) onIdle();
    },
    Math.max(250, Math.min(30_000, idleMs / 4)),
  );
  timer.unref();
  return {
    touch: () => (last = Date.now()),
    stop: () => clearInterval(timer),
  };
}
