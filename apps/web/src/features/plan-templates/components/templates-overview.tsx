import type { GroupPlanTemplate, Subject } from '@leerzicht/contract';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PageLoader } from '../../../components/page-loader';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { detailOf, fieldErrorsOf } from '../../../lib/server-errors';
import { useDeleteTemplate, useTemplatesQuery, useUpdateTemplate } from '../api/templates';
import { toQuery, type TemplateFilter } from '../lib/template-filter';
import { translateTemplateMessage } from '../lib/template-errors';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { TemplateFilters } from './template-filters';
import { TemplatesTable } from './templates-table';

interface TemplatesOverviewProps {
  schoolId: number;
  subjects: Subject[];
  filter: TemplateFilter;
  onFilter: (filter: TemplateFilter) => void;
  onOpen: (id: number | 'new') => void;
}

/** The list of templates with its filters; publish, withdraw and delete straight from a row. */
export function TemplatesOverview({ schoolId, subjects, filter, onFilter, onOpen }: TemplatesOverviewProps) {
  const intl = useIntl();
  const { data: templates, isFetching } = useTemplatesQuery(toQuery(filter, schoolId));
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<GroupPlanTemplate | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notSent, setNotSent] = useState(false);

  function report(error: unknown) {
    const message = Object.values(fieldErrorsOf(error)).flat()[0] ?? detailOf(error);
    setProblem(
      message
        ? translateTemplateMessage(intl, message)
        : intl.formatMessage({ id: 'templates.actionFailed' }),
    );
  }

  const done = {
    onSuccess: (result: unknown) => {
      setDeleting(null);
      setNotSent(isSuppressed(result));
    },
    onError: (error: unknown) => {
      setDeleting(null);
      report(error);
    },
  };

  function publish(template: GroupPlanTemplate, isPublished: boolean) {
    setProblem(null);
    update.mutate({ id: template.id, is_published: isPublished }, done);
  }

  function confirmDelete() {
    if (!deleting) return;
    setProblem(null);
    remove.mutate(deleting.id, done);
  }

  if (!templates) return <PageLoader />;
  const filtered = filter.subjectId !== null || filter.grade !== null || filter.status !== 'all';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TemplateFilters filter={filter} subjects={subjects} onChange={onFilter} />
        <Button onClick={() => onOpen('new')}>{intl.formatMessage({ id: 'templates.new' })}</Button>
      </Group>
      {notSent && <ReadOnlyNotice />}
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {intl.formatMessage({ id: 'templates.count' }, { count: templates.length })}
      </Text>
      <Paper withBorder style={{ opacity: isFetching ? 0.6 : 1 }}>
        {templates.length === 0 ? (
          <Text p="lg" c="dimmed">
            {intl.formatMessage({ id: filtered ? 'templates.noneFiltered' : 'templates.none' })}
          </Text>
        ) : (
          <TemplatesTable
            templates={templates}
            subjects={subjects}
            busy={update.isPending || remove.isPending}
            onOpen={(template) => onOpen(template.id)}
            onPublish={publish}
            onDelete={setDeleting}
          />
        )}
      </Paper>
      <ConfirmDeleteModal
        name={deleting?.name ?? null}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
