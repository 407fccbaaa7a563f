import type { GroupPlanTemplate } from '@leerzicht/contract';
import { describe, expect, it } from 'vitest';
import { createRequest, emptyForm, formFromTemplate, hasChanges, updateRequest } from './template-form';
import { keyMaker, renameNode } from './template-tree';

const template: GroupPlanTemplate = {
  id: 4,
  name: 'Rekenen',
  is_published: false,
  is_system: false,
  user_name: '',
  date_changed: '2025-09-01T10:00:00.000Z',
  allowed_subjects: [3, 1],
  allowed_grades: [5, 4],
  school_id: 1,
  canEdit: true,
  content: { categories: [{ name: 'Hele groep', layer: 'GROUP', children: [] }] },
};

describe('template form', () => {
  it('reads a template with sorted lists and keys for its tree', () => {
    const form = formFromTemplate(template, keyMaker());
    expect(form.allowedSubjects).toEqual([1, 3]);
    expect(form.allowedGrades).toEqual([4, 5]);
    expect(form.tree).toEqual([{ key: 'c1', name: 'Hele groep', layer: 'GROUP', children: [] }]);
  });

  it('creates a school template, or a system template of no school', () => {
    const form = { ...emptyForm(), name: 'Nieuw', allowedGrades: [6, 3] };
    expect(createRequest(form, 1)).toEqual({
      name: 'Nieuw',
      is_published: false,
      is_system: false,
      school_id: 1,
      allowed_subjects: [],
      allowed_grades: [3, 6],
      content: { categories: [] },
    });
    expect(createRequest({ ...form, isSystem: true }, 1)).toMatchObject({ is_system: true, school_id: null });
  });

  it('changes only what differs from the saved template; keys do not count', () => {
    const saved = formFromTemplate(template, keyMaker());
    const again = formFromTemplate(template, () => 'other');
    expect(hasChanges(again, saved)).toBe(false);
    expect(updateRequest({ ...saved, isPublished: true }, saved)).toEqual({ is_published: true });
    const renamed = { ...saved, tree: renameNode(saved.tree, 'c1', 'Groep') };
    expect(updateRequest(renamed, saved)).toEqual({
      content: { categories: [{ name: 'Groep', layer: 'GROUP', children: [] }] },
    });
    expect(hasChanges(renamed, saved)).toBe(true);
  });
});
