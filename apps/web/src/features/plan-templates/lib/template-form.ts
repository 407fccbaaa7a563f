import type { GroupPlanTemplate } from '@leerzicht/contract';
import { contentFromTree, treeFromContent, type CategoryDraft, type Tree } from './template-tree';

/** What the template editor holds: the fields of a template as they are typed, the tree with its keys. */
export interface TemplateForm {
  name: string;
  /** Subject ids; empty: every subject. */
  allowedSubjects: number[];
  /** Grades; empty: every grade. */
  allowedGrades: number[];
  isPublished: boolean;
  /** Only for a new template, and only provider staff may set it. */
  isSystem: boolean;
  tree: Tree;
}

export const emptyForm = (): TemplateForm => ({
  name: '',
  allowedSubjects: [],
  allowedGrades: [],
  isPublished: false,
  isSystem: false,
  tree: [],
});

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

export function formFromTemplate(template: GroupPlanTemplate, nextKey: () => string): TemplateForm {
  return {
    name: template.name,
    allowedSubjects: sorted(template.allowed_subjects),
    allowedGrades: sorted(template.allowed_grades),
    isPublished: template.is_published,
    isSystem: template.is_system,
    tree: treeFromContent(template.content?.categories ?? [], nextKey),
  };
}

/** The fields as the server names them; the layers are still to be checked by the contract's schema. */
interface TemplateFields {
  name: string;
  is_published: boolean;
  allowed_subjects: number[];
  allowed_grades: number[];
  content: { categories: CategoryDraft[] };
}

function fieldsOf(form: TemplateForm): TemplateFields {
  return {
    name: form.name,
    is_published: form.isPublished,
    allowed_subjects: sorted(form.allowedSubjects),
    allowed_grades: sorted(form.allowedGrades),
    content: contentFromTree(form.tree),
  };
}

/** `POST /group_plan_templates/`: a school's template, or (provider staff) a system template of no school. */
export function createRequest(form: TemplateForm, schoolId: number) {
  return {
    ...fieldsOf(form),
    is_system: form.isSystem,
    school_id: form.isSystem ? null : schoolId,
  };
}

/** `PATCH /group_plan_templates/{id}/`: only the fields that differ from the saved template. */
export function updateRequest(form: TemplateForm, saved: TemplateForm): Partial<TemplateFields> {
  const now = fieldsOf(form);
  const before = fieldsOf(saved);
  const changed: Partial<TemplateFields> = {};
  if (now.name !== before.name) changed.name = now.name;
  if (now.is_published !== before.is_published) changed.is_published = now.is_published;
  if (JSON.stringify(now.allowed_subjects) !== JSON.stringify(before.allowed_subjects))
    changed.allowed_subjects = now.allowed_subjects;
  if (JSON.stringify(now.allowed_grades) !== JSON.stringify(before.allowed_grades))
    changed.allowed_grades = now.allowed_grades;
  if (JSON.stringify(now.content) !== JSON.stringify(before.content)) changed.content = now.content;
  return changed;
}

/** Whether the editor holds changes that are not saved (the keys of the tree do not count). */
export function hasChanges(form: TemplateForm, saved: TemplateForm): boolean {
  return form.isSystem !== saved.isSystem || Object.keys(updateRequest(form, saved)).length > 0;
}
