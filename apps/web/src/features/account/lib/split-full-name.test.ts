import { describe, expect, it } from 'vitest';
import { splitFullName } from './split-full-name';

describe('splitFullName', () => {
  it.each([
    ['Anna de Vries', 'Anna', 'de Vries'],
    ['  Jan   van  der Berg ', 'Jan', 'van der Berg'],
    ['Madonna', 'Madonna', ''],
    ['', '', ''],
  ])('splits %j', (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});
