import { z } from 'zod';

/**
 * `POST /impersonate/` `{ userId, schoolId }`: provider staff (an e-mail address in the provider's
 * domain) open a read-only session as a member of a school. Staff need not belong to the school; the
 * target must. The answer's token names a session whose profile says isImpersonated; every write
 * except login, logout and printouts is refused for it. Each start is written to the audit log.
 */
export const impersonateRequestSchema = z.object({
  userId: z.number().int().positive(),
  schoolId: z.number().int().positive(),
});
export type ImpersonateRequest = z.input<typeof impersonateRequestSchema>;

export const impersonateResponseSchema = z.object({ token: z.string() });
export type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;
