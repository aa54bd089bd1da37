import { describe, expect, it } from 'vitest';
import { apnProfileDefaults, mobileNetworkDefaults, type MobileNetworkSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { NFT_PATH } from './nft.ts';
import { contextWith, uciFile } from './testFiles.ts';

const privateApn: MobileNetworkSection = {
  ...mobileNetworkDefaults,
  apnSetting: {
    ...apnProfileDefaults,
    name: 'Corp',
    type: 'private',
    apn: 'corp.example',
    username: 'u',
    password: 'p',
    auth: 'PAP/CHAP',
  },
  settingBind: { mode: 'SIM2' },
  simSetting: { auto_unlock: true, code: '4321' },
};

describe('mobile network renderer', () => {
  it('brings the modem up with the APN, its credentials and the PIN', () => {
    const { files } = renderSection('mobileNetwork', privateApn);
    expect(files['/etc/config/network']).toBe(
      uciFile(`config interface 'wan_wwan0'
	option proto 'modemmanager'
	option device '/sys/devices/platform/soc/11200000.usb/usb1/1-1'
	option apn 'corp.example'
	list allowedauth 'pap'
	list allowedauth 'chap'
	option username 'u'
	option password 'p'
	option pincode '4321'
	option iptype 'ipv4'
	option metric '90'
	option disabled '0'
`),
    );
    expect(files['/etc/config/edge']).toBe(
      uciFile(`config mobile 'mobile'
	option sim 'SIM2'
	option profile 'Corp'
`),
    );
    expect(files[NFT_PATH]).toContain('elements = { "wwan0" }');
  });

  it('leaves APN and PIN to the modem with the pnp default, and switches off with the toggle', () => {
    const { files } = renderSection('mobileNetwork', { ...mobileNetworkDefaults, toggle: false });
    expect(files['/etc/config/network']).toBe(
      uciFile(`config interface 'wan_wwan0'
	option proto 'modemmanager'
	option device '/sys/devices/platform/soc/11200000.usb/usb1/1-1'
	option iptype 'ipv4'
	option metric '90'
	option disabled '1'
`),
    );
    expect(files[NFT_PATH]).toBeUndefined();
  });

  it('renders nothing on a device without a modem', () => {
    const ctx = contextWith({}, { radios: [], modem: null, maxTxPowerDbm: 20 });
    expect(renderSection('mobileNetwork', privateApn, ctx).files).toEqual({});
  });
});
