import { z } from 'zod';
import { idSchema, multilineText, text } from './common';
import { CLIENT_ERROR_LIMITS } from './shell-constants';

/**
 * Calls of the app shell (spec sections 2 and 4).
 *
 * - `GET /version/` (public): the server's build version; the web app polls it every
 *   UPDATE_CHECK_INTERVAL_MS and reloads on the next navigation once it changed.
 * - `POST /client-errors/` (public, rate limited per address): an error the web app caught, logged with
 *   its report id. Send no personal data: the path without its query string, the message and stack.
 * - `GET /hidden-notifications/` and `POST /hidden-notifications/`: notices the user chose not to see
 *   again; `disconnected_school` per school, `new_school_year` per school and school year.
 * - `PUT /session/school-year/`: the school year this session looks at (the session's currentSchoolYear).
 */
export const versionSchema = z.object({ version: z.string() });
export type VersionInfo = z.infer<typeof versionSchema>;

export { CLIENT_ERROR_LIMITS } from './shell-constants';

export const clientErrorReportSchema = z.object({
  reportId: z.uuid(),
  message: multilineText().trim().min(1).max(CLIENT_ERROR_LIMITS.message),
  path: text().max(CLIENT_ERROR_LIMITS.path),
  stack: multilineText().max(CLIENT_ERROR_LIMITS.stack).optional(),
});
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>;

export const clientErrorReceiptSchema = z.object({ reportId: z.uuid() });

export const HIDDEN_NOTIFICATION_KINDS = ['disconnected_school', 'new_school_year'] as const;
export type HiddenNotificationKind = (typeof HIDDEN_NOTIFICATION_KINDS)[number];

export const hiddenNotificationSchema = z.object({
  kind: z.enum(HIDDEN_NOTIFICATION_KINDS),
  schoolId: z.number().int().positive(),
  /** Set for `new_school_year` (the school year hidden), null for `disconnected_school`. */
  schoolYear: z.number().int().nullable(),
});
export type HiddenNotification = z.infer<typeof hiddenNotificationSchema>;

export const hiddenNotificationListSchema = z.array(hiddenNotificationSchema);

export const hideNotificationRequestSchema = z
  .object({
    kind: z.enum(HIDDEN_NOTIFICATION_KINDS),
    schoolId: idSchema,
    schoolYear: z.number().int().min(2000).max(2100).nullable().optional(),
  })
  .refine((value) => (value.kind === 'new_school_year') === (value.schoolYear != null), {
    message: 'schoolYear is required for new_school_year and not allowed for disconnected_school.',
    path: ['schoolYear'],
  });
export type HideNotificationRequest = z.input<typeof hideNotificationRequestSchema>;

export const sessionSchoolYearSchema = z.object({
  currentSchoolYear: z.number().int().min(2000).max(2100),
});
export type SessionSchoolYear = z.infer<typeof sessionSchoolYearSchema>;
