import { describe, expect, it } from 'vitest';
import { allKept, omitted, removedCount, toggleSection } from './print-sections';

describe('removed print sections', () => {
  it('counts up on removing, down on putting back (never below zero), and resets', () => {
    let choice = toggleSection(allKept, 'pupil');
    expect(removedCount(choice)).toBe(1);
    choice = toggleSection(choice, 'effect');
    expect(removedCount(choice)).toBe(2);
    expect(omitted(choice)).toEqual(['pupil', 'effect']);
    choice = toggleSection(toggleSection(choice, 'pupil'), 'effect');
    expect(removedCount(choice)).toBe(0);
    expect(removedCount(allKept)).toBe(0);
    expect(omitted(allKept)).toEqual([]);
  });
});
