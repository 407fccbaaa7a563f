import { GRADE_THRESHOLD } from '@leerzicht/contract';
import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../../i18n/messages';

interface SubPage {
  path: string;
  title: MessageId;
  text: MessageId;
}

const PAGES: SubPage[] = [
  { path: 'worksheet', title: 'groupPage.worksheet.title', text: 'groupPage.worksheet.text' },
  { path: 'results', title: 'groupPage.results.title', text: 'groupPage.results.text' },
  { path: 'notes', title: 'groupPage.notes.title', text: 'groupPage.notes.text' },
  {
    path: 'social-emotional',
    title: 'groupPage.socialEmotional.title',
    text: 'groupPage.socialEmotional.text',
  },
  {
    path: 'instruction-groups',
    title: 'groupPage.instructionGroups.title',
    text: 'groupPage.instructionGroups.text',
  },
  { path: 'goals', title: 'groupPage.goals.title', text: 'groupPage.goals.text' },
  { path: 'discuss', title: 'groupPage.discuss.title', text: 'groupPage.discuss.text' },
];

/**
 * The group's sub-pages as cards; results and pupils to discuss from grade 3, and the test overview for such a group
 * with goals, as in the menu.
 */
export function GroupLinks({ base, grade, hasGoals }: { base: string; grade: number; hasGoals: boolean }) {
  const intl = useIntl();
  const upper = grade >= GRADE_THRESHOLD;
  const pages = PAGES.filter(
    (page) =>
      (!['results', 'discuss'].includes(page.path) || upper) &&
      (page.path !== 'goals' || (upper && hasGoals)),
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 3 }} spacing="sm" data-testid="group-links">
      {pages.map((page) => (
        <UnstyledButton key={page.path} component={Link} to={`${base}/${page.path}`}>
          <Card withBorder h="100%" padding="md">
            <Text fw={600} c="teal.9">
              {intl.formatMessage({ id: page.title })}
            </Text>
            <Text size="sm" c="dimmed">
              {intl.formatMessage({ id: page.text })}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
