/**
 * General -> /etc/config/edge, read by the agent itself: it sets the host name from `device_name`
 * (system.@system[0].hostname lives in /etc/config/system beside time zone and LEDs, which the agent
 * must not rewrite) and opens or closes the remote help tunnel, which forwards the SSH port to the
 * provider's server.
 */
import { REMOTE_HELP_PORT, type GeneralSection } from '@edge/protocol';
import type { Fragment } from './fragment.ts';
import type { UciSection } from './uci.ts';
import { flag, opt } from './uciReader.ts';

export function renderGeneral(doc: GeneralSection): Fragment {
  return {
    uci: [
      {
        config: 'edge',
        type: 'general',
        name: 'general',
        options: {
          device_name: doc.deviceName,
          remote_help: doc.remoteHelp,
          remote_help_port: REMOTE_HELP_PORT,
        },
      },
    ],
    nft: {},
  };
}

export function readGeneral(edge: readonly UciSection[]): GeneralSection {
  const general = edge.find((s) => s.type === 'general');
  return { deviceName: opt(general, 'device_name') ?? '', remoteHelp: flag(general, 'remote_help', false) };
}
