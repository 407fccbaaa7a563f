import type { AllNotesQuery } from '@leerzicht/contract';

/*
 * The notes page's filters live in the URL, so that a reload, the back button and a shared link keep them. Unknown
 * or malformed values are dropped rather than sent on.
 */

export const NOTES_PAGE_SIZE = 25;

export interface NoteFilter {
  /** A pupil note's category or one of the other kinds ('' = all). */
  category: string;
  subjectId: number | null;
  pupilId: number | null;
  archived: 'false' | 'true' | 'all';
  page: number;
}

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
};

export function readFilter(params: URLSearchParams): NoteFilter {
  const archived = params.get('archived');
  return {
    category: (params.get('category') ?? '').slice(0, 100),
    subjectId: positiveInt(params.get('subject')),
    pupilId: positiveInt(params.get('pupil')),
    archived: archived === 'true' || archived === 'all' ? archived : 'false',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The search parameters of a filter; defaults are left out so that the plain page has a plain URL. */
export function writeFilter(filter: NoteFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.subjectId !== null) params.set('subject', String(filter.subjectId));
  if (filter.pupilId !== null) params.set('pupil', String(filter.pupilId));
  if (filter.archived !== 'false') params.set('archived', filter.archived);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export function toQuery(filter: NoteFilter, schoolId: number, yearClassId: number): AllNotesQuery {
  return {
    school_id: schoolId,
    yearclass_id: yearClassId,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.subjectId === null ? {} : { subject_id: filter.subjectId }),
    ...(filter.pupilId === null ? {} : { pupil_id: filter.pupilId }),
    archived: filter.archived,
    limit: NOTES_PAGE_SIZE,
    offset: (filter.page - 1) * NOTES_PAGE_SIZE,
  };
}
