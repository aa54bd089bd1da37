/** The desktop's icon grid: APPS_PER_DESKTOP_PAGE apps per page, with arrows and page dots when there are more. */
import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { APPS_PER_DESKTOP_PAGE } from '@edge/protocol';

export interface DeskApp {
  key: string;
  title: string;
  icon: ReactNode;
  color: string;
  to: string;
}

export function AppGrid({ apps }: { apps: readonly DeskApp[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(apps.length / APPS_PER_DESKTOP_PAGE));
  // Fewer apps after a permission change must not leave the user on a page that no longer exists.
  const current = Math.min(page, pages - 1);
  const shown = apps.slice(current * APPS_PER_DESKTOP_PAGE, (current + 1) * APPS_PER_DESKTOP_PAGE);

  return (
    <div className="desk-pages">
      {pages > 1 && (
        <Button
          className="desk-arrow desk-arrow-prev"
          shape="circle"
          size="large"
          icon={<LeftOutlined />}
          disabled={current === 0}
          onClick={() => setPage(current - 1)}
          aria-label={t('desk.previousPage')}
        />
      )}
      <ul className="desk-grid" aria-label={t('desk.apps')} data-testid="desk-apps">
        {shown.map((app) => (
          <li key={app.key}>
            <Link to={app.to} className="desk-app" data-testid={`app-${app.key}`}>
              <span className="desk-app-icon" style={{ background: app.color }}>
                {app.icon}
              </span>
              <span className="desk-app-title">{app.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Button
          className="desk-arrow desk-arrow-next"
          shape="circle"
          size="large"
          icon={<RightOutlined />}
          disabled={current === pages - 1}
          onClick={() => setPage(current + 1)}
          aria-label={t('desk.nextPage')}
        />
      )}
      {pages > 1 && (
        <div className="desk-dots" role="group" aria-label={t('desk.pages')}>
          {Array.from({ length: pages }, (_, i) => (
            <button
              key={i}
              type="button"
              className={i === current ? 'desk-dot desk-dot-active' : 'desk-dot'}
              aria-label={t('desk.goToPage', { page: i + 1 })}
              aria-current={i === current ? 'page' : undefined}
              onClick={() => setPage(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
