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
