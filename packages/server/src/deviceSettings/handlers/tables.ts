/** The sections edited as one table (SPEC 7 lists no calls for them; they follow its pattern). */
import type { FirewallSection, NatSection, PortForwardSection } from '@edge/protocol';
import { read, write } from './types.ts';
import { withoutId } from './lists.ts';

export const tableHandlers = [
  read('nat', 'nat/currentConfig', (doc) => doc),
  write('nat', 'PATCH', 'nat/setting', (_doc, body: NatSection & { id: string }): NatSection =>
    withoutId(body),
  ),

  read('portForward', 'portForward/currentConfig', (doc) => doc),
  write(
    'portForward',
    'PATCH',
    'portForward/setting',
    (_doc, body: PortForwardSection & { id: string }): PortForwardSection => withoutId(body),
  ),

  read('firewall', 'firewall/currentConfig', (doc) => doc),
  write(
    'firewall',
    'PATCH',
    'firewall/setting',
    (_doc, body: FirewallSection & { id: string }): FirewallSection => withoutId(body),
  ),
  write('firewall', 'PATCH', 'firewall/toggle', (doc, body: { enabled: boolean }): FirewallSection => ({
    ...doc,
    enabled: body.enabled,
  })),
];
