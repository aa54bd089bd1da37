#!/usr/bin/env node
// Development launcher: runs the console host's relay (TypeScript through tsx) for a console started from
// the sources. A built console ships dist/edge-overlay-relay.mjs.
import { register } from 'tsx/esm/api';

register();
await import('../src/overlay-relay-main.ts');
