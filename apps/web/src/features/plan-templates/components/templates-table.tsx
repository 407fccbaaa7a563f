import type { GroupPlanTemplate, Subject } from '@leerzicht/contract';
import { Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSubjectName } from '../../../lib/subject-name';
import { allowedGradeList, allowedSubjectNames } from '../lib/allowed-labels';

interface TemplatesTableProps {
  templates: GroupPlanTemplate[];
  subjects: Subject[];
  busy: boolean;
  onOpen: (template: GroupPlanTemplate) => void;
  onPublish: (template: GroupPlanTemplate, isPublished: boolean) => void;
  onDelete: (template: GroupPlanTemplate) => void;
}

const COLUMNS = [
  'templates.column.name',
  'templates.column.kind',
  'templates.column.status',
  'templates.column.subjects',
  'templates.column.grades',
  'templates.column.changed',
  'templates.column.actions',
] as const;

/**
 * The templates with what they are for and their state. Those the user manages (`canEdit`) have a publish switch,
 * edit and delete; the others (system templates for all but provider staff) can only be looked at.
 */
export function TemplatesTable({
  templates,
  subjects,
  busy,
  onOpen,
  onPublish,
  onDelete,
}: TemplatesTableProps) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {intl.formatMessage({ id: column })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => {
            const values = { name: template.name };
            const status = intl.formatMessage({
              id: template.is_published ? 'templates.status.published' : 'templates.status.draft',
            });
            return (
              <Table.Tr key={template.id}>
                <Table.Th scope="row" fw={500}>
                  {template.name}
                </Table.Th>
                <Table.Td>
                  {template.is_system ? (
                    <Badge variant="light" color="grape" miw="max-content">
                      {intl.formatMessage({ id: 'templates.kind.system' })}
                    </Badge>
                  ) : (
                    <Text size="sm">{intl.formatMessage({ id: 'templates.kind.school' })}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {template.canEdit ? (
                    <Switch
                      label={status}
                      aria-label={intl.formatMessage({ id: 'templates.publishedOf' }, values)}
                      checked={template.is_published}
                      disabled={busy}
                      onChange={(event) => onPublish(template, event.currentTarget.checked)}
                    />
                  ) : (
                    <Badge
                      variant="outline"
                      color={template.is_published ? 'teal' : 'gray'}
                      miw="max-content"
                    >
                      {status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {allowedSubjectNames(template.allowed_subjects, subjects, subjectName) ??
                    intl.formatMessage({ id: 'templates.allSubjects' })}
                </Table.Td>
                <Table.Td>
                  {allowedGradeList(template.allowed_grades) ??
                    intl.formatMessage({ id: 'templates.allGrades' })}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{intl.formatDate(template.date_changed, { dateStyle: 'medium' })}</Text>
                  {template.user_name && (
                    <Text size="xs" c="dimmed">
                      {template.user_name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="light"
                      size="xs"
                      aria-label={intl.formatMessage(
                        { id: template.canEdit ? 'templates.editOf' : 'templates.viewOf' },
                        values,
                      )}
                      onClick={() => onOpen(template)}
                    >
                      {intl.formatMessage({ id: template.canEdit ? 'templates.edit' : 'templates.view' })}
                    </Button>
                    {template.canEdit && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        disabled={busy}
                        aria-label={intl.formatMessage({ id: 'templates.deleteOf' }, values)}
                        onClick={() => onDelete(template)}
                      >
                        {intl.formatMessage({ id: 'templates.delete' })}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
