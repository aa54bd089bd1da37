/** Renders a piece of the console with everything the real app wraps it in (query client, antd, router). */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/queryClient.ts';

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </AppProviders>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** A fetch stub answering by "METHOD path"; unknown calls answer 404 like the server. */
export type Routes = Record<string, (body: unknown) => { status?: number; body: unknown }>;

export function stubFetch(routes: Routes) {
  const calls: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, headers: new Headers(init.headers), body });
    const handler = routes[`${method} ${url.split('?')[0]}`];
    const answer = handler
      ? handler(body)
      : { status: 404, body: { err_message: 'Not found.', err_code: 'notFound' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchStub as typeof fetch, calls };
}
