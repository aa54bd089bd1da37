#!/usr/bin/env node
// Installs the npm packages when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. Plain Node on purpose: nothing is installed yet.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lock = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.edge-install-stamp');
const want = createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';

if (have !== want) {
  console.log('Installing npm packages (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, want);
}
