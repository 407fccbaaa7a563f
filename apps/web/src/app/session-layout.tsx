// Every Mantine component's styles for the signed-in pages (the public pages load theirs: public-styles.ts).
import '@mantine/core/styles.css';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useProfileQuery } from '../features/auth/api/get-profile';
import { CurrentProfileProvider } from '../lib/current-profile';
import { storage } from '../lib/storage';
import { LanguageSync } from './language-sync';

/** Loads the profile for every signed-in route; a 401 is handled by the API client (back to login). */
export function SessionLayout() {
  const { data: profile, error } = useProfileQuery();

  if (error) throw error;
  if (!profile) return <PageLoader />;
  // Before any child renders (and could write): the API client reads these flags to hold back writes.
  storage.setSessionFlags({ isDemo: profile.isDemo, isImpersonated: profile.isImpersonated });
  return (
    <CurrentProfileProvider profile={profile}>
      <LanguageSync profile={profile} />
      <Outlet />
    </CurrentProfileProvider>
  );
}
