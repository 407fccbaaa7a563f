import type { ActiveSession } from '../../platform/sessions';
import { isProviderStaff } from '../../platform/provider-staff';

/*
 * Support messages: any member of the school sends them (demo and impersonated sessions too: the message goes to
 * the ticketing service, not the product's data, and its properties carry the demo flag). The stored tickets are
 * provider staff's to read, in their own session only (never an impersonated one); everyone else gets 404.
 */
export const canReadTickets = (
  session: Pick<ActiveSession, 'impersonatorId'>,
  user: { isProviderStaff: boolean; email: string } | null,
  providerDomain: string,
): boolean => user !== null && session.impersonatorId === null && isProviderStaff(user, providerDomain);
