/**
 * Mobile network -> the cellular WAN in /etc/config/network (ModemManager's `modemmanager` protocol:
 * APN, authentication, PIN) and, in /etc/config/edge, the SIM slot choice, which only the agent's
 * modem backend can carry out (slot switching is vendor specific).
 */
import { apnAuthOf, type ApnProfile, type MobileNetworkSection } from '@edge/protocol';
import type { RenderContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { nftIfname } from './nft.ts';
import { MOBILE_METRIC, wanNetwork } from './names.ts';

/** ModemManager's `allowedauth` list; no authentication is 'none'. */
const ALLOWED_AUTH: Record<ApnProfile['auth'], string[]> = {
  '': ['none'],
  PAP: ['pap'],
  CHAP: ['chap'],
  'PAP/CHAP': ['pap', 'chap'],
};

/** A pnp profile lets the modem pick the APN (its initial bearer settings), so nothing APN-related is written. */
function apnOptions(apn: ApnProfile) {
  if (apn.type === 'pnp') return {};
  const credentials = apn.username !== '' ? { username: apn.username, password: apn.password } : {};
  return { apn: apn.apn, allowedauth: ALLOWED_AUTH[apnAuthOf(apn)], ...credentials };
}

export function renderMobileNetwork(
  doc: MobileNetworkSection,
  ctx: Pick<RenderContext, 'hardware'>,
): Fragment {
  const modem = ctx.hardware.modem;
  if (!modem) return { uci: [], nft: {} };
  return {
    uci: [
      {
        config: 'network',
        type: 'interface',
        name: wanNetwork(modem.netdev),
        options: {
          proto: 'modemmanager',
          device: modem.device,
          ...apnOptions(doc.apnSetting),
          // The PIN is sent only when the user asked for automatic unlock: a wrong one costs a SIM attempt.
          pincode: doc.simSetting.auto_unlock ? doc.simSetting.code : undefined,
          iptype: 'ipv4',
          metric: MOBILE_METRIC,
          disabled: !doc.toggle,
        },
      },
      {
        config: 'edge',
        type: 'mobile',
        name: 'mobile',
        options: { sim: doc.settingBind.mode, profile: doc.apnSetting.name },
      },
    ],
    nft: { elements: { wan_ifaces: doc.toggle ? [nftIfname(modem.netdev)] : [] } },
  };
}
