/**
 * Multiple WAN (SPEC 2, 4, 8): the WAN links' live status; then, on a device with two WAN interfaces, the
 * policy and the WAN binding (per-VLAN binding and MA rules); on one with fewer, the SPEC 8 message and
 * its steps instead of the form.
 */
import { Divider, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { multipleWanDefaults, type MultipleWanSection as MultipleWanDoc } from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { documentOf } from '../document.ts';
import { useSettingsRead, useSettingsReadFollowingDevice } from '../useSettingsRead.ts';
import { BindingTable } from './BindingTable.tsx';
import { MaRuleTable } from './MaRuleTable.tsx';
import { PolicyForm } from './PolicyForm.tsx';
import { TwoWanNotice } from './TwoWanNotice.tsx';
import { WanStatusList } from './WanStatusList.tsx';

const SECTION = 'multipleWan' as const;

function MultipleWanEditor({ deviceId, view, apply, busy }: SectionContext & { deviceId: string }) {
  const doc = documentOf<MultipleWanDoc>(view, multipleWanDefaults);
  const support = useSettingsRead(deviceId, 'multipleWan/supported');
  // Link states come from the device's telemetry: read again at each report.
  const status = useSettingsReadFollowingDevice(deviceId, 'multipleWan/getWANStatus');
  const vids = useSettingsRead(deviceId, 'dhcp/getVID').data?.list ?? [];

  if (!support.data) return <Spin />;
  const { supported, wans } = support.data;
  const { binding: _binding, maRules: _maRules, ...policy } = doc;
  return (
    <>
      <WanStatusList list={status.data?.list ?? []} />
      {!supported ? (
        <TwoWanNotice deviceId={deviceId} />
      ) : (
        <>
          <PolicyForm policy={policy} wans={wans} apply={apply} busy={busy} />
          <Divider />
          <WanBindingBlocks doc={doc} wans={wans} vids={vids} apply={apply} />
        </>
      )}
    </>
  );
}

/** WAN binding per VLAN and the MA rules (a device's, or a WAN binding profile's). */
export function WanBindingBlocks({
  doc,
  wans,
  vids,
  apply,
}: {
  doc: MultipleWanDoc;
  wans: readonly string[];
  vids: readonly number[];
} & Pick<SectionContext, 'apply'>) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.multipleWan.binding.title')}
      </Typography.Title>
      <BindingTable vids={vids} binding={doc.binding} wans={wans} apply={apply} />
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.multipleWan.maRules.title')}
      </Typography.Title>
      <MaRuleTable doc={doc} wans={wans} apply={apply} />
    </>
  );
}

export function MultipleWanSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <MultipleWanEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
