/** How the bench starts a TypeScript entry point in a Node child process (through tsx, no build step). */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Arguments of `node` running `entry` (a .ts file), with the CPU profiler on when cpuProfDir is given and
 * any other Node/V8 flags before it.
 */
export function nodeArgs(entry: string, cpuProfDir?: string, flags: string[] = []): string[] {
  return [
    ...flags,
    ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : []),
    '--import',
    TSX_LOADER,
    entry,
  ];
}
