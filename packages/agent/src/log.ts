/** A small line logger: the agent runs on routers where a logging framework is dead weight. */
export interface AgentLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type LogLevel = 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

export function lineLog(
  level: LogLevel = 'info',
  prefix = '',
  write: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): AgentLog {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (RANK[at] < RANK[level]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
    write(`${new Date().toISOString()} ${at.toUpperCase()} ${prefix}${message}${extra}`);
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Prefixes every line, e.g. with a device's serial in a fleet. */
export const withPrefix = (log: AgentLog, prefix: string): AgentLog => ({
  info: (m, f) => log.info(`${prefix}${m}`, f),
  warn: (m, f) => log.warn(`${prefix}${m}`, f),
  error: (m, f) => log.error(`${prefix}${m}`, f),
});
