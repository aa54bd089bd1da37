#!/usr/bin/env node
// Development launcher: runs the fleet simulator's TypeScript through tsx (tests, bench, demo). Devices run the
// JavaScript build instead (npm run build -w @edge/agent, dist/).
import { register } from 'tsx/esm/api';

register();
await import('../src/fleet-main.ts');
