import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('writes arrays with brackets and nested objects as a[b]=c', () => {
    expect(toQueryString({ include: ['a', 'b'], filter: { grade: 3, name: 'x y' }, school_id: 4 })).toBe(
      'include[]=a&include[]=b&filter[grade]=3&filter[name]=x%20y&school_id=4',
    );
  });

  it('skips empty values', () => {
    expect(toQueryString({ a: undefined, b: null })).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});
