/**
 * The widget of a group or chosen devices (SPEC 3 Dashboard config): each located device in scope as a
 * tile labelled by content type, sized by size type, coloured by its level and showing the colour's value.
 * The same configuration as Inventory's map, saved per user.
 */
import { Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMap } from '../inventory/api.ts';
import { MapConfigControls } from '../inventory/map/MapConfigControls.tsx';
import { levelColor } from '../inventory/status.ts';

export function DeviceTiles() {
  const { t } = useTranslation();
  const { data } = useMap();
  if (!data) return null;
  return (
    <div data-testid="dashboard-tiles">
      <MapConfigControls config={data.config} />
      {data.list.length === 0 ? (
        <Empty description={t('dashboard.noDevices')} />
      ) : (
        <div className="dashboard-tiles">
          {data.list.map((d) => (
            <Tooltip key={d.id} title={`${d.status} · ${d.colorValue}`}>
              <div
                className={`dashboard-tile dashboard-tile-${d.size}`}
                style={{ borderColor: levelColor(d.colorLevel) }}
                data-testid="dashboard-tile"
              >
                <span className="dashboard-tile-dot" style={{ background: levelColor(d.colorLevel) }} />
                <span className="dashboard-tile-label">{d.label || d.id}</span>
                <span className="dashboard-tile-value">{d.colorValue}</span>
              </div>
            </Tooltip>
          ))}
        </div>
      )}
    </div>
  );
}
