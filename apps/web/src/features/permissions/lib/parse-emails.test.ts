import { describe, expect, it } from 'vitest';
import { parseEmails } from './parse-emails';

describe('parseEmails', () => {
  it('splits on commas, semicolons, spaces and new lines and drops duplicates', () => {
    expect(parseEmails(' a@x.nl, b@x.nl;c@x.nl\n\nd@x.nl  A@x.nl ')).toEqual([
      'a@x.nl',
      'b@x.nl',
      'c@x.nl',
      'd@x.nl',
    ]);
  });

  it('finds nothing in blank text', () => {
    expect(parseEmails(' \n, ')).toEqual([]);
  });
});
