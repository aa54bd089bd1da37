/** The WAN interfaces a select offers (primary, secondary, backup, a binding's or rule's WAN). */
import type { TFunction } from 'i18next';
import { NONE_CHOICE } from '@edge/protocol';

export function wanOptions(t: TFunction, wans: readonly string[], { withNone = false } = {}) {
  const options = wans.map((iface) => ({ value: iface, label: iface }));
  return withNone
    ? [{ value: NONE_CHOICE, label: t('deviceSettings.multipleWan.none') }, ...options]
    : options;
}
