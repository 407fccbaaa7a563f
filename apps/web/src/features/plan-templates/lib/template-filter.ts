import { HIGHEST_GRADE, type GroupPlanTemplateQuery } from '@leerzicht/contract';

/*
 * The list's filters and the open editor, kept in the URL (`?subject=3&grade=5&status=draft`, `?template=12` or
 * `?template=new`), so that a reload or the back button shows the same list and the editor is a page of its own.
 */

export const TEMPLATE_STATUSES = ['all', 'published', 'draft'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export interface TemplateFilter {
  subjectId: number | null;
  grade: number | null;
  status: TemplateStatus;
}

/** What the page shows: the list, a template in the editor, or a new one. */
export type TemplateView = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number };

function positive(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^[1-9][0-9]*$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}

const isStatus = (value: string | null): value is TemplateStatus =>
  TEMPLATE_STATUSES.some((status) => status === value);

export function readFilter(params: URLSearchParams): TemplateFilter {
  const status = params.get('status');
  return {
    subjectId: positive(params.get('subject')),
    grade: positive(params.get('grade'), HIGHEST_GRADE),
    status: isStatus(status) ? status : 'all',
  };
}

export function readView(params: URLSearchParams): TemplateView {
  const template = params.get('template');
  if (template === 'new') return { kind: 'new' };
  const id = positive(template);
  return id === null ? { kind: 'list' } : { kind: 'edit', id };
}

/** The search string of a filter and a view: only what differs from the defaults. */
export function writeParams(filter: TemplateFilter, view: TemplateView): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.subjectId !== null) params.set('subject', String(filter.subjectId));
  if (filter.grade !== null) params.set('grade', String(filter.grade));
  if (filter.status !== 'all') params.set('status', filter.status);
  if (view.kind === 'new') params.set('template', 'new');
  if (view.kind === 'edit') params.set('template', String(view.id));
  return params;
}

/** The list call of a filter: `subject_id`, `grade` and `is_published` only when chosen. */
export function toQuery(filter: TemplateFilter, schoolId: number): GroupPlanTemplateQuery {
  return {
    school_id: schoolId,
    ...(filter.subjectId === null ? {} : { subject_id: filter.subjectId }),
    ...(filter.grade === null ? {} : { grade: filter.grade }),
    ...(filter.status === 'all' ? {} : { is_published: filter.status === 'published' ? 'true' : 'false' }),
  };
}
