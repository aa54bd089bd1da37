#!/usr/bin/env node
// Builds the agent and the fleet simulator to plain JavaScript, the form a device runs (no TypeScript
// loader on a router). The protocol package is bundled in (it ships as TypeScript inside the workspace);
// npm packages too, so a device needs Node.js and this one file; only native addons stay external.
// Usage: node scripts/build.mjs [--outdir DIR] [--version V]
//   (default: packages/agent/dist, the package's version; the agent reports it and upgrades compare it)
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const flag = process.argv.indexOf('--outdir');
const outdir = flag > 0 ? path.resolve(process.argv[flag + 1]) : path.join(root, 'dist');
const versionFlag = process.argv.indexOf('--version');
const version =
  versionFlag > 0
    ? process.argv[versionFlag + 1]
    : JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
if (!/^[\w.+-]{1,64}$/.test(version ?? '')) {
  console.error(`--version must be 1-64 letters, digits, . _ + - (got ${version})`);
  process.exit(2);
}

await build({
  entryPoints: {
    'edge-agent': path.join(root, 'src/main.ts'),
    'edge-fleet': path.join(root, 'src/fleet-main.ts'),
    'edge-overlay-relay': path.join(root, 'src/overlay-relay-main.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  external: ['node-pty'],
  define: { __EDGE_AGENT_VERSION__: JSON.stringify(version) },
  // Bundled CommonJS packages (mqtt's stream helpers) require Node's built-ins, which ESM output lacks.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as edgeRequire } from 'node:module';\nconst require = edgeRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`agent ${version} built to ${path.relative(process.cwd(), outdir) || '.'}`);
