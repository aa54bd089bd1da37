import { describe, expect, it } from 'vitest';
import { nftComment, nftIfname, nftIp, nftMac, renderNft } from './nft.ts';

describe('nftables table', () => {
  it('renders the empty table with its sets and chains, replacing any earlier copy', () => {
    expect(renderNft({}))
      .toBe(`# Written by the Edge Console agent: changes made here are replaced on the next apply.
table inet edge
delete table inet edge

table inet edge {
	set wan_ifaces {
		type ifname;
	}

	set blocked_macs {
		type ether_addr;
	}

	chain input {
		type filter hook input priority filter - 5; policy accept;
	}

	chain forward {
		type filter hook forward priority filter - 5; policy accept;
	}

	chain prerouting {
		type nat hook prerouting priority dstnat; policy accept;
	}

	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
	}
}
`);
  });

  it('lists set elements once each, and rules in order', () => {
    const text = renderNft({
      elements: { wan_ifaces: ['"eth0"', '"eth0"', '"wwan0"'] },
      rules: { input: ['a', 'b'] },
    });
    expect(text).toContain('\t\ttype ifname;\n\t\telements = { "eth0", "wwan0" }\n');
    expect(text).toContain('policy accept;\n\t\ta\n\t\tb\n\t}');
  });
});

describe('values inside nft', () => {
  it('makes free text a safe comment: no quotes, backslashes or control characters, at most 128 bytes', () => {
    expect(nftComment('')).toBe('');
    expect(nftComment('  ')).toBe('');
    expect(nftComment('web "server"\\n\nnext; accept')).toBe(' comment "web servern next; accept"');
    expect(nftComment('x'.repeat(200))).toBe(` comment "${'x'.repeat(128)}"`);
    expect(nftComment('é'.repeat(100))).toBe(` comment "${'é'.repeat(64)}"`);
  });

  it('refuses interface names, addresses and MACs that could carry syntax', () => {
    expect(nftIfname('eth0.2')).toBe('"eth0.2"');
    expect(() => nftIfname('eth0" accept')).toThrow();
    expect(() => nftIfname('@wan_ifaces')).toThrow();
    expect(nftIp('10.0.0.1')).toBe('10.0.0.1');
    expect(() => nftIp('10.0.0.1; flush ruleset')).toThrow();
    expect(nftMac('1A:2B:3C:4D:5E:6F')).toBe('1a:2b:3c:4d:5e:6f');
    expect(() => nftMac('1a:2b:3c:4d:5e:6f }')).toThrow();
  });
});
