/** The bounds of a scale (e.g. SCORE_RANGES.abilityPupil, 0-120). */
export interface ScaleRange {
  min: number;
  max: number;
}

/**
 * A y axis that fits the data: from the lowest to the highest value with half a step of room, rounded outwards to
 * whole steps and kept within the scale's bounds. A value beyond the upper bound widens the axis to it rather than
 * being cut off; without values the axis is the whole scale.
 */
export function fitDomain(
  values: readonly (number | null | undefined)[],
  range: ScaleRange,
  step = 10,
): [number, number] {
  const finite = values.filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value),
  );
  if (finite.length === 0) return [range.min, range.max];
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const from = Math.max(range.min, Math.floor((low - step / 2) / step) * step);
  const ceiling = Math.ceil((high + step / 2) / step) * step;
  const to = high > range.max ? Math.ceil(high / step) * step : Math.min(range.max, ceiling);
  return [Math.min(from, to - step), to];
}

const NICE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100];

/**
 * Round tick values for an axis from `from` to `to`: the finest step of 1, 2, 5, 10, 20, 25, 50 or 100 that
 * divides the range into at most six parts (else into at most ten), so both ends carry a tick. Null when none fits
 * (the chart library then picks its own).
 */
export function axisTicks([from, to]: readonly [number, number]): number[] | null {
  const range = to - from;
  if (!(range > 0)) return null;
  const fits = (parts: number) =>
    NICE_STEPS.find((step) => range / step <= parts && Number.isInteger(range / step));
  const step = fits(6) ?? fits(10);
  if (step === undefined) return null;
  return Array.from({ length: range / step + 1 }, (_, index) => from + index * step);
}
