import { EVALUATION_MAX, type GroupPlan } from '@leerzicht/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { useNoteDraft } from '../../../lib/note-draft';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useUpdatePlan } from '../api/plans';

/**
 * The plan's evaluation: at most 5000 characters with a counter; typing stops at the limit and a paste is cut to
 * it, and the exact message of section 5 says so. Kept as a draft in the tab until saved.
 */
export function EvaluationForm({
  plan,
  onDirtyChange,
}: {
  plan: GroupPlan;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const draft = useNoteDraft(`plan.${plan.id}.evaluation`, plan.evaluation);
  const update = useUpdatePlan();
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<'saved' | 'suppressed' | null>(null);
  const dirty = draft.text !== plan.evaluation;
  const atLimit = draft.text.length >= EVALUATION_MAX;
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);
  const save = async () => {
    setError(undefined);
    try {
      const answer = await update.mutateAsync({ id: plan.id, evaluation: draft.text });
      // The text stays: once the plan is read again it equals the saved evaluation, and the draft is dropped.
      setSaved(isSuppressed(answer) ? 'suppressed' : 'saved');
    } catch (failure) {
      setError(
        fieldError(intl, fieldErrorsOf(failure), 'evaluation') ??
          intl.formatMessage({ id: 'worksheet.plan.failed' }),
      );
    }
  };
  return (
    <Card withBorder component="section" data-testid="evaluation">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {intl.formatMessage({ id: 'worksheet.evaluation.title' })}
        </Title>
        <LimitedTextarea
          label={intl.formatMessage({ id: 'worksheet.evaluation.label' })}
          value={draft.text}
          onChange={(value) => {
            setSaved(null);
            draft.setText(value);
          }}
          limit={EVALUATION_MAX}
          rows={6}
          error={error ?? (atLimit ? intl.formatMessage({ id: 'serverError.evaluationTooLong' }) : undefined)}
        />
        <Group gap="sm">
          <Button size="xs" onClick={() => void save()} loading={update.isPending} disabled={!dirty}>
            {intl.formatMessage({ id: 'worksheet.evaluation.save' })}
          </Button>
          {saved === 'saved' && (
            <Text size="sm" c="teal" role="status">
              {intl.formatMessage({ id: 'worksheet.evaluation.saved' })}
            </Text>
          )}
          {saved === 'suppressed' && <ReadOnlyNotice inline />}
        </Group>
      </Stack>
    </Card>
  );
}
