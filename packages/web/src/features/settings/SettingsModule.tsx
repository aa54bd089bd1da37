/** Routes of the Settings app; the app shell has already checked which child the user may open. */
import { Route, Routes } from 'react-router-dom';
import { AccountPage } from './account/AccountPage.tsx';
import { LanguagePage } from './language/LanguagePage.tsx';

export default function SettingsModule() {
  return (
    <Routes>
      <Route path="account" element={<AccountPage />} />
      <Route path="language" element={<LanguagePage />} />
    </Routes>
  );
}
