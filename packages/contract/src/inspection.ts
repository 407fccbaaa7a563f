/*
 * The inspectorate's signaleringswaarden (onderwijsresultatenmodel po, since 2020-2021). The 1F value is 85% for
 * every school. The 1S/2F value depends on the schoolweging (20-40, computed by CBS; a higher weging means a
 * more complex population and a lower value), set so that about 90% of schools pass.
 *
 * SOURCE AND CAVEAT: the inspectorate publishes the 1S/2F values per schoolweging band in the
 * "Onderwijsresultatenmodel po" (onderwijsinspectie.nl) and updates them. We could not consult that table while
 * building this, so the values below are OUR APPROXIMATION of its shape: a falling step per 2.5 of weging, from
 * 58% at the lowest weging to 38% at the highest, placed below the national mean of about 59% as the 90%-pass rule
 * implies. Replace them with the published values before a school relies on them; this table is their only home,
 * and the page says that the value is indicative.
 */
export const SIGNAL_1F = 85;

/** [upper bound of the schoolweging band (exclusive, the last inclusive), signaleringswaarde 1S/2F in %]. */
export const SIGNAL_TARGET_BANDS: readonly (readonly [number, number])[] = [
  [22.5, 58.0],
  [25, 55.1],
  [27.5, 52.0],
  [30, 49.1],
  [32.5, 45.9],
  [35, 43.0],
  [37.5, 40.4],
  [40, 38.1],
];

/** The 1S/2F signaleringswaarde for a schoolweging (clamped to 20-40 as the inspectorate does). */
export function signalTarget(schoolweging: number): number {
  const weging = Math.min(40, Math.max(20, schoolweging));
  for (const [upper, value] of SIGNAL_TARGET_BANDS) if (weging < upper) return value;
  return SIGNAL_TARGET_BANDS[SIGNAL_TARGET_BANDS.length - 1]![1];
}

/** The subjects the inspectorate counts, with their target level: reading and taalverzorging 2F, mathematics 1S. */
export const INSPECTION_SUBJECTS = { TBL: '2F', SP: '2F', RW: '1S' } as const;

export type InspectionSubject = keyof typeof INSPECTION_SUBJECTS;
export const isInspectionSubject = (code: string): code is InspectionSubject =>
  Object.prototype.hasOwnProperty.call(INSPECTION_SUBJECTS, code);

/** Pupils' results that count: groep 8 over the last three school years. */
export const INSPECTION_YEARS = 3;
