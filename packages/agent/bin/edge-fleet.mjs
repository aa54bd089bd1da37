#!/usr/bin/env node
// Runs the fleet simulator's TypeScript through tsx: no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/fleet-main.ts');
