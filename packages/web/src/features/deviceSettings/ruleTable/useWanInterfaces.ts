/**
 * The interfaces a rule may name as its way out or in (NAT interface, port forward external interface):
 * the device's WAN interfaces, read from the settings API. The rule's own interface stays on offer even
 * when it is no longer a WAN, so editing the rule does not silently change it.
 */
import { useSettingsRead } from '../useSettingsRead.ts';

export function useWanInterfaceOptions(deviceId: string, current?: string) {
  const wans = useSettingsRead(deviceId, 'multipleWan/supported').data?.wans ?? [];
  const names = current && !wans.includes(current) ? [...wans, current] : wans;
  return names.map((iface) => ({ value: iface, label: iface }));
}
