import { Navigate } from 'react-router';
import { useCurrentProfile } from '../../../lib/current-profile';
import { homepageRoute } from '../lib/homepage-route';

/** The index of /app: the homepage named in the profile (spec section 2, after profile load). */
export function HomeRedirect() {
  const profile = useCurrentProfile();
  return <Navigate to={homepageRoute(profile.homepage)} replace />;
}
