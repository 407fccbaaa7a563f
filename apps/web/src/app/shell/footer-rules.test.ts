import { describe, expect, it } from 'vitest';
import { showSupportButton, SUPPORT_DIALOG_AVAILABLE } from './footer-rules';

describe('footer Support button rule', () => {
  it('needs a user and a school', () => {
    expect(showSupportButton({ signedIn: true, schoolId: 1, supportAvailable: true })).toBe(true);
    expect(showSupportButton({ signedIn: true, schoolId: null, supportAvailable: true })).toBe(false);
    expect(showSupportButton({ signedIn: false, schoolId: 1, supportAvailable: true })).toBe(false);
  });

  it('stays hidden until the support dialog exists', () => {
    expect(SUPPORT_DIALOG_AVAILABLE).toBe(false);
    expect(showSupportButton({ signedIn: true, schoolId: 1 })).toBe(false);
  });
});
