import { compareNames, fullName, type SchoolPupil } from '@leerzicht/contract';

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('nl');
}

/** Pupils per page of the pupils list: a school of several hundred pupils pages instead of one long table. */
export const PUPILS_PER_PAGE = 100;

/**
 * Pupils whose full name holds every word of the search (and, when given, of one group), pinned first, then by
 * the word after the name particle.
 */
export function filterPupils(
  pupils: readonly SchoolPupil[],
  search: string,
  yearclassId: number | null = null,
): SchoolPupil[] {
  const words = normalise(search)
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return pupils
    .filter((pupil) => {
      if (yearclassId !== null && pupil.yearclassId !== yearclassId) return false;
      const name = normalise(fullName(pupil));
      return words.every((word) => name.includes(word));
    })
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || compareNames(a, b));
}

/** The pupils of one page (1-based), and the number of pages. */
export function pagePupils<T>(pupils: readonly T[], page: number): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(pupils.length / PUPILS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: pupils.slice((current - 1) * PUPILS_PER_PAGE, current * PUPILS_PER_PAGE), pages };
}
