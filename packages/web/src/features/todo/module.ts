/** The To-do app (desktop key 'ToDo'): cards of tasks, many assigned from Messages. */
import { CarryOutOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const todoModule = defineModule({
  key: 'ToDo',
  route: 'todo',
  icon: CarryOutOutlined,
  color: '#389e0d',
  titleKey: 'apps.ToDo',
  element: lazyPage(() => import('./TodoModule.tsx')),
});
