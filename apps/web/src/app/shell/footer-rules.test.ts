import { describe, expect, it } from 'vitest';
import { showSupportButton } from './footer-rules';

describe('footer Support button rule', () => {
  it('needs a user and a school', () => {
    expect(showSupportButton({ signedIn: true, schoolId: 1 })).toBe(true);
    expect(showSupportButton({ signedIn: true, schoolId: null })).toBe(false);
    expect(showSupportButton({ signedIn: false, schoolId: 1 })).toBe(false);
  });
});
