/**
 * A device settings section under test: its state view as the console answers it, and a fetch stub that
 * serves that state beside the section's own calls. The live socket is replaced by one that never
 * opens, so the section shows what the calls answered.
 */
import { vi } from 'vitest';
import type { SectionKey, SectionStateView } from '@edge/protocol';
import { stubFetch, type Routes } from './render.tsx';

export const STATE_ROUTE = 'GET /api/v1/inventory/settings/state';
export const settingsRoute = (method: string, path: string) => `${method} /api/v1/inventory/settings/${path}`;

export const sectionView = (section: SectionKey, over: Partial<SectionStateView> = {}): SectionStateView => ({
  section,
  state: 'in_sync',
  outcome: null,
  desired: null,
  desiredVersion: 0,
  reported: null,
  reportedVersion: null,
  reportedAt: null,
  drift: [],
  lastError: null,
  lastErrorCode: null,
  confirmBy: null,
  mayCutOff: false,
  updatedBy: null,
  updatedAt: null,
  ...over,
});

/** GET settings/state's answer holding one section's view. */
export const stateAnswer = (view: SectionStateView) => ({
  body: { id: 'dev-1', online: true, sections: [view] },
});
/** A settings write's answer: the section's view after the apply was tried. */
export const writeAnswer = (view: SectionStateView) => ({ body: { message: 'ok', section: view } });

class SilentSocket {
  static OPEN = 1;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

/**
 * Stubs fetch (and the live socket) for a section whose desired document is `desired`: `routes` answer
 * the section's reads; each of `writes` ("METHOD path") answers as a successful apply does.
 */
export function stubSection(
  section: SectionKey,
  desired: unknown,
  routes: Routes = {},
  writes: string[] = [],
) {
  const view = sectionView(section, { desired, desiredVersion: 1 });
  const applied = () => ({ body: { message: 'ok', section: { ...view, desiredVersion: 2 } } });
  const stub = stubFetch({
    [STATE_ROUTE]: () => ({ body: { id: 'dev1', online: true, sections: [view] } }),
    ...Object.fromEntries(writes.map((route) => [route, applied])),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  vi.stubGlobal('WebSocket', SilentSocket);
  return stub;
}
