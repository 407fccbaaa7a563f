import { GOOD_THRESHOLDS, LOW_THRESHOLDS, type PupilDetail, type Subject } from '@leerzicht/contract';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { useUserSettings } from '../../../entities/results';
import { pupilMethodScores, pupilNationalRows, pupilSubjectChart } from '../lib/pupil-results';
import { PupilMethodTable } from './pupil-method-table';
import { PupilScoresTable } from './pupil-scores-table';

interface PupilSubjectSectionProps {
  pupil: PupilDetail;
  subject: Subject;
  name: string;
  today: Date;
  showNational: boolean;
}

/** One subject of a pupil: the ability score over time (chart and table) and the method results. */
export function PupilSubjectSection({ pupil, subject, name, today, showNational }: PupilSubjectSectionProps) {
  const intl = useIntl();
  const { verdictMeasure } = useUserSettings();
  const rows = pupilNationalRows(pupil, subject.id, today);
  const methods = pupilMethodScores(pupil, subject.id, today);
  if (rows.length === 0 && methods.length === 0) return null;
  const chartTitle = intl.formatMessage({ id: 'results.pupil.chartTitle' }, { subject: name });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {name}
        </Title>
        {rows.length > 0 && (
          <>
            <ChartPanel
              spec={pupilSubjectChart(
                rows,
                {
                  pupil: intl.formatMessage({ id: 'results.series.pupil' }),
                  national: intl.formatMessage({ id: 'results.series.national' }),
                  good: intl.formatMessage(
                    { id: `results.pupil.threshold.good.${verdictMeasure}` },
                    { value: GOOD_THRESHOLDS.percentile },
                  ),
                  low: intl.formatMessage(
                    { id: `results.pupil.threshold.low.${verdictMeasure}` },
                    { value: LOW_THRESHOLDS.percentile },
                  ),
                  middle: intl.formatMessage({ id: 'results.pupil.threshold.middle' }),
                },
                showNational,
                verdictMeasure,
              )}
              title={chartTitle}
              categoryLabel={intl.formatMessage({ id: 'results.column.moment' })}
              height={240}
            />
            <PupilScoresTable
              rows={rows}
              notes={pupil.scoreNotes}
              caption={intl.formatMessage({ id: 'results.pupil.scoresCaption' }, { subject: name })}
            />
          </>
        )}
        {methods.length > 0 ? (
          <PupilMethodTable
            scores={methods}
            notes={pupil.scoreNotes}
            caption={intl.formatMessage({ id: 'results.pupil.methodCaption' }, { subject: name })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'results.method.none' })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
