import { LANGUAGES, type Language } from '@leerzicht/contract';
import { loadChunk } from '../lib/chunk-errors';
import type nl from './nl.json';

export type MessageId = keyof typeof nl;
/**
 * Messages by id, as react-intl takes them. Until a signed-in page opens, a language has only its public part
 * (public-messages.ts, catalogue-parts.d.ts): the pages shown then use no other ids.
 */
export type Catalogue = Record<MessageId, string>;

/**
 * Each language's messages are two chunks, loaded when the language is first shown: the public pages' messages
 * (public-messages.ts), and the rest once a signed-in page is opened (loadAppMessages). The login page loads one
 * small chunk, a signed-in page one language's two. Dutch is the source catalogue; English must carry the same
 * keys (checked by a test and by this type).
 */
type Part = 'public' | 'app';
const importers: Record<Language, Record<Part, () => Promise<{ default: Catalogue }>>> = {
  nl: { public: () => import('./nl.json?scope=public'), app: () => import('./nl.json?scope=app') },
  en: { public: () => import('./en.json?scope=public'), app: () => import('./en.json?scope=app') },
};

const parts: Record<Language, Partial<Record<Part, Catalogue>>> = { nl: {}, en: {} };
const merged: Partial<Record<Language, { app: Catalogue | undefined; messages: Catalogue }>> = {};
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let wanted: readonly Part[] = ['public'];
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function loadPart(language: Language, part: Part): Promise<void> {
  if (parts[language][part]) return Promise.resolve();
  const key = `${language}:${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = loadChunk(importers[language][part]).then(
      (module) => {
        parts[language][part] = module.default;
        loading.delete(key);
        changed();
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The loaded parts of a language together (the same object until another part arrives). */
function messagesOf(language: Language): Catalogue | undefined {
  const { public: publicPart, app } = parts[language];
  if (!publicPart) return undefined;
  const cached = merged[language];
  if (cached && cached.app === app) return cached.messages;
  const messages = app ? { ...publicPart, ...app } : publicPart;
  merged[language] = { app, messages };
  return messages;
}

function isComplete(language: Language): boolean {
  return wanted.every((part) => parts[language][part] !== undefined);
}

/**
 * Loads a language's messages as far as the pages shown so far need them, once each part (within the spec's
 * load timeout; a failure rejects with a ChunkLoadError).
 */
export async function loadCatalogue(language: Language): Promise<Catalogue | undefined> {
  await Promise.all(wanted.map((part) => loadPart(language, part)));
  return messagesOf(language);
}

/**
 * From now on the pages need whole catalogues (a signed-in page opens): loads the rest of each language started so
 * far. The signed-in frame's route waits for it, so those pages never show a message id.
 */
export async function loadAppMessages(): Promise<void> {
  if (!wanted.includes('app')) {
    wanted = ['public', 'app'];
    changed();
  }
  const started = LANGUAGES.filter((language) => parts[language].public || loading.has(`${language}:public`));
  await Promise.all(started.map((language) => loadPart(language, 'app')));
}

/** Starts loading the rest of the messages of each language started so far (a login is about to open the app). */
export function preloadAppMessages(): void {
  for (const language of LANGUAGES) {
    if (parts[language].public) loadPart(language, 'app').catch(() => undefined);
  }
}

/** A language's messages once all that the pages shown so far need has loaded. */
export function loadedCatalogue(language: Language): Catalogue | undefined {
  return isComplete(language) ? messagesOf(language) : undefined;
}

/**
 * Messages to show while the ones asked for load: a language's complete messages, else the part that has loaded
 * (the public pages need no more), of `preferred` first.
 */
export function anyLoadedCatalogue(
  preferred?: Language,
): { language: Language; messages: Catalogue } | undefined {
  const order = preferred
    ? [preferred, ...LANGUAGES.filter((language) => language !== preferred)]
    : LANGUAGES;
  for (const language of order) {
    const messages = loadedCatalogue(language);
    if (messages) return { language, messages };
  }
  for (const language of order) {
    const messages = messagesOf(language);
    if (messages) return { language, messages };
  }
  return undefined;
}

/** For useSyncExternalStore: changes whenever a part has loaded or the pages need more. */
export function subscribeToCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function cataloguesVersion(): number {
  return version;
}
