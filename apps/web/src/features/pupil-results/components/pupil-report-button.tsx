import { fullName, type PupilDetail } from '@leerzicht/contract';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../../lib/language-context';
import { firstErrorMessage } from '../../../lib/server-errors';
import { downloadPupilReport } from '../api/pupil-report';

/** Downloads the one-page report for a meeting with parents (the pupil's current school year, the interface language). */
export function PupilReportButton({ pupil, schoolId }: { pupil: PupilDetail; schoolId: number }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const safe = fullName(pupil)
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '');
      await downloadPupilReport(
        {
          pupilId: pupil.id,
          schoolId,
          calendarYear: pupil.current?.calendarYear ?? null,
          lang: language,
        },
        `${intl.formatMessage({ id: 'results.pupilReport.fileName' })}-${safe || pupil.id}.pdf`,
      );
    } catch (failure) {
      setError(firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'results.pupilReport.failed' }));
    } finally {
      setPending(false);
    }
  };
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        loading={pending}
        onClick={() => void download()}
        title={intl.formatMessage({ id: 'results.pupilReport.hint' })}
      >
        {intl.formatMessage({ id: 'results.pupilReport.button' })}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
