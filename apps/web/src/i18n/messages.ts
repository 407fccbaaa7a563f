import type { Language } from '@leerzicht/contract';
import en from './en.json';
import nl from './nl.json';

export type MessageId = keyof typeof nl;
export type Catalogue = Record<MessageId, string>;

/** Dutch is the source catalogue; English must carry the same keys (checked by a test and by the type). */
export const catalogues: Record<Language, Catalogue> = { nl, en };
