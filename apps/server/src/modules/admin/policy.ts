/*
 * The provider's own calls. Only provider staff (the role on the account, with an address in the provider's
 * domain) act, never from an impersonated session; staff cannot impersonate themselves or other staff.
 */

export interface StaffActor {
  id: number;
  isStaff: boolean;
  impersonated: boolean;
}

export const canActAsStaff = (actor: StaffActor): boolean => actor.isStaff && !actor.impersonated;

export const canImpersonate = (
  actor: StaffActor,
  target: { id: number; isProviderStaff: boolean },
): boolean => canActAsStaff(actor) && target.id !== actor.id && !target.isProviderStaff;
