import { z } from 'zod';
import { idSchema } from './common';

export const PERMISSION_ERRORS = {
  notMember: 'This user is not a member of this school.',
  unknownGroups: 'These groups do not belong to this school:',
} as const;

/** Teacher group permissions (spec section 3, Permissions): the group ids one user may read. */
export const userPermissionsSchema = z.object({
  userId: z.number().int(),
  groupIds: z.array(z.number().int()),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;
export const schoolPermissionsSchema = z.array(userPermissionsSchema);

export const changePermissionsRequestSchema = z.object({
  schoolId: idSchema,
  userId: idSchema,
  groupIds: z.array(idSchema).min(1).max(500),
});
export type ChangePermissionsRequest = z.infer<typeof changePermissionsRequestSchema>;
