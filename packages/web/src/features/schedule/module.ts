/** The Schedule app (desktop key 'Schedule'): the calendar of schedules, and its sidebar panel. */
import { ScheduleOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const scheduleModule = defineModule({
  key: 'Schedule',
  route: 'schedule',
  icon: ScheduleOutlined,
  color: '#2f9e8f',
  titleKey: 'apps.Schedule',
  element: lazyPage(() => import('./ScheduleModule.tsx')),
  panel: lazyPage(() => import('./SchedulePanel.tsx')),
});
