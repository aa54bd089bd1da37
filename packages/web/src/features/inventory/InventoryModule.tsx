/** Routes of the Inventory app; the app shell has already checked which child the user may open. */
import { Route, Routes } from 'react-router-dom';
import { DeviceListPage } from './devices/DeviceListPage.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { GroupsPage } from './groups/GroupsPage.tsx';
import { MapPage } from './map/MapPage.tsx';
import DeviceSettingsPage from '../deviceSettings/DeviceSettingsPage.tsx';
import { lazyPage } from '../../components/chunks/lazyPage.ts';
import '../../components/page.css';
import './inventory.css';

/** xterm.js is loaded only when a terminal opens. */
const TerminalPage = lazyPage(() => import('../terminal/TerminalPage.tsx'));
/** noVNC likewise, only when a remote desktop opens. */
const DesktopPage = lazyPage(() => import('../terminal/DesktopPage.tsx'));

export default function InventoryModule() {
  return (
    <Routes>
      <Route path="devices" element={<DeviceListPage />} />
      <Route path="devices/:id" element={<DashboardPage />} />
      <Route path="devices/:id/settings/:section?" element={<DeviceSettingsPage />} />
      <Route path="devices/:id/terminal" element={<TerminalPage />} />
      <Route path="devices/:id/desktop" element={<DesktopPage />} />
      <Route path="map" element={<MapPage />} />
      <Route path="groups" element={<GroupsPage />} />
    </Routes>
  );
}
