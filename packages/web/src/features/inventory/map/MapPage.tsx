/**
 * Inventory > Map: every located device on an offline world map, coloured and labelled as the user's
 * dashboard configuration says (GET/PATCH /api/v1/inventory/dashboardConfig), with the online/offline pie.
 * Markers follow the devices live.
 */
import { Alert, Card, Col, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  mapColorTypes,
  mapContentTypes,
  mapSizeTypes,
  type DashboardConfig,
  type DashboardConfigPatch,
} from '@edge/protocol';
import { OnlinePie } from '../../../components/OnlinePie.tsx';
import { useGroups, useMap, useSaveDashboardConfig } from '../api.ts';
import { useLiveInventory } from '../live/useLiveInventory.ts';
import { levelColor } from '../status.ts';
import { WorldMap } from './WorldMap.tsx';

const LEVELS = [
  [0, 'good'],
  [1, 'fair'],
  [2, 'bad'],
  [-1, 'offline'],
] as const;

/** The map offers all devices or one group; a list of chosen devices (set through the API) still shows. */
type Scope = DashboardConfig['type'];

export function MapPage() {
  const { t } = useTranslation();
  useLiveInventory();
  const { data, isLoading } = useMap();
  const { data: groups } = useGroups();
  const save = useSaveDashboardConfig();
  const config = data?.config;
  const patch = (p: DashboardConfigPatch) => save.mutate(p);

  const scopes: Scope[] = config?.type === 'devices' ? ['all', 'group', 'devices'] : ['all', 'group'];

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
            {config && (
              <div className="inventory-filters map-config">
                <label className="inventory-filter">
                  <span className="inventory-filter-label">{t('inventory.map.contentType')}</span>
                  <Select
                    value={config.contentType}
                    onChange={(contentType) => patch({ contentType })}
                    options={mapContentTypes.map((c) => ({
                      value: c,
                      label: t(`inventory.map.content.${c}`),
                    }))}
                    popupMatchSelectWidth={false}
                    data-testid="map-content-type"
                  />
                </label>
                <label className="inventory-filter">
                  <span className="inventory-filter-label">{t('inventory.map.colorType')}</span>
                  <Select
                    value={config.colorType}
                    onChange={(colorType) => patch({ colorType })}
                    options={mapColorTypes.map((c) => ({ value: c, label: t(`inventory.map.color.${c}`) }))}
                    popupMatchSelectWidth={false}
                    data-testid="map-color-type"
                  />
                </label>
                <label className="inventory-filter">
                  <span className="inventory-filter-label">{t('inventory.map.sizeType')}</span>
                  <Select
                    value={config.sizeType}
                    onChange={(sizeType) => patch({ sizeType })}
                    options={mapSizeTypes.map((s) => ({ value: s, label: t(`inventory.map.size.${s}`) }))}
                    popupMatchSelectWidth={false}
                    data-testid="map-size-type"
                  />
                </label>
                <label className="inventory-filter">
                  <span className="inventory-filter-label">{t('inventory.map.scope')}</span>
                  <Space.Compact>
                    <Select<Scope>
                      value={config.type}
                      onChange={(type) => {
                        if (type === 'group') {
                          const first = config.iGWSGroupID ?? groups?.[0]?.id;
                          if (first !== undefined) patch({ type, iGWSGroupID: first });
                        } else patch({ type });
                      }}
                      options={scopes.map((s) => ({
                        value: s,
                        label: t(`inventory.map.scopes.${s}`),
                        disabled: s === 'group' && !groups?.length,
                      }))}
                      popupMatchSelectWidth={false}
                      data-testid="map-scope"
                    />
                    {config.type === 'group' && (
                      <Select<number>
                        value={config.iGWSGroupID ?? undefined}
                        placeholder={t('inventory.map.chooseGroup')}
                        onChange={(id) => patch({ type: 'group', iGWSGroupID: id })}
                        options={(groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
                        popupMatchSelectWidth={false}
                        data-testid="map-group"
                      />
                    )}
                  </Space.Compact>
                </label>
              </div>
            )}
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
