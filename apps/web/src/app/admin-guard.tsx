import { Outlet, useParams } from 'react-router';
import { useSchoolAbilities } from '../entities/school';
import { AccessDeniedError } from '../lib/api-error';
import { useCurrentProfile } from '../lib/current-profile';
import { parseSchoolId } from './school-scope';

/**
 * Management is for those the server lets manage the school (its abilities in the profile; Support tickets also
 * need the account's readTickets): others see no access. Inside SchoolScope, so the school is known to be one of
 * the user's.
 */
export function AdminGuard({ ticketsOnly = false }: { ticketsOnly?: boolean }) {
  const profile = useCurrentProfile();
  const { manageSchool } = useSchoolAbilities(parseSchoolId(useParams().schoolId));
  if (!manageSchool || (ticketsOnly && !profile.abilities.readTickets)) {
    throw new AccessDeniedError();
  }
  return <Outlet />;
}

/** Support tickets: those who manage the school and may read the tickets (provider staff). */
export function TicketsGuard() {
  return <AdminGuard ticketsOnly />;
}
