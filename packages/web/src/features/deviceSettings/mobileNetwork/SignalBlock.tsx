/**
 * Signal and information (SPEC 2): the 4G/5G cell figures and the modem's identity, as the device last
 * reported them. They arrive with the live dashboard push (useCellularLive), so they change on screen
 * without the page asking again.
 */
import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SignalTag } from '../../inventory/StatusTag.tsx';
import type { CellularLive } from './useCellularLive.ts';

/** Figures are read left to right in every language: keep them isolated inside right-to-left text. */
const figure = (value: ReactNode, testId: string) => <bdi data-testid={`cell-${testId}`}>{value}</bdi>;

export function SignalBlock({ live }: { live: CellularLive }) {
  const { t } = useTranslation();
  const { signal } = live;
  const none = t('inventory.notAvailable');
  const identity = [
    { key: 'imei', label: t('inventory.details.imei'), children: figure(live.imei || none, 'imei') },
    { key: 'imsi', label: t('inventory.details.imsi'), children: figure(live.imsi || none, 'imsi') },
    {
      key: 'iccid',
      label: t('deviceSettings.mobileNetwork.iccid'),
      children: figure(live.iccid || none, 'iccid'),
    },
  ];
  const technology = signal && figure(signal.technology, 'technology');
  const cell = signal
    ? [
        {
          key: 'quality',
          label: t('inventory.columns.signal'),
          children: (
            <>
              <SignalTag quality={signal.quality} /> {technology}
            </>
          ),
        },
        {
          key: 'rsrp',
          label: t('inventory.sort.rsrp'),
          children: figure(t('inventory.dashboard.dbm', { value: signal.rsrp }), 'rsrp'),
        },
        {
          key: 'rsrq',
          label: t('inventory.sort.rsrq'),
          children: figure(t('inventory.dashboard.db', { value: signal.rsrq }), 'rsrq'),
        },
        {
          key: 'snr',
          label: t('inventory.sort.snr'),
          children: figure(t('inventory.dashboard.db', { value: signal.snr }), 'snr'),
        },
        { key: 'band', label: t('deviceSettings.mobileNetwork.band'), children: figure(signal.band, 'band') },
        {
          key: 'channel',
          label: t('deviceSettings.mobileNetwork.channel'),
          children: figure(signal.channel, 'channel'),
        },
        {
          key: 'cellId',
          label: t('deviceSettings.mobileNetwork.cellId'),
          children: figure(signal.cellId, 'id'),
        },
        {
          key: 'operator',
          label: t('deviceSettings.mobileNetwork.fields.operator'),
          children: figure(signal.operator ?? none, 'operator'),
        },
      ]
    : [];

  return (
    <div data-testid="mobile-signal">
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.mobileNetwork.signal')}
      </Typography.Title>
      {!signal && (
        <Typography.Paragraph type="secondary" data-testid="mobile-signal-none">
          {t('deviceSettings.mobileNetwork.noSignal')}
        </Typography.Paragraph>
      )}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={[...cell, ...identity]} />
    </div>
  );
}
