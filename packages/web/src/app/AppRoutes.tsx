/**
 * Routes of SPEC 2: '/' is the login screen (the desktop when already signed in); '/login' always shows
 * the login screen (switch user); '/desk' is the desktop, and the login screen when signed out.
 * Apps open at /desk/<app route>/<child route>.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { DeskLayout } from '../features/desk/DeskLayout.tsx';
import { DeskHome } from '../features/desk/DeskHome.tsx';
import { ModuleRoute } from '../features/desk/ModuleRoute.tsx';
import { SignedIn, SignedOutOnly } from './SignedIn.tsx';

const DESK = '/desk';
const HOME = '/';

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={HOME}
        element={
          <SignedOutOnly whenSignedIn={<Navigate to={DESK} replace />}>
            <LoginPage />
          </SignedOutOnly>
        }
      />
      <Route path="/login" element={<LoginPage />} />
      <Route
        path={DESK}
        element={
          <SignedIn>
            <DeskLayout />
          </SignedIn>
        }
      >
        <Route index element={<DeskHome />} />
        <Route path=":app/*" element={<ModuleRoute />} />
      </Route>
      <Route path="*" element={<Navigate to={HOME} replace />} />
    </Routes>
  );
}
