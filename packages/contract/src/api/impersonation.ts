import { z } from 'zod';
import { idSchema, multilineText } from './common';

/**
 * `POST /impersonate/` `{ userId, schoolId, reason }`: provider staff (an explicit role on the account, with an
 * e-mail address in the provider's domain) open a read-only session as a member of a school, for the support
 * reason given. Staff need not belong to the school; the target must, and must not be staff. The session reads
 * only that school, lasts at most IMPERSONATION_MINUTES, and ends when the staff member's own session ends
 * (logout, password change) or the staff role is taken away. Every write except login, logout and printouts is
 * refused for it. Each start is written to the audit log with who, whom, when and why.
 */
export const IMPERSONATION_MINUTES = 60;
export const IMPERSONATION_REASON_MAX = 500;
export const impersonateRequestSchema = z.object({
  userId: idSchema,
  schoolId: idSchema,
  reason: multilineText().trim().min(10).max(IMPERSONATION_REASON_MAX),
});
export type ImpersonateRequest = z.input<typeof impersonateRequestSchema>;

export const impersonateResponseSchema = z.object({ token: z.string() });
export type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

/** `PUT /provider_staff/{userId}/` `{ isProviderStaff }`: provider staff grant or take away the staff role. */
export const providerStaffRequestSchema = z.object({ isProviderStaff: z.boolean() });
export type ProviderStaffRequest = z.input<typeof providerStaffRequestSchema>;
export const providerStaffResponseSchema = z.object({
  userId: z.number().int(),
  isProviderStaff: z.boolean(),
});
export type ProviderStaffResponse = z.infer<typeof providerStaffResponseSchema>;
