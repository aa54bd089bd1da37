/**
 * Mobile network (SPEC 2): setting and APN in use (with quick select), saved APN profiles, SIM PIN, SIM
 * binding, and the live signal and modem identity. Every change goes through the section frame's apply.
 * A device without a modem (a wired model) gets a notice instead of a form it could not use.
 */
import { Alert, Divider, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { mobileNetworkDefaults, type MobileNetworkSection as MobileNetworkDoc } from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { documentOf, VERTICAL } from '../document.ts';
import { ApnSettingBlock } from './ApnSettingBlock.tsx';
import { SavedProfilesBlock } from './SavedProfilesBlock.tsx';
import { SignalBlock } from './SignalBlock.tsx';
import { SimBindBlock } from './SimBindBlock.tsx';
import { SimPinBlock } from './SimPinBlock.tsx';
import { useCellularLive, type CellularLive } from './useCellularLive.ts';
import { SECTION } from './calls.ts';

export function MobileNetworkEditor({ context, live }: { context: SectionContext; live: CellularLive }) {
  const { t } = useTranslation();
  if (live.hasModem === false) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('deviceSettings.mobileNetwork.noModem')}
        data-testid="mobile-no-modem"
      />
    );
  }
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
      <SignalBlock live={live} />
      <Divider />
      <MobileNetworkBlocks {...context} />
    </Space>
  );
}

/** The APN in use, saved APN profiles, SIM PIN and binding (a device's, or an APN profile's). */
export function MobileNetworkBlocks(context: SectionContext) {
  const doc = documentOf<MobileNetworkDoc>(context.view, mobileNetworkDefaults);
  const { apply, busy } = context;
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
      <ApnSettingBlock doc={doc} apply={apply} busy={busy} />
      <SavedProfilesBlock profiles={doc.saveProfile.apn_list} apply={apply} busy={busy} />
      <Divider />
      <SimPinBlock doc={doc} view={context.view} apply={apply} busy={busy} />
      <Divider />
      <SimBindBlock doc={doc} apply={apply} busy={busy} />
    </Space>
  );
}

export function MobileNetworkSection({ deviceId }: { deviceId: string }) {
  const live = useCellularLive(deviceId);
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <MobileNetworkEditor key={context.view.desiredVersion} context={context} live={live} />}
    </SectionFrame>
  );
}
