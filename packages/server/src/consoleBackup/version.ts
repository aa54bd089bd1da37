/** The console's version as its package states it: written into every backup's header. */
import fs from 'node:fs';

export const APP_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
