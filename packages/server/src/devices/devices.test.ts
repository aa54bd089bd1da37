/** Devices against the embedded broker, on SQLite and PostgreSQL: the core suite. */
import { describe } from 'vitest';
import { DIALECTS } from '../testing/harness.ts';
import { fleetSuite } from '../testing/fleet-suite.ts';

describe.each(DIALECTS)('devices on the embedded broker (%s)', (dialect) => {
  fleetSuite({ dialect });
});
