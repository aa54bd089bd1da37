/** React.lazy through loadChunk: a page whose chunk cannot load throws ChunkLoadError into <ChunkErrorBoundary>. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './ChunkLoadError.ts';

export type LazyPage = LazyExoticComponent<ComponentType>;

export const lazyPage = (loader: () => Promise<{ default: ComponentType }>): LazyPage =>
  lazy(() => loadChunk(loader));
