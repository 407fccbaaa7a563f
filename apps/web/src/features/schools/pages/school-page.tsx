import { schoolYearLabel } from '@leerzicht/contract';
import { Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { NotFoundError } from '../../../lib/api-error';
import { useSchoolQuery } from '../api/get-school';
import { GroupTable } from '../components/group-table';

function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`No school ${value ?? ''}`);
  return id;
}

export function SchoolPage() {
  const intl = useIntl();
  const schoolId = parseId(useParams().schoolId);
  const { data: school } = useSchoolQuery(schoolId);

  if (!school) return <PageLoader />;
  const yearLabel = schoolYearLabel(school.currentSchoolYear);
  return (
    <Stack>
      <div>
        <Title order={1}>{school.name}</Title>
        <Text c="dimmed">
          <FormattedMessage id="schools.brinCode" values={{ brinCode: school.brinCode }} />
        </Text>
      </div>
      <Title order={2} size="h3">
        <FormattedMessage id="school.groupsTitle" />
      </Title>
      <GroupTable
        groups={school.classes}
        caption={intl.formatMessage({ id: 'school.groupsCaption' }, { label: yearLabel })}
      />
    </Stack>
  );
}
