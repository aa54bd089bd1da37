/** Clients: the blacklist (block, unblock), connected clients live, and unlink (a one-off disconnect). */
import {
  clientUnlinkResponse,
  messages,
  sectionWrites,
  type BlockedClient,
  type ClientsSection,
} from '@edge/protocol';
import { fail } from '../../http/errors.ts';
import { action, read, write } from './types.ts';

export const clientsHandlers = [
  read('clients', 'clients/list', (doc, _query, { device }) => ({
    blacklist: doc.blacklist,
    connected: device.telemetry?.clients ?? [],
  })),
  write('clients', 'POST', 'clients/block', (doc, body: BlockedClient) =>
    sectionWrites['clients/block'](doc, body),
  ),
  write('clients', 'POST', 'clients/unblock', (doc, body: { mac: string }): ClientsSection => {
    const next = sectionWrites['clients/unblock'](doc, body);
    if (next.blacklist.length === doc.blacklist.length) throw fail(404, 'notFound');
    return next;
  }),
  action(
    'clients',
    'POST',
    'clients/unlink',
    clientUnlinkResponse,
    async (body: { id: string; mac: string }, ctx) => {
      const result = await ctx.rpc.call(body.id, 'clients.unlink', { mac: body.mac });
      return { message: messages.saved, ...result };
    },
  ),
];
