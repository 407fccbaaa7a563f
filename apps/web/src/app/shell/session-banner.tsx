import type { Profile } from '@leerzicht/contract';
import { Alert } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** Sessions the server does not let write (demo, impersonated) say so: nothing they change is saved. */
export function SessionBanner({ profile }: { profile: Profile }) {
  if (profile.canWrite) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" role="status">
      {profile.isImpersonated ? (
        <FormattedMessage id="banner.impersonated" values={{ name: profile.fullName }} />
      ) : (
        <FormattedMessage id="banner.demo" />
      )}
    </Alert>
  );
}
