import { Stack, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useCurrentProfile } from '../../../lib/current-profile';
import { SchoolList } from '../components/school-list';

export function SchoolsPage() {
  const profile = useCurrentProfile();
  return (
    <Stack>
      <Title order={1}>
        <FormattedMessage id="schools.title" />
      </Title>
      <SchoolList schools={profile.schools} />
    </Stack>
  );
}
