import { fullName, NOTE_LIMIT, schoolYearLabel, type YearClassResult } from '@leerzicht/contract';
import {
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LimitedTextarea } from '../../../components/forms/limited-textarea';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useCreateGroupNote } from '../../../entities/group';
import { isSuppressed } from '../../../lib/api-client';
import { useNoteDraft } from '../../../lib/note-draft';
import { fieldError, fieldErrorsOf } from '../../../lib/server-errors';
import { useSubjectName } from '../../../lib/subject-name';
import { methodTestTargets, momentTargets } from '../lib/note-targets';

type Kind = 'test_moment' | 'method_test';

/**
 * A new note of the group on one of its test moments (naming pupils if it is about some) or one of its method
 * tests. The text is kept as a draft in the tab until it is saved.
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
  const [errors, setErrors] = useState<{ content?: string; target?: string; pupils?: string }>({});
  const [suppressed, setSuppressed] = useState(false);
  const draft = useNoteDraft(`group.${result.group.id}.new`, '');
  const create = useCreateGroupNote();
  const dirty = draft.text.trim() !== '';
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

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
    const required = intl.formatMessage({ id: 'form.required' });
    const missing = {
      content: draft.text.trim() === '' ? required : undefined,
      target: about ? undefined : required,
    };
    setErrors(missing);
    if (!about || missing.content) return;
    try {
      const answer = await create.mutateAsync({
        yearClassId: result.group.id,
        ...about,
        content: draft.text,
        confidential,
      });
      setSuppressed(isSuppressed(answer));
      draft.clear();
      setPupils([]);
      setConfidential(false);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors({
        content: fieldError(intl, fields, 'content') ?? intl.formatMessage({ id: 'notes.saveFailed' }),
        pupils: fieldError(intl, fields, 'relatedPupils'),
      });
    }
  };

  if (moments.length === 0 && methodTests.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'groupNotes.new.noTests' })}
      </Text>
    );
  return (
    <Card withBorder data-testid="new-group-note">
      <Stack gap="xs">
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
          error={errors.target}
          data={[
            { value: '', label: intl.formatMessage({ id: 'groupNotes.new.choose' }), disabled: true },
            ...options,
          ]}
        />
        <LimitedTextarea
          label={intl.formatMessage({ id: 'notes.content' })}
          withAsterisk
          value={draft.text}
          onChange={draft.setText}
          limit={NOTE_LIMIT}
          rows={3}
          error={errors.content}
        />
        {kind === 'test_moment' && (
          <MultiSelect
            label={intl.formatMessage({ id: 'momentNotes.pupils' })}
            data={result.pupils.map((pupil) => ({ value: String(pupil.id), label: fullName(pupil) }))}
            value={pupils}
            onChange={setPupils}
            error={errors.pupils}
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
        <Group>
          <Button size="xs" loading={create.isPending} onClick={() => void save()}>
            {intl.formatMessage({ id: 'notes.save' })}
          </Button>
          {suppressed && <ReadOnlyNotice inline />}
        </Group>
      </Stack>
    </Card>
  );
}
