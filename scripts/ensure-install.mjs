#!/usr/bin/env node
// Installs the npm packages when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. Plain Node on purpose: nothing is installed yet.
// The registry sometimes stalls mid-download (EIDLETIMEOUT); npm's own retries cover failed requests
// but not a stalled body, so the whole install is tried again: what already arrived sits in npm's cache.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ATTEMPTS = 4;
const root = path.resolve(import.meta.dirname, '..');
const lock = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.edge-install-stamp');
const want = createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';

function install() {
  for (let attempt = 1; ; attempt++) {
    console.log(`Installing npm packages (npm ci, attempt ${attempt} of ${ATTEMPTS})...`);
    try {
      execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      const pauseSeconds = 5 * attempt;
      console.log(`npm ci failed; trying again in ${pauseSeconds} s.`);
      execSync(`sleep ${pauseSeconds}`);
    }
  }
}

if (have !== want) {
  install();
  fs.writeFileSync(stamp, want);
}
