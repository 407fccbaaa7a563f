import type { GroupPlanTemplate, Subject, TemplateCategoryView } from '@leerzicht/contract';
import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSubjectName } from '../../../lib/subject-name';
import { allowedGradeList, allowedSubjectNames } from '../lib/allowed-labels';

function CategoryView({ categories, nested }: { categories: TemplateCategoryView[]; nested: boolean }) {
  const intl = useIntl();
  return (
    <Box
      component="ul"
      m={0}
      p={0}
      pl={nested ? 'lg' : 0}
      ml={nested ? 'xs' : 0}
      style={{ listStyle: 'none', borderLeft: nested ? '2px solid var(--mantine-color-gray-3)' : undefined }}
    >
      {categories.map((category, index) => (
        <li key={`${index}:${category.name}`}>
          <Group gap="xs" py={4}>
            <Text size="sm">{category.name}</Text>
            <Badge size="xs" variant="light" color={category.layer === 'GROUP' ? 'blue' : 'teal'}>
              {intl.formatMessage({ id: `templates.layer.${category.layer}` })}
            </Badge>
          </Group>
          {category.children.length > 0 && <CategoryView categories={category.children} nested />}
        </li>
      ))}
    </Box>
  );
}

/** A template the user may not change (a system template for all but provider staff): shown, not edited. */
export function TemplateDetails({
  template,
  subjects,
  onClose,
}: {
  template: GroupPlanTemplate;
  subjects: Subject[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const categories = template.content?.categories ?? [];
  const facts = [
    {
      label: intl.formatMessage({ id: 'templates.column.kind' }),
      value: intl.formatMessage({
        id: template.is_system ? 'templates.kind.system' : 'templates.kind.school',
      }),
    },
    {
      label: intl.formatMessage({ id: 'templates.column.status' }),
      value: intl.formatMessage({
        id: template.is_published ? 'templates.status.published' : 'templates.status.draft',
      }),
    },
    {
      label: intl.formatMessage({ id: 'templates.field.subjects' }),
      value:
        allowedSubjectNames(template.allowed_subjects, subjects, subjectName) ??
        intl.formatMessage({ id: 'templates.allSubjects' }),
    },
    {
      label: intl.formatMessage({ id: 'templates.field.grades' }),
      value: allowedGradeList(template.allowed_grades) ?? intl.formatMessage({ id: 'templates.allGrades' }),
    },
  ];
  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light">
        {intl.formatMessage({
          id: template.is_system ? 'templates.readOnly.system' : 'templates.readOnly.school',
        })}
      </Alert>
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {intl.formatMessage({ id: 'templates.tree.title' })}
          </Title>
          {categories.length === 0 ? (
            <Text size="sm" fs="italic">
              {intl.formatMessage({ id: 'templates.tree.empty' })}
            </Text>
          ) : (
            <CategoryView categories={categories} nested={false} />
          )}
        </Stack>
      </Paper>
      <Group>
        <Button variant="default" onClick={onClose}>
          {intl.formatMessage({ id: 'templates.back' })}
        </Button>
      </Group>
    </Stack>
  );
}
