/*
 * The inspectorate's signaleringswaarden (onderwijsresultatenmodel po, since 2020-2021). The 1F value is 85% for
 * every school. The 1S/2F value depends on the schoolweging (20-40, computed by CBS; a higher weging means a
 * more complex population and a lower value), set so that about 90% of schools pass. It is fixed per 1-point
 * category of schoolweging, written `[31,32)`.
 *
 * SOURCE: the values below are the ones the inspectorate published in its open data (the `Schoolwegingscategorie`
 * and `Signaleringswaarde 1S/2F` columns; see the domain notes). The values of the other categories are not known
 * here, and are not made up: for them the value is null and the page shows it as unknown. Add a category's value
 * here, from the inspectorate's table, to have it shown; this table is its only home.
 */
export const SIGNAL_1F = 85;

/** [lower bound of the schoolweging category `[lower, lower + 1)`, signaleringswaarde 1S/2F in %]. */
export const SIGNAL_TARGET_CATEGORIES: readonly (readonly [number, number])[] = [
  [27, 50.1],
  [30, 45.5],
  [31, 43.5],
  [33, 38.7],
];

/** The 1S/2F signaleringswaarde of a schoolweging's category, or null where its published value is not known here. */
export function signalTarget(schoolweging: number): number | null {
  const lower = Math.floor(schoolweging);
  return SIGNAL_TARGET_CATEGORIES.find(([category]) => category === lower)?.[1] ?? null;
}

/** The subjects the inspectorate counts, with their target level: reading and taalverzorging 2F, mathematics 1S. */
export const INSPECTION_SUBJECTS = { TBL: '2F', SP: '2F', RW: '1S' } as const;

export type InspectionSubject = keyof typeof INSPECTION_SUBJECTS;
export const isInspectionSubject = (code: string): code is InspectionSubject =>
  Object.prototype.hasOwnProperty.call(INSPECTION_SUBJECTS, code);

/** Pupils' results that count: groep 8 over the last three school years. */
export const INSPECTION_YEARS = 3;
