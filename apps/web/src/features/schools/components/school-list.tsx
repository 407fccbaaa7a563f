import type { Profile } from '@leerzicht/contract';
import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

type ProfileSchool = Profile['schools'][number];

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

export function SchoolList({ schools }: { schools: ProfileSchool[] }) {
  if (schools.length === 0) {
    return (
      <Text c="dimmed">
        <FormattedMessage id="schools.empty" />
      </Text>
    );
  }
  const sorted = [...schools].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: 'none' }}>
      {sorted.map((school) => (
        <Card component="li" key={school.id} withBorder padding="lg">
          <Anchor component={Link} to={`/app/schools/${school.id}`} fw={600} size="lg">
            {school.name}
          </Anchor>
          <Text c="dimmed" size="sm">
            <FormattedMessage id="schools.brinCode" values={{ brinCode: school.brinCode }} />
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
