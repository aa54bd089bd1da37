import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { BrandingHead } from '../features/branding/BrandingHead.tsx';
import { AppProviders } from './AppProviders.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { createQueryClient } from './queryClient.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <BrandingHead />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
