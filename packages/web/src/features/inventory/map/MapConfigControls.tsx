/**
 * The Dashboard config of SPEC 3 as controls: label by content type, colour, size, and which devices (all, a
 * group, or a chosen list set through the API). Saved per user; Inventory's map and the Dashboard's device
 * tiles both follow it.
 */
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  mapColorTypes,
  mapContentTypes,
  mapSizeTypes,
  type DashboardConfig,
  type DashboardConfigPatch,
} from '@edge/protocol';
import { useGroups, useSaveDashboardConfig } from '../api.ts';

/** The map offers all devices or one group; a list of chosen devices (set through the API) still shows. */
type Scope = DashboardConfig['type'];

export function MapConfigControls({ config }: { config: DashboardConfig }) {
  const { t } = useTranslation();
  const { data: groups } = useGroups();
  const save = useSaveDashboardConfig();
  const patch = (p: DashboardConfigPatch) => save.mutate(p);
  const scopes: Scope[] = config.type === 'devices' ? ['all', 'group', 'devices'] : ['all', 'group'];
  return (
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
  );
}
