import type { Profile } from '@leerzicht/contract';
import { createContext, useContext, type ReactNode } from 'react';

const CurrentProfileContext = createContext<Profile | null>(null);

/** Set by the signed-in layout once the profile has loaded, so features can read it without loading it. */
export function CurrentProfileProvider({ profile, children }: { profile: Profile; children: ReactNode }) {
  return <CurrentProfileContext.Provider value={profile}>{children}</CurrentProfileContext.Provider>;
}

export function useCurrentProfile(): Profile {
  const profile = useContext(CurrentProfileContext);
  if (!profile) throw new Error('useCurrentProfile is used outside the signed-in layout');
  return profile;
}
