/**
 * Inventory > Map: every located device on an offline world map, coloured and labelled as the user's
 * dashboard configuration says (GET/PATCH /api/v1/inventory/dashboardConfig), with the online/offline pie.
 * Markers follow the devices live.
 */
import { Alert, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnlinePie } from '../../../components/OnlinePie.tsx';
import { useMap } from '../api.ts';
import { MapConfigControls } from './MapConfigControls.tsx';
import { useLiveInventory } from '../live/useLiveInventory.ts';
import { levelColor } from '../status.ts';
import { WorldMap } from './WorldMap.tsx';

const LEVELS = [
  [0, 'good'],
  [1, 'fair'],
  [2, 'bad'],
  [-1, 'offline'],
] as const;

export function MapPage() {
  const { t } = useTranslation();
  useLiveInventory();
  const { data, isLoading } = useMap();
  const config = data?.config;

  return (
    <div className="inventory-page" data-testid="inventory-map">
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={18}>
          <Card
            className="inventory-card map-card"
            title={t('inventory.map.title')}
            loading={isLoading}
            extra={
              <span data-testid="map-marker-count" data-count={data?.list.length ?? 0}>
                {t('inventory.map.markers', { count: data?.list.length ?? 0 })}
              </span>
            }
          >
            {config && <MapConfigControls config={config} />}
            <WorldMap devices={data?.list ?? []} />
          </Card>
        </Col>
        <Col xs={24} xl={6}>
          <div className="settings-stack">
            <Card className="inventory-card" title={t('inventory.pie.title')}>
              <OnlinePie numOnline={data?.numOnline ?? 0} numOffline={data?.numOffline ?? 0} />
            </Card>
            <Card
              className="inventory-card"
              title={config ? t(`inventory.map.color.${config.colorType}`) : ''}
            >
              <ul className="map-legend">
                {LEVELS.map(([level, key]) => (
                  <li key={key}>
                    <span className="map-legend-dot" style={{ background: levelColor(level) }} />
                    {t(`inventory.map.legend.${key}`)}
                  </li>
                ))}
              </ul>
            </Card>
            {!!data?.withoutLocation && (
              <Alert
                type="info"
                showIcon
                title={t('inventory.map.withoutLocation', { count: data.withoutLocation })}
              />
            )}
          </div>
        </Col>
      </Row>
    </div>
  );
}
