/** /desk/<app>/*: opens a registered, permitted app; says so when the app does not exist or is not allowed. */
import { useParams } from 'react-router-dom';
import { modules } from '../../app/modules.ts';
import { useVisibleModules } from '../../app/useVisibleModules.ts';
import { AppShell } from './AppShell.tsx';
import { AddressNotice } from './AddressNotice.tsx';

export function ModuleRoute() {
  const { app } = useParams();
  const module = useVisibleModules().find((m) => m.route === app);
  if (module) return <AppShell key={module.key} module={module} />;
  return <AddressNotice appExists={modules.some((m) => m.route === app)} />;
}
