/** How a VLAN ID reads wherever one is chosen or listed: the untagged LAN by name, any other by its number. */
import type { TFunction } from 'i18next';
import { DEFAULT_LAN_VID } from '@edge/protocol';

export const vidLabel = (t: TFunction, vid: number): string =>
  vid === DEFAULT_LAN_VID ? t('deviceSettings.vlan.lan') : String(vid);
