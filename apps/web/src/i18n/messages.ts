import { LANGUAGES, type Language } from '@leerzicht/contract';
import { loadChunk } from '../lib/chunk-errors';
import type nl from './nl.json';

export type MessageId = keyof typeof nl;
export type Catalogue = Record<MessageId, string>;

/**
 * Each language's messages are a chunk of their own, loaded when the language is first shown: a page loads one
 * catalogue, not both. Dutch is the source catalogue; English must carry the same keys (checked by a test and by
 * this type).
 */
const importers: Record<Language, () => Promise<{ default: Catalogue }>> = {
  nl: () => import('./nl.json'),
  en: () => import('./en.json'),
};

const loaded: Partial<Record<Language, Catalogue>> = {};
const loading = new Map<Language, Promise<Catalogue>>();
const listeners = new Set<() => void>();
let version = 0;

/** Loads a language's messages once (within the spec's load timeout; a failure rejects with a ChunkLoadError). */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  const done = loaded[language];
  if (done) return Promise.resolve(done);
  let pending = loading.get(language);
  if (!pending) {
    pending = loadChunk(importers[language]).then(
      (module) => {
        loaded[language] = module.default;
        loading.delete(language);
        version += 1;
        for (const listener of listeners) listener();
        return module.default;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

export function loadedCatalogue(language: Language): Catalogue | undefined {
  return loaded[language];
}

/** Some loaded catalogue (to show while the one asked for loads), if any. */
export function anyLoadedCatalogue(): { language: Language; messages: Catalogue } | undefined {
  for (const language of LANGUAGES) {
    const messages = loaded[language];
    if (messages) return { language, messages };
  }
  return undefined;
}

/** For useSyncExternalStore: changes whenever a catalogue has loaded. */
export function subscribeToCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function cataloguesVersion(): number {
  return version;
}
