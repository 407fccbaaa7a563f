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
 * A school of the user with what the user may do there, as the server decides it: the web's menus and buttons
 * read these flags and never work roles out again.
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
  currentSchoolYear: z.number().int(),
  schools: z.array(profileSchoolSchema),
  homepage: homepageSchema,
});
export type Profile = z.infer<typeof profileSchema>;
