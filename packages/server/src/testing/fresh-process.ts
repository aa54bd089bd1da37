/**
 * Runs an ES module script in a fresh Node process that can import the project's TypeScript (through tsx),
 * and answers the last line it printed. For tests whose subject holds for a whole process (a V8 flag, the
 * threads' priorities) or would be lost in the test runner's own heap.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The file `relative` to `base` (a test's import.meta.url) as a quoted URL, to write into a script's import. */
export function moduleUrl(relative: string, base: string): string {
  return JSON.stringify(pathToFileURL(new URL(relative, base).pathname).href);
}

export function lastLineOfFreshProcess(script: string): string {
  const out = execFileSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1)!;
}
