import { compareNames, fullName, type SchoolPupil } from '@leerzicht/contract';

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('nl');
}

/** Pupils whose full name holds every word of the search, pinned first, then by the word after the name particle. */
export function filterPupils(pupils: readonly SchoolPupil[], search: string): SchoolPupil[] {
  const words = normalise(search)
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return pupils
    .filter((pupil) => {
      const name = normalise(fullName(pupil));
      return words.every((word) => name.includes(word));
    })
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || compareNames(a, b));
}
