#!/usr/bin/env node
// Runs the agent's TypeScript through tsx: no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
