/** Clients: the blacklist (block, unblock), connected clients live, and unlink (a one-off disconnect). */
import {
  blockClient,
  clientUnlinkResponse,
  messages,
  unblockClient,
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
    blockClient(doc, { mac: body.mac, name: body.name }),
  ),
  write('clients', 'POST', 'clients/unblock', (doc, body: { mac: string }): ClientsSection => {
    const next = unblockClient(doc, body.mac);
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
