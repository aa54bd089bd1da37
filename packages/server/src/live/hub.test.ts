/**
 * The hub alone, with sockets that record what they are sent: permission per channel and key, subscribe and
 * unsubscribe, the shape of every message, back-pressure, and sockets closed when their session ends.
 */
import { describe, expect, test } from 'vitest';
import {
  LIVE_CHANNELS,
  LIVE_MAX_SUBSCRIPTIONS,
  canView,
  fullPermissionSet,
  messages,
  type LiveMessage,
  type PermissionSet,
} from '@edge/protocol';
import type { Identity } from '../http/types.ts';
import { CLOSE_ABOVE, CLOSE_SIGNED_OUT, SKIP_ABOVE, liveHub, type ChannelSpec } from './hub.ts';

class FakeSocket {
  sent: LiveMessage[] = [];
  bufferedAmount = 0;
  closedWith: number | null = null;
  send(text: string): void {
    this.sent.push(JSON.parse(text) as LiveMessage);
  }
  close(code: number): void {
    this.closedWith = code;
  }
  on(channel: string): unknown[] {
    return this.sent.filter((m) => m.channel === channel).map((m) => m.data);
  }
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const viewerOnly: PermissionSet = { Inventory: { control: { enable: true }, isManagement: false } };

/** idHash null: a token's identity, no session. */
function identity(
  permissions: PermissionSet,
  userId = 1,
  idHash: string | null = `session-${userId}`,
): Identity {
  return {
    userId,
    userName: `user${userId}`,
    roleId: 1,
    accountType: 'Normal' as Identity['accountType'],
    permissions,
    ...(idHash !== null && { session: { idHash, csrfToken: 'csrf' } }),
  };
}

/** A hub with two channels: one any Inventory viewer may read (keys 'a'..'z' only), one that needs Provision. */
function setUp() {
  const hub = liveHub(silent);
  const watched: string[] = [];
  const open: ChannelSpec = {
    name: 'test.rows',
    need: [canView('Inventory')],
    refuseKey: (key) => (/^[a-z]$/.test(key) ? null : 'deviceNotFound'),
    snapshot: (key) => ({ first: key }),
    watching: (key, on) => watched.push(`${on ? '+' : '-'}${key}`),
  };
  const rows = hub.register(open);
  const charts = hub.register({ name: 'test.charts', need: [canView('Inventory')], replaceable: true });
  const provision = hub.register({
    name: 'test.provision',
    need: [canView('Inventory'), canView('Provision')],
  });
  const connect = (who: Identity, now: () => Identity | null = () => who) => {
    const socket = new FakeSocket();
    const connection = hub.connect(socket, { identity: who, identify: async () => now() });
    const say = async (message: unknown) => {
      connection.receive(JSON.stringify(message));
      // Messages run one after another: a ping's answer says the ones before it were handled.
      const ping = Math.random();
      connection.receive(JSON.stringify({ ping }));
      await expect.poll(() => socket.on(LIVE_CHANNELS.live)).toContainEqual({ pong: ping });
    };
    return { socket, connection, say };
  };
  return { hub, rows, charts, provision, watched, connect };
}

describe('live hub', () => {
  test('refuses a channel the caller may not read, and keys the channel refuses, per key', async () => {
    const { connect, provision, rows } = setUp();
    const viewer = connect(identity(viewerOnly));
    await viewer.say({ subscribe: { channel: 'test.provision', keys: [''] } });
    await viewer.say({ subscribe: { channel: 'test.rows', keys: ['a', 'NOPE', 'b'] } });
    await viewer.say({ subscribe: { channel: 'no.such', keys: [''] } });
    expect(viewer.socket.on(LIVE_CHANNELS.live).filter((d) => !('pong' in (d as object)))).toEqual([
      { err_message: messages.forbidden, err_code: 'forbidden', channel: 'test.provision', key: '' },
      { err_message: messages.deviceNotFound, err_code: 'deviceNotFound', channel: 'test.rows', key: 'NOPE' },
      { err_message: messages.invalidRequest, err_code: 'invalidRequest', channel: 'no.such' },
    ]);
    expect(provision.watched('')).toBe(false);
    expect(rows.keys().sort()).toEqual(['a', 'b']);

    // Permission is looked at on every subscription, not only when the socket opened.
    let current: Identity | null = identity(fullPermissionSet());
    const admin = connect(current, () => current);
    await admin.say({ subscribe: { channel: 'test.provision', keys: [''] } });
    expect(provision.watched('')).toBe(true);
    current = identity(viewerOnly);
    await admin.say({ subscribe: { channel: 'test.rows', keys: ['c'] } });
    expect(rows.watched('c')).toBe(true);
    current = null;
    await admin.say({ subscribe: { channel: 'test.rows', keys: ['d'] } }).catch(() => undefined);
    expect(admin.socket.closedWith).toBe(CLOSE_SIGNED_OUT);
    expect(rows.watched('d')).toBe(false);
  });

  test('subscribe sends the first state; pushes reach the subscribers of the key only, as {channel, key, data}', async () => {
    const { connect, rows, watched } = setUp();
    const one = connect(identity(viewerOnly, 1));
    const two = connect(identity(viewerOnly, 2));
    await one.say({ subscribe: { channel: 'test.rows', keys: ['a'] } });
    await two.say({ subscribe: { channel: 'test.rows', keys: ['a', 'b'] } });
    expect(one.socket.sent[0]).toEqual({ channel: 'test.rows', key: 'a', data: { first: 'a' } });
    // A second subscription of the same key sends nothing new and starts nothing.
    await one.say({ subscribe: { channel: 'test.rows', keys: ['a'] } });
    expect(one.socket.on('test.rows')).toHaveLength(1);
    expect(watched).toEqual(['+a', '+b']);

    rows.push('a', { n: 1 });
    rows.push('b', { n: 2 });
    rows.push('z', { n: 3 });
    expect(one.socket.sent.filter((m) => m.channel === 'test.rows').slice(1)).toEqual([
      { channel: 'test.rows', key: 'a', data: { n: 1 } },
    ]);
    expect(two.socket.sent.filter((m) => m.channel === 'test.rows').slice(2)).toEqual([
      { channel: 'test.rows', key: 'a', data: { n: 1 } },
      { channel: 'test.rows', key: 'b', data: { n: 2 } },
    ]);

    await one.say({ unsubscribe: { channel: 'test.rows', keys: ['a'] } });
    rows.push('a', { n: 4 });
    expect(one.socket.on('test.rows')).toEqual([{ first: 'a' }, { n: 1 }]);
    expect(two.socket.on('test.rows').at(-1)).toEqual({ n: 4 });
    expect(watched).toEqual(['+a', '+b']);
    two.connection.close();
    expect(watched).toEqual(['+a', '+b', '-a', '-b']);
    expect(rows.keys()).toEqual([]);
  });

  test('at most LIVE_MAX_SUBSCRIPTIONS keys per channel; nonsense gets an error', async () => {
    const { connect, charts } = setUp();
    const viewer = connect(identity(viewerOnly));
    const keys = Array.from({ length: LIVE_MAX_SUBSCRIPTIONS }, (_, i) => `k${i}`);
    await viewer.say({ subscribe: { channel: 'test.charts', keys } });
    await viewer.say({ subscribe: { channel: 'test.charts', keys: ['one-too-many'] } });
    expect(charts.keys()).toHaveLength(LIVE_MAX_SUBSCRIPTIONS);
    await viewer.say({ subscribe: ['not', 'this'] });
    const errors = viewer.socket.on(LIVE_CHANNELS.live).filter((d) => 'err_code' in (d as object));
    expect(errors).toEqual([
      expect.objectContaining({ err_code: 'invalidRequest', channel: 'test.charts', key: 'one-too-many' }),
      { err_message: messages.invalidRequest, err_code: 'invalidRequest' },
    ]);
  });

  test('back-pressure: a slow reader misses replaceable data, keeps the rest, and is closed far behind', async () => {
    const { connect, rows, charts } = setUp();
    const slow = connect(identity(viewerOnly));
    await slow.say({ subscribe: { channel: 'test.rows', keys: ['a'] } });
    await slow.say({ subscribe: { channel: 'test.charts', keys: ['x'] } });
    slow.socket.bufferedAmount = SKIP_ABOVE + 1;
    charts.push('x', { chart: 1 });
    rows.push('a', { row: 1 });
    expect(slow.socket.on('test.charts')).toEqual([]);
    expect(slow.socket.on('test.rows')).toEqual([{ first: 'a' }, { row: 1 }]);
    expect(slow.socket.closedWith).toBeNull();

    slow.socket.bufferedAmount = CLOSE_ABOVE + 1;
    rows.push('a', { row: 2 });
    expect(slow.socket.on('test.rows')).toHaveLength(2);
    expect(slow.socket.closedWith).toBe(1013);
  });

  test("a session's end closes its sockets; a user's end closes all of theirs but the one kept", () => {
    const { hub, connect } = setUp();
    const a1 = connect(identity(viewerOnly, 1, 'a1'));
    const a2 = connect(identity(viewerOnly, 1, 'a2'));
    const a3 = connect(identity(viewerOnly, 1, 'a3'));
    const token = connect(identity(viewerOnly, 1, null));
    const b = connect(identity(viewerOnly, 2, 'b'));
    hub.closeSession('a1');
    expect([a1, a2, a3, token, b].map((c) => c.socket.closedWith)).toEqual([
      CLOSE_SIGNED_OUT,
      null,
      null,
      null,
      null,
    ]);
    hub.closeUser(1, 'a3');
    expect([a2, a3, token, b].map((c) => c.socket.closedWith)).toEqual([CLOSE_SIGNED_OUT, null, null, null]);
  });
});
