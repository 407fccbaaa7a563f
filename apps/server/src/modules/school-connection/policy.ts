import { isSuperuser, type SchoolAccess } from '../../platform/access/index';

/*
 * The link to the school information system (spec sections 1 and 3, `isConnectionActive`). The school's
 * superusers see it and may switch it off; provider staff who are members of the school see it and may switch it
 * off and on again. Switching it on is the provider's alone: it follows a contract, not a click of the school.
 * `actsAsStaff` is already false for impersonated sessions (they never carry the staff member's powers).
 */
export const canReadConnection = (access: SchoolAccess, actsAsStaff: boolean): boolean =>
  actsAsStaff || isSuperuser(access);

export const canChangeConnection = (
  access: SchoolAccess,
  actsAsStaff: boolean,
  activate: boolean,
): boolean => (activate ? actsAsStaff : canReadConnection(access, actsAsStaff));
