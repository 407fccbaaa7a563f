import { canReadGroup, isSuperuser, type SchoolAccess } from '../../platform/access/index';
import { isProviderStaff } from '../../platform/provider-staff';

/*
 * Group plans and their templates.
 *
 * Templates hold no pupil data. System templates (no school) are made, changed, published and deleted by provider
 * staff acting as themselves (never from an impersonated session), and read by everyone once published. A school's
 * templates are managed by its superusers and read by its other members once published. A template the user may
 * not see answers 404, one they see but do not manage 403.
 *
 * Group plans are pupil data, like notes: superusers and sencos work in every plan of the school, a teacher in the
 * plans of their permitted groups (others 404); users marked restricted read no notes and so no plans (403).
 */

export interface TemplateFacts {
  isSystem: boolean;
  isPublished: boolean;
  schoolId: number | null;
}

export interface TemplateViewer {
  /** Provider staff acting as themselves. */
  isStaff: boolean;
  /** The viewer's standing in the template's school (null: a system template, or not a member). */
  access: SchoolAccess | null;
}

/** Provider staff powers hold only in the staff member's own session, never in an impersonated one. */
export const actsAsStaff = (
  session: { impersonatorId: number | null },
  user: { isProviderStaff: boolean; email: string },
  providerDomain: string,
): boolean => session.impersonatorId === null && isProviderStaff(user, providerDomain);

const ownSchool = (viewer: TemplateViewer, template: TemplateFacts): SchoolAccess | null =>
  template.schoolId !== null && viewer.access?.schoolId === template.schoolId ? viewer.access : null;

/** Change, publish and delete: staff the system templates, a school's superusers the school's. */
export const canManageTemplate = (viewer: TemplateViewer, template: TemplateFacts): boolean => {
  if (template.isSystem) return viewer.isStaff;
  const access = ownSchool(viewer, template);
  return access !== null && isSuperuser(access);
};

/** Published templates are read by everyone they are for; unpublished ones only by those who manage them. */
export const canSeeTemplate = (viewer: TemplateViewer, template: TemplateFacts): boolean => {
  if (canManageTemplate(viewer, template)) return true;
  if (!template.isPublished) return false;
  return template.isSystem || ownSchool(viewer, template) !== null;
};

/** A new template of the school: its superusers. */
export const canCreateSchoolTemplate = (access: SchoolAccess): boolean => isSuperuser(access);

/** Whether a template may be used for a subject and a grade: an empty allowed list allows every one. */
export const templateFits = (
  template: { allowedSubjects: readonly number[]; allowedGrades: readonly number[] },
  subjectId: number,
  grade: number,
): { subject: boolean; grade: boolean } => ({
  subject: template.allowedSubjects.length === 0 || template.allowedSubjects.includes(subjectId),
  grade: template.allowedGrades.length === 0 || template.allowedGrades.includes(grade),
});

export const mayUseGroupPlans = (user: { isRestricted: boolean }): boolean => !user.isRestricted;

/** Read, change, copy and delete a plan: the plans of the groups the user reads. */
export const canUsePlan = (access: SchoolAccess, plan: { yearClassId: number }): boolean =>
  canReadGroup(access, plan.yearClassId);
