/** To-do (SPEC 2, 3): cards and tasks, assigned from Messages, re-running the failed job a card came from. */
import { featureModule } from '../modules/module.ts';
import { messagesModule } from '../messages/module.ts';
import { todoStore } from './store.ts';
import { todoService } from './service.ts';
import { todoRoutes } from './routes.ts';

export const todoModule = featureModule({
  name: 'todo',
  needs: ['store', 'jobs'],
  uses: { messages: messagesModule },
  start: ({ store, jobs }, { messages }) => ({
    routes: [todoRoutes(todoService({ store: todoStore(store.db), messages: messages.service, jobs }))],
  }),
});
