/** Routes of the Inventory app; the app shell has already checked which child the user may open. */
import { Route, Routes } from 'react-router-dom';
import { DeviceListPage } from './devices/DeviceListPage.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { GroupsPage } from './groups/GroupsPage.tsx';
import { MapPage } from './map/MapPage.tsx';
import DeviceSettingsPage from '../deviceSettings/DeviceSettingsPage.tsx';
import '../../components/page.css';
import './inventory.css';

export default function InventoryModule() {
  return (
    <Routes>
      <Route path="devices" element={<DeviceListPage />} />
      <Route path="devices/:id" element={<DashboardPage />} />
      <Route path="devices/:id/settings/:section?" element={<DeviceSettingsPage />} />
      <Route path="map" element={<MapPage />} />
      <Route path="groups" element={<GroupsPage />} />
    </Routes>
  );
}
