import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useProfileQuery } from '../features/auth/api/get-profile';
import { CurrentProfileProvider } from '../lib/current-profile';
import { storage } from '../lib/storage';

/** Loads the profile for every signed-in route; a 401 is handled by the API client (back to login). */
export function SessionLayout() {
  const { data: profile, error } = useProfileQuery();

  useEffect(() => {
    if (profile) storage.setSessionFlags({ isDemo: profile.isDemo, isImpersonated: profile.isImpersonated });
  }, [profile]);

  if (error) throw error;
  if (!profile) return <PageLoader />;
  return (
    <CurrentProfileProvider profile={profile}>
      <Outlet />
    </CurrentProfileProvider>
  );
}
