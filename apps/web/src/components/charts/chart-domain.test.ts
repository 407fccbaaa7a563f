import { describe, expect, it } from 'vitest';
import { axisTicks, fitDomain } from './chart-domain';

const PUPIL = { min: 0, max: 120 };

describe('fitDomain', () => {
  it('rounds outwards to whole steps with half a step of room', () => {
    // 52..97: room 5 below and above gives 47..102, outwards to tens.
    expect(fitDomain([52, 97, 73], PUPIL)).toEqual([40, 110]);
    // On a step: 60 - 5 = 55 → 50; 80 + 5 = 85 → 90.
    expect(fitDomain([60, 80], PUPIL)).toEqual([50, 90]);
  });
  it('stays within the scale', () => {
    expect(fitDomain([2, 118], PUPIL)).toEqual([0, 120]);
  });
  it('widens beyond the upper bound rather than cut a value off', () => {
    expect(fitDomain([150, 171], PUPIL)).toEqual([140, 180]);
  });
  it('ignores missing values, and is the whole scale without any', () => {
    expect(fitDomain([null, undefined, Number.NaN, 64], PUPIL)).toEqual([50, 70]);
    expect(fitDomain([], { min: 0, max: 200 })).toEqual([0, 200]);
  });
  it('keeps at least one step between the ends', () => {
    expect(fitDomain([0], PUPIL)).toEqual([0, 10]);
  });
});

describe('axisTicks', () => {
  it('puts round ticks on both ends, at most six parts', () => {
    expect(axisTicks([90, 120])).toEqual([90, 95, 100, 105, 110, 115, 120]);
    expect(axisTicks([0, 100])).toEqual([0, 20, 40, 60, 80, 100]);
    expect(axisTicks([0, 200])).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks([0, 5])).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('takes up to ten parts when six do not divide the range', () => {
    expect(axisTicks([40, 110])).toEqual([40, 50, 60, 70, 80, 90, 100, 110]);
  });
  it('leaves an empty or odd range to the chart library', () => {
    expect(axisTicks([50, 50])).toBeNull();
    expect(axisTicks([0, 13])).toBeNull();
  });
});
