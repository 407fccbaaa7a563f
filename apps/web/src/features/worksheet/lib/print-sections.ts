import { PRINT_SECTIONS, type PrintSection } from '@leerzicht/contract';

/*
 * The sections left out of a printout, with the removed-section counter of spec section 4: it goes up when a section
 * is removed, down (never below zero) when one is put back, and to zero on reset.
 */

export interface PrintChoice {
  removed: ReadonlySet<PrintSection>;
}

export const allKept: PrintChoice = { removed: new Set() };

export function toggleSection(choice: PrintChoice, section: PrintSection): PrintChoice {
  const removed = new Set(choice.removed);
  if (removed.has(section)) removed.delete(section);
  else removed.add(section);
  return { removed };
}

export const removedCount = (choice: PrintChoice): number => Math.max(0, choice.removed.size);

/** The omitted sections in the contract's order (a stable URL for the same choice). */
export const omitted = (choice: PrintChoice): PrintSection[] =>
  PRINT_SECTIONS.filter((section) => choice.removed.has(section));
