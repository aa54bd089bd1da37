/** Entry: the cookie's language first (so the first paint is already translated), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.ts';
import { installPreloadErrorHandler } from './components/chunks/preloadErrors.ts';
import { App } from './app/App.tsx';
import './styles.css';

installPreloadErrorHandler();

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
