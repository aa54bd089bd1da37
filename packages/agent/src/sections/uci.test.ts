import { describe, expect, it } from 'vitest';
import { renderUci, uciQuote, UnsafeValueError, type UciSection } from './uci.ts';
import { parseUci } from './uciReader.ts';
import { uciFile } from './testFiles.ts';

const lan: UciSection = {
  config: 'network',
  type: 'interface',
  name: 'lan',
  options: {
    device: 'br-lan.1',
    proto: 'static',
    ipaddr: '192.168.1.1',
    metric: 10,
    auto: true,
    disabled: false,
    skipped: undefined,
    dns: ['1.1.1.1', '8.8.8.8'],
  },
};

describe('UCI files', () => {
  it('writes sections as uci does: config line, tab-indented options and lists, blank line between', () => {
    const text = renderUci([
      lan,
      { config: 'network', type: 'bridge-vlan', name: 'br_lan_1', options: { vlan: 1 } },
    ]);
    expect(text).toBe(
      uciFile(`config interface 'lan'
	option device 'br-lan.1'
	option proto 'static'
	option ipaddr '192.168.1.1'
	option metric '10'
	option auto '1'
	option disabled '0'
	list dns '1.1.1.1'
	list dns '8.8.8.8'

config bridge-vlan 'br_lan_1'
	option vlan '1'
`),
    );
  });

  it("quotes a single quote as '\\'' and leaves everything else literal", () => {
    expect(uciQuote("Joe's")).toBe(`'Joe'\\''s'`);
    expect(uciQuote('a "b" $c `d` \\e ; # f')).toBe(`'a "b" $c \`d\` \\e ; # f'`);
  });

  it('refuses values that would break the line', () => {
    expect(() => uciQuote('a\nb')).toThrow(UnsafeValueError);
    expect(() => uciQuote('a\rb')).toThrow(UnsafeValueError);
    expect(() => uciQuote('a\u0000b')).toThrow(UnsafeValueError);
  });

  it('refuses names it cannot write', () => {
    const bad = (patch: Partial<UciSection>) => () => renderUci([{ ...lan, ...patch }]);
    expect(bad({ name: 'wan-1' })).toThrow(UnsafeValueError);
    expect(bad({ type: "x' y" })).toThrow(UnsafeValueError);
    expect(bad({ options: { 'bad key': 'x' } })).toThrow(UnsafeValueError);
  });
});

describe('reading UCI files', () => {
  it('reads back what it writes, awkward values included', () => {
    const tricky: UciSection = {
      config: 'wireless',
      type: 'wifi-iface',
      name: 'ap_0',
      options: { ssid: `Joe's "Café" #1 \\o/`, key: "'''" },
    };
    expect(parseUci('wireless', renderUci([tricky]))).toEqual([tricky]);
    expect(parseUci('network', renderUci([lan]))).toEqual([
      {
        ...lan,
        options: {
          device: 'br-lan.1',
          proto: 'static',
          ipaddr: '192.168.1.1',
          metric: '10',
          auto: '1',
          disabled: '0',
          dns: ['1.1.1.1', '8.8.8.8'],
        },
      },
    ]);
  });

  it('reads files written by hand or by uci: comments, double quotes, bare words, anonymous sections', () => {
    const text = `package network
# a comment
config globals
	option ula_prefix "fd00::/48"  # trailing comment
config interface wan
	option proto dhcp
	option hostname "a\\"b"
	option note it\\'s
config globals
`;
    expect(parseUci('network', text)).toEqual([
      { config: 'network', type: 'globals', name: '@globals[0]', options: { ula_prefix: 'fd00::/48' } },
      {
        config: 'network',
        type: 'interface',
        name: 'wan',
        options: { proto: 'dhcp', hostname: 'a"b', note: "it's" },
      },
      { config: 'network', type: 'globals', name: '@globals[1]', options: {} },
    ]);
  });

  it('refuses what it cannot make sense of', () => {
    expect(() => parseUci('network', "config interface 'lan\n")).toThrow(/quote/);
    expect(() => parseUci('network', "option proto 'dhcp'\n")).toThrow(/outside/);
    expect(() => parseUci('network', "config interface 'lan'\n\tfrobnicate x 'y'\n")).toThrow(/keyword/);
  });
});
