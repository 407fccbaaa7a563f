import { describe, expect, it } from 'vitest';
import { readFilter, readView, toQuery, writeParams } from './template-filter';

describe('template filter', () => {
  it('reads the filter and the view from the URL, ignoring what is not valid', () => {
    const params = new URLSearchParams('subject=3&grade=5&status=draft&template=12');
    expect(readFilter(params)).toEqual({ subjectId: 3, grade: 5, status: 'draft' });
    expect(readView(params)).toEqual({ kind: 'edit', id: 12 });
    expect(readView(new URLSearchParams('template=new'))).toEqual({ kind: 'new' });
    const wrong = new URLSearchParams('subject=x&grade=9&status=old&template=-1');
    expect(readFilter(wrong)).toEqual({ subjectId: null, grade: null, status: 'all' });
    expect(readView(wrong)).toEqual({ kind: 'list' });
  });

  it('writes only what differs from the defaults', () => {
    const filter = { subjectId: 3, grade: null, status: 'all' as const };
    expect(writeParams(filter, { kind: 'list' }).toString()).toBe('subject=3');
    expect(writeParams(filter, { kind: 'new' }).toString()).toBe('subject=3&template=new');
  });

  it('asks the server for the chosen subject, grade and state', () => {
    expect(toQuery({ subjectId: null, grade: null, status: 'all' }, 1)).toEqual({ school_id: 1 });
    expect(toQuery({ subjectId: 4, grade: 6, status: 'published' }, 1)).toEqual({
      school_id: 1,
      subject_id: 4,
      grade: 6,
      is_published: 'true',
    });
  });
});
