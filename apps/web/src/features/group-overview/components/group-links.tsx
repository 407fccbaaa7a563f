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
];

/** The group's sub-pages as cards; results only from grade 3, as in the menu (section 2). */
export function GroupLinks({ base, grade }: { base: string; grade: number }) {
  const intl = useIntl();
  const pages = PAGES.filter((page) => page.path !== 'results' || grade >= GRADE_THRESHOLD);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm" data-testid="group-links">
      {pages.map((page) => (
        <UnstyledButton key={page.path} component={Link} to={`${base}/${page.path}`}>
          <Card withBorder h="100%" padding="md">
            <Text fw={600} c="teal.8">
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
