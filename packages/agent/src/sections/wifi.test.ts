import { describe, expect, it } from 'vitest';
import { wifiDefaults, type WifiSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { readWifi } from './wifi.ts';
import { parseUci } from './uciReader.ts';
import { contextWith, uciFile } from './testFiles.ts';

const wifi: WifiSection = {
  ...wifiDefaults,
  tx_power: 50,
  list: [
    { idx: 0, ssid: "Joe's Café", password: 'secret123', toggle: true, vid: 1, wpa: 'WPA2' },
    { idx: 1, ssid: 'Staff', password: 'staff-pass-1', toggle: false, vid: 10, wpa: 'WPA3' },
  ],
  authentication: [{ name: 'till', mac: '1A:2B:3C:4D:5E:6F' }],
};

describe('Wi-Fi renderer', () => {
  it('configures the radio of the band, switches the other off, and adds one AP per SSID', () => {
    const { files } = renderSection('wifi', wifi, contextWith({ wifi }));
    expect(files).toEqual({
      '/etc/config/wireless': uciFile(`config wifi-device 'radio0'
	option type 'mac80211'
	option path 'platform/soc/18000000.wifi'
	option band '2g'
	option channel '10'
	option htmode 'HT20'
	option txpower '17'
	option disabled '0'

config wifi-device 'radio1'
	option type 'mac80211'
	option path 'platform/soc/18000000.wifi+1'
	option band '5g'
	option disabled '1'

config wifi-iface 'ap_0'
	option device 'radio0'
	option mode 'ap'
	option network 'lan'
	option ssid 'Joe'\\''s Café'
	option encryption 'psk2'
	option key 'secret123'
	option disabled '0'
	option macfilter 'allow'
	list maclist '1a:2b:3c:4d:5e:6f'

config wifi-iface 'ap_1'
	option device 'radio0'
	option mode 'ap'
	option network 'vlan10'
	option ssid 'Staff'
	option encryption 'sae'
	option key 'staff-pass-1'
	option disabled '1'
	option macfilter 'allow'
	list maclist '1a:2b:3c:4d:5e:6f'
`),
    });
  });

  it('uses VHT widths at 5 GHz, the driver maximum at 100 %, and auto when asked', () => {
    const fiveG: WifiSection = { ...wifiDefaults, mode: '5G', channel: 36, bandwidth: 80, tx_power: 100 };
    const text = renderSection('wifi', fiveG, contextWith({ wifi: fiveG })).files['/etc/config/wireless']!;
    expect(text).toContain(
      `config wifi-device 'radio1'\n\toption type 'mac80211'\n\toption path 'platform/soc/18000000.wifi+1'\n\toption band '5g'\n\toption channel '36'\n\toption htmode 'VHT80'\n\toption disabled '0'\n`,
    );
    expect(text).toContain(
      `config wifi-device 'radio0'\n\toption type 'mac80211'\n\toption path 'platform/soc/18000000.wifi'\n\toption band '2g'\n\toption disabled '1'\n`,
    );
    const auto = { ...wifiDefaults, channel: 'auto' as const, bandwidth: 'auto' as const };
    expect(renderSection('wifi', auto, contextWith({ wifi: auto })).files['/etc/config/wireless']).toContain(
      `option band '2g'\n\toption channel 'auto'\n\toption disabled '0'\n`,
    );
  });

  it('refuses a band the hardware lacks', () => {
    const only24 = {
      radios: [{ name: 'radio0', path: 'p', type: 'mac80211', band: '2.4G' as const }],
      modem: null,
      maxTxPowerDbm: 20,
    };
    const fiveG = { ...wifiDefaults, mode: '5G' as const, channel: 36 };
    expect(() => renderSection('wifi', fiveG, contextWith({ wifi: fiveG }, only24))).toThrow(/no 5G radio/);
  });

  it('reads the section back; TX power to the nearest percent of a whole dBm', () => {
    const { files } = renderSection('wifi', wifi, contextWith({ wifi }));
    const read = readWifi(parseUci('wireless', files['/etc/config/wireless']!), 20);
    expect(read).toEqual({
      ...wifi,
      authentication: [{ name: '1a:2b:3c:4d:5e:6f', mac: '1a:2b:3c:4d:5e:6f' }],
    });
    const plain = { ...wifiDefaults, tx_power: 100 };
    expect(
      readWifi(parseUci('wireless', renderSection('wifi', plain).files['/etc/config/wireless']!), 20),
    ).toEqual(plain);
  });

  it("keeps Auth Connect's accounts as the hotspot's user sections, and reads them back", () => {
    const withAccounts: WifiSection = {
      ...wifi,
      accounts: [
        { name: 'guest', password: "it's-secret" },
        { name: 'lobby', password: 'lobby-1' },
      ],
    };
    const text = renderSection('wifi', withAccounts, contextWith({ wifi: withAccounts })).files[
      '/etc/config/wireless'
    ]!;
    expect(text).toContain(
      `config edge_account 'account_0'\n\toption name 'guest'\n\toption password 'it'\\''s-secret'\n`,
    );
    expect(readWifi(parseUci('wireless', text), 20).accounts).toEqual(withAccounts.accounts);
  });
});
