import { describe, expect, it } from 'vitest';
import { NOTES_PAGE_SIZE, readFilter, toQuery, writeFilter } from './note-filter';

describe('notes page filter in the URL', () => {
  it('reads what it wrote', () => {
    const filter = { category: 'cito_score', subjectId: 3, pupilId: 12, archived: 'all', page: 4 } as const;
    expect(readFilter(writeFilter(filter))).toEqual(filter);
  });

  it('leaves defaults out and drops malformed values', () => {
    expect(writeFilter(readFilter(new URLSearchParams(''))).toString()).toBe('');
    const read = readFilter(new URLSearchParams('subject=abc&pupil=-3&archived=maybe&page=0'));
    expect(read).toEqual({ category: '', subjectId: null, pupilId: null, archived: 'false', page: 1 });
  });

  it('turns the page into an offset of whole pages', () => {
    const query = toQuery(readFilter(new URLSearchParams('page=3&pupil=8')), 1, 40);
    expect(query).toMatchObject({
      school_id: 1,
      yearclass_id: 40,
      pupil_id: 8,
      limit: NOTES_PAGE_SIZE,
      offset: 2 * NOTES_PAGE_SIZE,
    });
    expect(query).not.toHaveProperty('category');
  });
});
