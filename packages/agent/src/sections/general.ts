/**
 * General -> /etc/config/edge, read by the agent itself: it sets the host name from `device_name`
 * (system.@system[0].hostname lives in /etc/config/system beside time zone and LEDs, which the agent
 * must not rewrite), opens or closes the remote help tunnel, which forwards the SSH port to the
 * provider's server, and keeps its jump-to services, one `jump_service` section each: the only ports a
 * tunnel stream may reach (ports/terminal.ts).
 */
import {
  JUMP_SERVICE_TYPES,
  REMOTE_HELP_PORT,
  type GeneralSection,
  type JumpService,
  type JumpServiceType,
} from '@edge/protocol';
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
      ...doc.jumpServices.map((service) => ({
        config: 'edge' as const,
        type: 'jump_service',
        name: `jump_${service.port}`,
        options: { name: service.name, type: service.type, port: service.port },
      })),
    ],
    nft: {},
  };
}

export function readGeneral(edge: readonly UciSection[]): GeneralSection {
  const general = edge.find((s) => s.type === 'general');
  const jumpServices = edge
    .filter((s) => s.type === 'jump_service')
    .map((s): JumpService => ({
      name: opt(s, 'name') ?? '',
      type: (opt(s, 'type') ?? 'TCP') as JumpServiceType,
      port: Number(opt(s, 'port')),
    }))
    .filter((s) => JUMP_SERVICE_TYPES.includes(s.type) && Number.isInteger(s.port));
  return {
    deviceName: opt(general, 'device_name') ?? '',
    remoteHelp: flag(general, 'remote_help', false),
    jumpServices,
  };
}
