import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { retryDelay } from './query-client';

describe('retryDelay', () => {
  it('waits as long as Retry-After asked (at most 30 s), else doubles from one second', () => {
    const unavailable = (seconds: number | null) =>
      new ApiError(503, 'Service Unavailable', { status: 503, detail: 'x' }, seconds);
    expect(retryDelay(0, unavailable(5))).toBe(5_000);
    expect(retryDelay(1, unavailable(5))).toBe(5_000);
    expect(retryDelay(0, unavailable(600))).toBe(30_000);
    expect(retryDelay(0, unavailable(null))).toBe(1_000);
    expect(retryDelay(1, new TypeError('Failed to fetch'))).toBe(2_000);
    expect(retryDelay(10, unavailable(0))).toBe(30_000);
  });
});
