import { EVALUATION_MAX, type GroupPlan } from '@leerzicht/contract';
import { Card, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';
import { useUpdatePlan } from '../api/plans';

/**
 * The plan's evaluation in the shared note editor: at most 5000 characters with a counter; typing stops at the limit
 * and a paste is cut to it, and the exact message of section 5 says so. Kept as a draft in the tab until saved.
 */
export function EvaluationForm({
  plan,
  onDirtyChange,
}: {
  plan: GroupPlan;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const update = useUpdatePlan();
  const editor = useNoteEditor({
    draftKey: `plan.${plan.id}.evaluation`,
    initial: plan.evaluation,
    limit: EVALUATION_MAX,
    limitMessage: 'serverError.evaluationTooLong',
    field: 'evaluation',
    // An evaluation may be emptied.
    required: false,
    failureMessage: 'worksheet.plan.failed',
    // The text stays: once the plan is read again it equals the saved evaluation, and the draft is dropped.
    clearOnSave: false,
    leaveGuard: onDirtyChange,
  });
  return (
    <Card withBorder component="section" data-testid="evaluation">
      <NoteEditorView
        editor={editor}
        above={
          <Title order={2} size="h4">
            {intl.formatMessage({ id: 'worksheet.evaluation.title' })}
          </Title>
        }
        label={intl.formatMessage({ id: 'worksheet.evaluation.label' })}
        rows={6}
        buttonSize="xs"
        saveLabel="worksheet.evaluation.save"
        saveOnlyWhenDirty
        savedMessage="worksheet.evaluation.saved"
        onSave={() => void editor.save((evaluation) => update.mutateAsync({ id: plan.id, evaluation }))}
      />
    </Card>
  );
}
