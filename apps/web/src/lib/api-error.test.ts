import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-error';

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('600', now)).toBe(600);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
