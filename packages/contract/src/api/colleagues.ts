import { z } from 'zod';
import { idParam, idSchema } from './common';

/** Messages of refusals the colleagues screen shows. */
export const COLLEAGUE_ERRORS = {
  lastSuperuser: 'A school must keep at least one superuser.',
} as const;

export const schoolIdParamSchema = z.object({ schoolId: idParam });

/**
 * A member of a school or an open invitation (spec section 3, Senco). `sencoId` is the user id of a member and
 * null for an invitation; `id` is the membership id of a member and the invitation id of an invitation.
 */
export const sencoSchema = z.object({
  sencoId: z.number().int().nullable(),
  id: z.number().int(),
  isSchoolSuperuser: z.boolean(),
  isSenco: z.boolean(),
  isInvitation: z.boolean(),
  fullName: z.string(),
  email: z.string(),
});
export type Senco = z.infer<typeof sencoSchema>;
export const sencoListSchema = z.array(sencoSchema);

export const removeSencoRequestSchema = z.object({
  schoolId: idSchema,
  sencoId: idSchema,
});
export type RemoveSencoRequest = z.infer<typeof removeSencoRequestSchema>;

export const updateSencoRequestSchema = z.object({
  schoolId: idSchema,
  sencoId: idSchema,
  isSchoolSuperuser: z.boolean(),
  isSenco: z.boolean().optional(),
});
export type UpdateSencoRequest = z.infer<typeof updateSencoRequestSchema>;

export const removedSencoResponseSchema = z.object({ sencoId: z.number().int(), detail: z.string() });
