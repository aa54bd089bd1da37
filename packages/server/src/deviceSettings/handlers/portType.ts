/** Port type: WAN or LAN per port. */
import type { PortTypeSection } from '@edge/protocol';
import { read, write } from './types.ts';

export const portTypeHandlers = [
  read('portType', 'portType/currentConfig', (doc) => doc),
  write('portType', 'PATCH', 'portType/setting', (_doc, body: PortTypeSection) => ({ ports: body.ports })),
];
