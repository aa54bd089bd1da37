/**
 * Vite fires `vite:preloadError` when a dependency of a dynamic import (script or CSS) fails to preload,
 * typically after a redeploy replaced the hashed files. The import then rejects into the error boundary;
 * this handler adds a toast (and thus a notification entry) naming the failure.
 */
import { i18n } from '../../i18n/index.ts';
import { toast } from '../notifications/toast.ts';
import { toChunkLoadError } from './ChunkLoadError.ts';

export function installPreloadErrorHandler(target: Window = window): () => void {
  const onError = (event: Event) => {
    const error = toChunkLoadError((event as Event & { payload?: unknown }).payload);
    const key = error.name === 'CSS_CHUNK_LOAD_FAILED' ? 'errors.cssChunk' : 'errors.scriptChunk';
    toast.error(`${i18n.t(key)} (${error.name})`);
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
