import { compareMoments, GRADE_THRESHOLD } from '@leerzicht/contract';
import { Card, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { NotFoundError } from '../../../lib/api-error';
import { useSchoolQuery } from '../../../entities/school';
import { useSchoolHistoryQuery } from '../api/get-school-history';
import { EmptyState, NoResults, parseId, parseYearTime, yearLabel } from '../../../entities/results';
import { LevelDistribution } from '../components/level-distribution';
import { SchoolHeader } from '../../../entities/school';
import { SubjectExamsTable } from '../components/subject-exams-table';
import { TrendPanel } from '../components/trend-panel';
import { useSubjectName } from '../../../lib/subject-name';
import { subjectExams } from '../lib/subject-detail';

/**
 * `/app/schools/:schoolId/subjects/:subjectId` and `.../details/:schoolCalendarYear/:yearTime`: one subject in depth:
 * its trend per cohort, grade or group, the school's figures per moment, and the distribution over levels I-V per
 * group at the chosen moment (default: the latest).
 */
export function SubjectPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseId(params.schoolId);
  const subjectId = parseId(params.subjectId);
  const chosen =
    params.schoolCalendarYear !== undefined
      ? { calendarYear: parseId(params.schoolCalendarYear), yearTime: parseYearTime(params.yearTime) }
      : null;
  const { data: school } = useSchoolQuery(schoolId);
  const { data: history } = useSchoolHistoryQuery(schoolId);
  const subjectName = useSubjectName();

  if (!school || !history) return <PageLoader />;
  const subject = history.subjects.find((item) => item.id === subjectId);
  if (!subject) throw new NotFoundError(`No subject ${subjectId}`);
  const name = subjectName(subject);
  const exams = subjectExams(history, subjectId);
  const detail = chosen
    ? exams.find(({ exam }) => compareMoments(exam, chosen) === 0)
    : exams[exams.length - 1];
  if (chosen && !detail) throw new NotFoundError('No results at this moment');

  const detailLabel = detail
    ? intl.formatMessage(
        { id: 'results.moment' },
        { yearTime: detail.exam.yearTime, year: yearLabel(detail.exam.calendarYear) },
      )
    : '';
  return (
    <Stack gap="lg">
      <SchoolHeader
        school={school}
        title={name}
        crumbs={[{ label: intl.formatMessage({ id: 'results.subject.crumb' }, { subject: name }) }]}
      />
      {exams.length === 0 ? (
        <NoResults schoolId={schoolId} />
      ) : (
        <>
          <TrendPanel schoolId={schoolId} subjectId={subjectId} subject={name} />
          <SubjectExamsTable
            schoolId={schoolId}
            subjectId={subjectId}
            exams={exams}
            caption={intl.formatMessage({ id: 'results.subject.examsCaption' }, { subject: name })}
          />
          {detail && (
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {intl.formatMessage({ id: 'results.subject.distributionTitle' }, { moment: detailLabel })}
                </Title>
                {detail.result.yearClasses.length === 0 ? (
                  <EmptyState id="results.empty.belowThreshold" values={{ grade: GRADE_THRESHOLD }} />
                ) : (
                  <LevelDistribution
                    schoolId={schoolId}
                    result={detail.result}
                    title={intl.formatMessage(
                      { id: 'results.subject.distributionChart' },
                      { subject: name, moment: detailLabel },
                    )}
                  />
                )}
              </Stack>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
