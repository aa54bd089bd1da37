/** Routes of the Settings app; the app shell has already checked which child the user may open. */
import { Route, Routes } from 'react-router-dom';
import { AccountPage } from './account/AccountPage.tsx';
import { ActivityPage } from './activity/ActivityPage.tsx';
import { BrandingPage } from './branding/BrandingPage.tsx';
import { CompanyPage } from './company/CompanyPage.tsx';
import { LanguagePage } from './language/LanguagePage.tsx';
import { NetworkPage } from './network/NetworkPage.tsx';
import { RolesPage } from './roles/RolesPage.tsx';
import { SmtpPage } from './smtp/SmtpPage.tsx';
import { ConsoleBackupPage } from '../consoleBackup/ConsoleBackupPage.tsx';
import { UpgradePage } from '../upgrade/UpgradePage.tsx';
import '../../components/page.css';
import './settings.css';

export default function SettingsModule() {
  return (
    <Routes>
      <Route path="account" element={<AccountPage />} />
      <Route path="network" element={<NetworkPage />} />
      <Route path="activity" element={<ActivityPage />} />
      <Route path="company" element={<CompanyPage />} />
      <Route path="permission" element={<RolesPage />} />
      <Route path="smtp" element={<SmtpPage />} />
      <Route path="branding" element={<BrandingPage />} />
      <Route path="backup" element={<ConsoleBackupPage />} />
      <Route path="upgrade" element={<UpgradePage />} />
      <Route path="language" element={<LanguagePage />} />
    </Routes>
  );
}
