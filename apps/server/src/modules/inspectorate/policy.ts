/*
 * The inspectorate's file covers every school at once, so it is the provider's to upload: provider staff in their
 * own session (never an impersonated one). Everyone else, school superusers included, is refused (403); a
 * superuser enters their own school's values by hand instead (results module, canSetSchoolweging).
 */
export interface InspectorateImporter {
  isStaff: boolean;
  impersonated: boolean;
}

export const canImportInspectorateFigures = (actor: InspectorateImporter): boolean =>
  actor.isStaff && !actor.impersonated;
