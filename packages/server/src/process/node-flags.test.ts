import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_NODE_FLAGS } from './node-flags.ts';

const startScript = (packageJson: string): string =>
  (
    JSON.parse(fs.readFileSync(new URL(packageJson, import.meta.url), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start;

describe("the console's node flags", () => {
  it.each([
    ['npm start (the demo)', '../../../../package.json', 'scripts/demo.ts'],
    ['the server package', '../../package.json', 'src/main.ts'],
  ])('are passed by the start script of %s', (_what, packageJson, entry) => {
    const script = startScript(packageJson);
    // tsx passes node's own flags on to node when they come before the entry.
    const launch = script.slice(script.lastIndexOf('tsx '), script.indexOf(entry));
    for (const flag of CONSOLE_NODE_FLAGS) expect(launch).toContain(` ${flag} `);
  });
});
