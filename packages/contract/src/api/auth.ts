import { z } from 'zod';
import { text } from './common';
import { HOMEPAGE_PAGES } from '../constants';
import { LOGIN_LIMITS } from './auth-rules';

export { LOGIN_MARKERS } from './auth-rules';

export const loginRequestSchema = z.object({
  username: text().trim().min(1).max(LOGIN_LIMITS.username),
  password: text().min(1).max(LOGIN_LIMITS.password),
  rememberMe: z.boolean().optional().default(false),
  totpChallenge: text()
    .regex(/^\d{6}$/)
    .optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * What the user may do in one school, as the server's policies decide it (each flag is computed by the pure policy
 * function of the routes it stands for: apps/server/src/modules/account/abilities-policy.ts). The web shows its
 * menus, pages and buttons from these and never works them out from roles (Outline's presentPolicies).
 */
export const schoolAbilitiesSchema = z.object({
  /** Every group of the school and its results (superusers and sencos); otherwise the permitted groups only. */
  readWholeSchool: z.boolean(),
  /** The inspectorate's view of the school's results (the inspection panel). */
  readInspection: z.boolean(),
  /** Enter the school's schoolweging and 1S/2F signaleringswaarde from the inspectorate's letter. */
  setSchoolweging: z.boolean(),
  /** Set the school's ambitions per subject. */
  editAmbitions: z.boolean(),
  /** Add, rename, order and archive the school's social-emotional aspects. */
  manageAspects: z.boolean(),
  /** Management: users and their permissions, plan templates, pupils (national-test exclusions), school data. */
  manageSchool: z.boolean(),
  /** Management > Upload: files from the school information system and result files. */
  upload: z.boolean(),
  /** Switch the link to the school information system on again (switching it off comes with manageSchool). */
  activateConnection: z.boolean(),
});
export type SchoolAbilities = z.infer<typeof schoolAbilitiesSchema>;

/** What the user may do that belongs to no school, as the server's policies decide it. */
export const accountAbilitiesSchema = z.object({
  /** Make templates for every school (system templates). */
  makeSystemTemplates: z.boolean(),
  /** Read the support tickets. */
  readTickets: z.boolean(),
  /** Upload the inspectorate's open-data file for every school (provider staff). */
  importInspectorateFigures: z.boolean(),
});
export type AccountAbilities = z.infer<typeof accountAbilitiesSchema>;

/**
 * A school of the user. `abilities` says what the user may do there; the role flags and `groupIds` are the
 * membership as stored (the specification's fields), which the web does not read to decide anything.
 */
export const profileSchoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brinCode: z.string(),
  isSchoolSuperuser: z.boolean(),
  isSenco: z.boolean(),
  /** null: every group of the school (superusers and sencos); otherwise the teacher's permitted groups. */
  groupIds: z.array(z.number().int()).nullable(),
  payingStatus: z.boolean(),
  abilities: schoolAbilitiesSchema,
});

export const homepageSchema = z.object({
  page: z.enum(HOMEPAGE_PAGES),
  schoolId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
});
export type Homepage = z.infer<typeof homepageSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** A new address waiting for its confirmation link to be opened (the account still uses `email`). */
  pendingEmail: z.string().nullable(),
  username: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.enum(['nl', 'en']),
  isDemo: z.boolean(),
  isRestricted: z.boolean(),
  isImpersonated: z.boolean(),
  isSchoolSuperuserOnAnySchool: z.boolean(),
  isProviderStaff: z.boolean(),
  /** False for demo and impersonated sessions: their changes are not saved. */
  canWrite: z.boolean(),
  /** What the user may do outside any one school (each school's own abilities come with the school). */
  abilities: accountAbilitiesSchema,
  currentSchoolYear: z.number().int(),
  schools: z.array(profileSchoolSchema),
  homepage: homepageSchema,
});
export type Profile = z.infer<typeof profileSchema>;
