/**
 * The nine catalogues, one per cookie code. English is bundled (it is also every other language's fallback);
 * the others are separate chunks, loaded when chosen, so the console does not download nine languages.
 */
import type { LanguageCode } from '@edge/protocol';
import { loadChunk } from '../components/chunks/ChunkLoadError.ts';
import en from './locales/en.json';

export type Catalogue = typeof en;

export const english: Catalogue = en;

const loaders = import.meta.glob<Catalogue>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });

export function loadCatalogue(code: LanguageCode): Promise<Catalogue> {
  if (code === 'en') return Promise.resolve(en);
  const loader = loaders[`./locales/${code}.json`];
  if (!loader) return Promise.reject(new Error(`no catalogue for ${code}`));
  return loadChunk(loader);
}
