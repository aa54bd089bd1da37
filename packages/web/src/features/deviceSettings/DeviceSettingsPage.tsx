/**
 * A device's network configuration (SPEC 2, Networking and Settings General): a menu of the sections and the
 * chosen section in its frame. Route: /desk/inventory/devices/:id/settings/:section.
 */
import type { ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Menu, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SectionKey } from '@edge/protocol';
import { WifiSection } from './WifiSection.tsx';
import { WanSection } from './WanSection.tsx';
import { GeneralSection } from './GeneralSection.tsx';
import { PortTypeSection } from './PortTypeSection.tsx';
import { MobileNetworkSection } from './mobileNetwork/MobileNetworkSection.tsx';
import { MultipleWanSection } from './multipleWan/MultipleWanSection.tsx';
import { NatSection } from './nat/NatSection.tsx';
import { PortForwardSection } from './portForward/PortForwardSection.tsx';
import { DhcpSection } from './dhcp/DhcpSection.tsx';
import { VlanSection } from './vlan/VlanSection.tsx';
import { FirewallSection } from './firewall/FirewallSection.tsx';
import { ClientsSection } from './clients/ClientsSection.tsx';
import { settingsPath } from './paths.ts';
import { useDashboard } from '../inventory/api.ts';
import { VERTICAL } from './document.ts';

/** The sections with a screen, in menu order. */
export const SECTION_SCREENS: readonly { key: SectionKey; screen: ComponentType<{ deviceId: string }> }[] = [
  { key: 'portType', screen: PortTypeSection },
  { key: 'mobileNetwork', screen: MobileNetworkSection },
  { key: 'wifi', screen: WifiSection },
  { key: 'wan', screen: WanSection },
  { key: 'multipleWan', screen: MultipleWanSection },
  { key: 'nat', screen: NatSection },
  { key: 'portForward', screen: PortForwardSection },
  { key: 'dhcp', screen: DhcpSection },
  { key: 'vlan', screen: VlanSection },
  { key: 'firewall', screen: FirewallSection },
  { key: 'general', screen: GeneralSection },
  { key: 'clients', screen: ClientsSection },
];

export default function DeviceSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', section = 'wifi' } = useParams();
  const entry = SECTION_SCREENS.find((s) => s.key === section);
  const Screen = entry?.screen;
  // The operator knows a device by its name and serial; the id is only the console's.
  const device = useDashboard(id).data?.device;

  return (
    <div className="page" data-testid="device-settings-page">
      <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
        <Space>
          <Link
            to={`/desk/inventory/devices/${encodeURIComponent(id)}`}
            aria-label={t('deviceSettings.back')}
          >
            <ArrowLeftOutlined className="flip-rtl" />
          </Link>
          {/* Under the page title (h1): the second level, at the size of a fourth. */}
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {t('deviceSettings.title', {
              name: !device ? id : device.name === device.sn ? device.sn : `${device.name} (${device.sn})`,
            })}
          </Typography.Title>
        </Space>
        {/* Long section names (German) wrap onto a second line rather than hiding behind "...". */}
        <Menu
          mode="horizontal"
          disabledOverflow
          className="settings-sections"
          data-testid="settings-sections"
          selectedKeys={[section]}
          onClick={({ key }) => void navigate(settingsPath(id, key as SectionKey))}
          items={SECTION_SCREENS.map((s) => ({
            key: s.key,
            label: <span data-testid={`settings-nav-${s.key}`}>{t(`deviceSettings.sections.${s.key}`)}</span>,
          }))}
        />
        {Screen ? (
          <Screen key={`${id}/${section}`} deviceId={id} />
        ) : (
          <Result status="404" title={t('deviceSettings.unknownSection')} />
        )}
      </Space>
    </div>
  );
}
