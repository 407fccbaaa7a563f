/*
 * The inspectorate's result model (onderwijsresultatenmodel po, since 2020-2021): the shares of groep-8 pupils at
 * 1F and at 1S/2F over three school years against two signaleringswaarden. The 1F value is 85% for every school;
 * the 1S/2F value depends on the school's schoolweging category and is published by the inspectorate per school
 * (open data) and in its letter. The product keeps no table of its own: a verdict needs the value the
 * inspectorate gave the school, imported from its open data or entered by a superuser.
 */

/** The 1F signaleringswaarde, the same for every school; a value entered from the letter comes with it. */
export const SIGNAL_1F = 85;

/** The subjects the inspectorate counts, with their target level: reading and taalverzorging 2F, mathematics 1S. */
export const INSPECTION_SUBJECTS = { TBL: '2F', SP: '2F', RW: '1S' } as const;

export type InspectionSubject = keyof typeof INSPECTION_SUBJECTS;
export const isInspectionSubject = (code: string): code is InspectionSubject =>
  Object.prototype.hasOwnProperty.call(INSPECTION_SUBJECTS, code);

/** Pupils' results that count: groep 8 over the last three school years. */
export const INSPECTION_YEARS = 3;

/** Above or below a signaleringswaarde, or null when either is missing (no verdict without the inspectorate's value). */
export function inspectionVerdict(share: number | null, signal: number | null): 'above' | 'below' | null {
  if (share === null || signal === null) return null;
  return share >= signal ? 'above' : 'below';
}

/**
 * The inspectorate's three-year share: each year's share weighted by its pupils (years without a share or a count
 * left out), as its `Gewogen driejaarsgemiddelde` columns are computed. Null without any counted pupil.
 */
export function weightedShare(
  years: readonly { share: number | null; pupilCount: number | null }[],
): number | null {
  let weight = 0;
  let sum = 0;
  for (const { share, pupilCount } of years) {
    if (share === null || pupilCount === null || pupilCount <= 0) continue;
    weight += pupilCount;
    sum += share * pupilCount;
  }
  return weight === 0 ? null : sum / weight;
}
