import { fullName, schoolYearLabel, type YearClassResult } from '@leerzicht/contract';
import { Card, Checkbox, MultiSelect, NativeSelect, SegmentedControl, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoteEditorView } from '../../../components/note-editor/note-editor-view';
import { useNoteEditor } from '../../../components/note-editor/use-note-editor';
import { useCreateGroupNote } from '../../../entities/group';
import { useSubjectName } from '../../../lib/subject-name';
import { methodTestTargets, momentTargets } from '../lib/note-targets';

type Kind = 'test_moment' | 'method_test';

/**
 * A new note of the group on one of its test moments (naming pupils if it is about some) or one of its method
 * tests, with the shared note editor: the text is kept as a draft in the tab until it is saved, and the page's
 * leave guard is told while it holds unsaved text.
 */
export function NewGroupNote({
  result,
  onDirtyChange,
}: {
  result: YearClassResult;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const subjectName = useSubjectName();
  const moments = momentTargets(result);
  const methodTests = methodTestTargets(result);
  const [kind, setKind] = useState<Kind>(
    moments.length > 0 || methodTests.length === 0 ? 'test_moment' : 'method_test',
  );
  const [target, setTarget] = useState('');
  const [pupils, setPupils] = useState<string[]>([]);
  const [confidential, setConfidential] = useState(false);
  // The pupils' 400 error shows at the pupils and the failure message at the text, as before (relatedPupils is not
  // one of the editor's fields, so its error alone still counts as a failed save).
  const editor = useNoteEditor({ draftKey: `group.${result.group.id}.new`, leaveGuard: onDirtyChange });
  const create = useCreateGroupNote();

  const subjectOf = (subjectId: number) => {
    const subject = result.subjects.find((item) => item.id === subjectId);
    return subject ? subjectName(subject) : '';
  };
  const options =
    kind === 'test_moment'
      ? moments.map((moment) => ({
          value: moment.key,
          label: `${subjectOf(moment.subjectId)} · ${moment.yearTime} ${schoolYearLabel(moment.calendarYear)}`,
        }))
      : methodTests.map((test) => ({
          value: test.key,
          label: `${subjectOf(test.subjectId)} · ${test.name} (${schoolYearLabel(test.calendarYear)})`,
        }));

  const body = () => {
    if (kind === 'test_moment') {
      const moment = moments.find((item) => item.key === target);
      return moment
        ? {
            kind,
            subjectId: moment.subjectId,
            calendarYear: moment.calendarYear,
            yearTime: moment.yearTime,
            relatedPupils: pupils.map(Number),
          }
        : null;
    }
    const test = methodTests.find((item) => item.key === target);
    return test
      ? { kind, subjectId: test.subjectId, calendarYear: test.calendarYear, methodTestId: test.methodTestId }
      : null;
  };

  const save = async () => {
    const about = body();
    const outcome = await editor.save(
      // The editor refuses before sending when no moment or test is chosen (`missing`), so `about` is there; were
      // it not, the save fails rather than drop the text.
      (content) =>
        about
          ? create.mutateAsync({ yearClassId: result.group.id, ...about, content, confidential })
          : Promise.reject(new Error('No test moment or method test chosen')),
      { missing: about ? [] : ['target'] },
    );
    if (outcome === null) return;
    setPupils([]);
    setConfidential(false);
  };

  if (moments.length === 0 && methodTests.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'groupNotes.new.noTests' })}
      </Text>
    );
  return (
    <Card withBorder data-testid="new-group-note">
      <NoteEditorView
        editor={editor}
        above={
          <>
            <Title order={2} size="h4">
              {intl.formatMessage({ id: 'groupNotes.new.title' })}
            </Title>
            <SegmentedControl
              aria-label={intl.formatMessage({ id: 'groupNotes.new.kind' })}
              value={kind}
              onChange={(value) => {
                setKind(value === 'method_test' ? 'method_test' : 'test_moment');
                setTarget('');
              }}
              data={[
                { value: 'test_moment', label: intl.formatMessage({ id: 'groupNotes.kind.test_moment' }) },
                { value: 'method_test', label: intl.formatMessage({ id: 'groupNotes.kind.method_test' }) },
              ]}
            />
            <NativeSelect
              label={intl.formatMessage({
                id: kind === 'test_moment' ? 'groupNotes.new.moment' : 'groupNotes.new.methodTest',
              })}
              withAsterisk
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
              error={editor.errorOf('target')}
              data={[
                { value: '', label: intl.formatMessage({ id: 'groupNotes.new.choose' }), disabled: true },
                ...options,
              ]}
            />
          </>
        }
        label={intl.formatMessage({ id: 'notes.content' })}
        withAsterisk
        rows={3}
        buttonSize="xs"
        saveLabel="notes.save"
        onSave={() => void save()}
        below={
          <>
            {kind === 'test_moment' && (
              <MultiSelect
                label={intl.formatMessage({ id: 'momentNotes.pupils' })}
                data={result.pupils.map((pupil) => ({ value: String(pupil.id), label: fullName(pupil) }))}
                value={pupils}
                onChange={setPupils}
                error={editor.errorOf('relatedPupils')}
                searchable
                clearable
              />
            )}
            <Checkbox
              label={intl.formatMessage({ id: 'notes.confidential' })}
              description={intl.formatMessage({ id: 'groupNotes.confidentialHelp' })}
              checked={confidential}
              onChange={(event) => setConfidential(event.currentTarget.checked)}
            />
          </>
        }
      />
    </Card>
  );
}
