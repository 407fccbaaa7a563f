import { Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { useCurrentProfile } from '../../../lib/current-profile';
import { parseRouteId } from '../../../lib/route-ids';
import { useSubjects } from '../api/subjects';
import { useTemplatesWithContent } from '../api/templates';
import { TemplateDetails } from '../components/template-details';
import { TemplateEditor } from '../components/template-editor';
import { TemplatesOverview } from '../components/templates-overview';
import {
  readFilter,
  readView,
  writeParams,
  type TemplateFilter,
  type TemplateView,
} from '../lib/template-filter';

/**
 * `/app/schools/:schoolId/admin/templates` (Management > Plans): the group plan templates of the school and the
 * system templates, and (`?template=12`, `?template=new`) the editor of one. The admin guard lets only the
 * school's superusers in; the server says per template whether the user may change it (`canEdit`).
 */
export function TemplatesPage() {
  const intl = useIntl();
  const schoolId = parseRouteId(useParams().schoolId);
  const profile = useCurrentProfile();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams);
  const view = readView(searchParams);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const { data: school } = useSchoolQuery(schoolId);
  const { data: subjects } = useSubjects();
  const withContent = useTemplatesWithContent(schoolId, view.kind === 'edit');
  if (!school || !subjects) return <PageLoader />;

  const show = (next: TemplateView, replace = false) =>
    setSearchParams(writeParams(filter, next), { replace });
  const setFilter = (next: TemplateFilter) => setSearchParams(writeParams(next, view));
  const listTitle = intl.formatMessage({ id: 'templates.title' });
  const admin = { label: intl.formatMessage({ id: 'menu.admin' }) };
  const toList = { label: listTitle, to: `?${writeParams(filter, { kind: 'list' }).toString()}` };

  if (view.kind === 'list') {
    return (
      <Stack gap="lg">
        <SchoolHeader school={school} title={listTitle} crumbs={[admin, { label: listTitle }]} />
        <Text c="dimmed" maw={760}>
          {intl.formatMessage({ id: 'templates.intro' })}
        </Text>
        <TemplatesOverview
          schoolId={schoolId}
          subjects={subjects}
          filter={filter}
          onFilter={setFilter}
          onOpen={(id) => show(id === 'new' ? { kind: 'new' } : { kind: 'edit', id })}
        />
      </Stack>
    );
  }

  const editor = (title: string, body: ReactNode) => (
    <Stack gap="lg">
      <SchoolHeader school={school} title={title} crumbs={[admin, toList, { label: title }]} />
      {body}
    </Stack>
  );
  const close = () => {
    setCreatedId(null);
    show({ kind: 'list' });
  };
  if (view.kind === 'new') {
    return editor(
      intl.formatMessage({ id: 'templates.newTitle' }),
      <TemplateEditor
        key="new"
        schoolId={schoolId}
        template={null}
        subjects={subjects}
        mayMakeSystem={profile.abilities.makeSystemTemplates}
        onCreated={(id) => {
          setCreatedId(id);
          show({ kind: 'edit', id }, true);
        }}
        onClose={close}
      />,
    );
  }

  const template = withContent.data?.find((candidate) => candidate.id === view.id);
  if (!template) {
    // A template just created appears once the list is read again.
    if (!withContent.data || withContent.isFetching) return <PageLoader />;
    return editor(
      intl.formatMessage({ id: 'templates.notFoundTitle' }),
      <Text role="alert">{intl.formatMessage({ id: 'templates.notFound' })}</Text>,
    );
  }
  return editor(
    template.name,
    template.canEdit ? (
      <TemplateEditor
        key={template.id}
        schoolId={schoolId}
        template={template}
        subjects={subjects}
        mayMakeSystem={profile.abilities.makeSystemTemplates}
        justCreated={createdId === template.id}
        onCreated={() => undefined}
        onClose={close}
      />
    ) : (
      <TemplateDetails template={template} subjects={subjects} onClose={close} />
    ),
  );
}
