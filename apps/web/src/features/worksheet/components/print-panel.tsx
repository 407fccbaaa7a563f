import { PRINT_SECTIONS, type GroupPlan, type PrintSection } from '@leerzicht/contract';
import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../lib/language-context';
import { firstErrorMessage } from '../../../lib/server-errors';
import { downloadPrint } from '../api/reports';
import { allKept, omitted, removedCount, toggleSection } from '../lib/print-sections';

const SECTION_LABEL: Record<PrintSection, MessageId> = {
  group: 'worksheet.layer.GROUP',
  instruction: 'worksheet.layer.INSTRUCTION',
  pupil: 'worksheet.layer.PUPIL',
  evaluation: 'worksheet.evaluation.title',
  effect: 'worksheet.effect.title',
};

/** The printout: untick what should stay out (a counter says how many), then download the PDF. */
export function PrintPanel({ plan, groupName }: { plan: GroupPlan; groupName: string }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [choice, setChoice] = useState(allKept);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const removed = removedCount(choice);
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const safe = `${plan.name} ${groupName}`.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
      await downloadPrint(plan.id, omitted(choice), language, `${safe || 'groepsplan'}.pdf`);
    } catch (failure) {
      setError(firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'worksheet.print.failed' }));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card withBorder component="section" data-testid="print-panel">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {intl.formatMessage({ id: 'worksheet.print.title' })}
        </Title>
        <Group gap="md">
          {PRINT_SECTIONS.map((section) => (
            <Checkbox
              key={section}
              label={intl.formatMessage({ id: SECTION_LABEL[section] })}
              checked={!choice.removed.has(section)}
              onChange={() => setChoice((current) => toggleSection(current, section))}
            />
          ))}
        </Group>
        <Group gap="sm">
          <Text size="sm" aria-live="polite" data-testid="removed-sections">
            {intl.formatMessage({ id: 'worksheet.print.removed' }, { count: removed })}
          </Text>
          {removed > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => setChoice(allKept)}>
              {intl.formatMessage({ id: 'worksheet.print.reset' })}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <Button size="xs" loading={pending} onClick={() => void download()}>
            {intl.formatMessage({ id: 'worksheet.print.download' })}
          </Button>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
