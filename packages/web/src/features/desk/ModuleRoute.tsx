/** /desk/<app>/*: opens a registered, permitted app, or goes back to the desktop. */
import { Navigate, useParams } from 'react-router-dom';
import { useVisibleModules } from '../../app/useVisibleModules.ts';
import { AppShell } from './AppShell.tsx';

const DESK = '/desk';

export function ModuleRoute() {
  const { app } = useParams();
  const module = useVisibleModules().find((m) => m.route === app);
  if (!module) return <Navigate to={DESK} replace />;
  return <AppShell key={module.key} module={module} />;
}
