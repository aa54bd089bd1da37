import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ClientRow } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { ClientState, blockAsked } from './ClientState.tsx';

const row = (patch: Partial<ClientRow>): ClientRow => ({
  deviceId: 'd1',
  deviceName: 'Router',
  mac: '1a:2b:3c:4d:5e:6f',
  kind: 'wifi',
  hostname: 'laptop',
  ip: '192.168.1.20',
  iface: 'wlan0',
  ssid: 'Office',
  signal: -50,
  rxBytes: 0,
  txBytes: 0,
  firstSeen: 0,
  lastSeen: 0,
  connected: true,
  blocked: false,
  blockChange: null,
  ...patch,
});

describe("a client's state in the list", () => {
  it.each([
    [{ blockChange: 'blocking' as const }, 'Blocking…', 'ant-tag-processing'],
    [{ blocked: true, blockChange: 'unblocking' as const }, 'Unblocking…', 'ant-tag-processing'],
    [{ blocked: true }, 'Blocked', 'ant-tag-red'],
    [{}, 'Connected', 'ant-tag-green'],
    [{ connected: false }, 'Away', 'ant-tag'],
  ])('%o shows %s', (patch, text, className) => {
    renderWithProviders(<ClientState row={row(patch)} />);
    const tag = screen.getByTestId('client-state').querySelector('.ant-tag')!;
    expect(tag).toHaveTextContent(text);
    expect(tag.className).toContain(className);
  });

  it('offers Unblock once a block is asked for, applied or not, and Block once an unblock is', () => {
    expect(blockAsked({ blocked: false, blockChange: 'blocking' })).toBe(true);
    expect(blockAsked({ blocked: true, blockChange: null })).toBe(true);
    expect(blockAsked({ blocked: true, blockChange: 'unblocking' })).toBe(false);
    expect(blockAsked({ blocked: false, blockChange: null })).toBe(false);
  });
});
