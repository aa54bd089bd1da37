import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { SCRIPT_LOAD_TIMEOUT_MS } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { notificationStore } from '../notifications/store.ts';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { ChunkLoadError, loadChunk, toChunkLoadError } from './ChunkLoadError.ts';
import { lazyPage } from './lazyPage.ts';
import { installPreloadErrorHandler } from './preloadErrors.ts';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('fails with ChunkLoadError after SCRIPT_LOAD_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const seen = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await seen;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
  });

  it('names a failed style chunk CSS_CHUNK_LOAD_FAILED', () => {
    expect(toChunkLoadError(new Error('Unable to preload CSS for /assets/x.css')).name).toBe(
      'CSS_CHUNK_LOAD_FAILED',
    );
    expect(toChunkLoadError(new TypeError('Failed to fetch dynamically imported module')).name).toBe(
      'ChunkLoadError',
    );
  });

  it('shows an error panel instead of a blank page when a page chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderWithProviders(
      <ChunkErrorBoundary>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByTestId('chunk-load-error')).toBeInTheDocument();
    expect(screen.getByText('ChunkLoadError')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /reload/i })).toBeInTheDocument();
  });

  it('turns vite:preloadError into a notification naming the failure', () => {
    notificationStore.clear();
    const off = installPreloadErrorHandler();
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/a.css'),
    });
    window.dispatchEvent(event);
    off();
    expect(notificationStore.getSnapshot().entries[0]).toMatchObject({ level: 'error' });
    expect(notificationStore.getSnapshot().entries[0]!.value).toContain('CSS_CHUNK_LOAD_FAILED');
    render(<div />);
  });
});
