import {
  GROUP_PLAN_NAME_MAX,
  groupPlanTemplateCreateSchema,
  groupPlanTemplateUpdateSchema,
  type GroupPlanTemplate,
  type Subject,
} from '@leerzicht/contract';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useContractForm } from '../../../components/forms/use-contract-form';
import { LeaveGuard } from '../../../components/leave-guard';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { detailOf } from '../../../lib/server-errors';
import { useCreateTemplate, useDeleteTemplate, useUpdateTemplate } from '../api/templates';
import { templateErrors, translateTemplateMessage } from '../lib/template-errors';
import {
  createRequest,
  emptyForm,
  formFromTemplate,
  hasChanges,
  updateRequest,
  type TemplateForm,
} from '../lib/template-form';
import { keyMaker, type Tree } from '../lib/template-tree';
import { AllowedGradesField, AllowedSubjectsField } from './allowed-fields';
import { CategoryTreeEditor } from './category-tree-editor';
import { ConfirmDeleteModal } from './confirm-delete-modal';

// The editor builds its requests from what is typed (a stored category may hold a layer templates no longer
// take): the contract's schemas check them whole, and their messages land on the fields and categories.
const createSchema = z.preprocess((value) => value, groupPlanTemplateCreateSchema);
const updateSchema = z.preprocess((value) => value, groupPlanTemplateUpdateSchema);

interface TemplateEditorProps {
  schoolId: number;
  /** null: a new template. */
  template: GroupPlanTemplate | null;
  subjects: Subject[];
  /** Provider staff may make a system template (for every school). */
  mayMakeSystem: boolean;
  /** The template was just created: say it was saved. */
  justCreated?: boolean;
  onCreated: (id: number) => void;
  onClose: () => void;
}

type Leaving = { to: 'created'; id: number } | { to: 'list' };

/**
 * A template's name, what it is meant for (subjects and grades, none: all), whether it is published, and its
 * category tree; create or save, delete after a question. Unsaved changes are guarded when leaving the page.
 */
export function TemplateEditor({
  schoolId,
  template,
  subjects,
  mayMakeSystem,
  justCreated = false,
  onCreated,
  onClose,
}: TemplateEditorProps) {
  const intl = useIntl();
  const [nextKey] = useState(() => keyMaker());
  const [saved, setSaved] = useState<TemplateForm>(() =>
    template ? formFromTemplate(template, nextKey) : emptyForm(),
  );
  const [form, setForm] = useState<TemplateForm>(saved);
  const [sentTree, setSentTree] = useState<Tree>([]);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notSent, setNotSent] = useState(false);
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const createForm = useContractForm({
    schema: createSchema,
    mutation: useCreateTemplate(),
    failureMessage: 'templates.saveFailed',
    onSaved: (answer) => setLeaving({ to: 'created', id: answer.id }),
  });
  const updateForm = useContractForm({
    schema: updateSchema,
    mutation: {
      mutateAsync: async (body) => {
        if (!template) throw new Error('There is no saved template to change');
        return update.mutateAsync({ ...body, id: template.id });
      },
      isPending: update.isPending,
    },
    failureMessage: 'templates.saveFailed',
    onSaved: (answer) => {
      const next = formFromTemplate(answer, nextKey);
      setSaved(next);
      setForm(next);
    },
  });
  const active = template ? updateForm : createForm;
  const dirty = hasChanges(form, saved);
  const errors = templateErrors(intl, active.errors, sentTree);

  // Leave once the guard has seen that nothing is left unsaved.
  const leave = useEffectEvent((to: Leaving) => (to.to === 'created' ? onCreated(to.id) : onClose()));
  useEffect(() => {
    if (leaving) leave(leaving);
  }, [leaving]);

  const change = (patch: Partial<TemplateForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    active.clearOutcome();
  };

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setSentTree(form.tree);
    if (template) void updateForm.submit(updateRequest(form, saved));
    else void createForm.submit(createRequest(form, schoolId));
  }

  function confirmDelete() {
    if (!template) return;
    setProblem(null);
    remove.mutate(template.id, {
      onSuccess: (result) => {
        setDeleting(false);
        if (isSuppressed(result)) setNotSent(true);
        else setLeaving({ to: 'list' });
      },
      onError: (error) => {
        setDeleting(false);
        const detail = detailOf(error);
        setProblem(
          detail
            ? translateTemplateMessage(intl, detail)
            : intl.formatMessage({ id: 'templates.actionFailed' }),
        );
      },
    });
  }

  const showSaved = !dirty && (active.outcome === 'saved' || (justCreated && active.outcome === null));
  return (
    <form onSubmit={save} noValidate>
      <LeaveGuard when={dirty && leaving === null} />
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Stack gap="md">
            {template?.is_system && (
              <Group>
                <Badge variant="light" color="grape">
                  {intl.formatMessage({ id: 'templates.kind.system' })}
                </Badge>
              </Group>
            )}
            <TextInput
              label={intl.formatMessage({ id: 'templates.field.name' })}
              withAsterisk
              maxLength={GROUP_PLAN_NAME_MAX}
              value={form.name}
              error={errors.fields.name}
              onChange={(event) => change({ name: event.currentTarget.value })}
            />
            {!template && mayMakeSystem && (
              <Checkbox
                label={intl.formatMessage({ id: 'templates.field.system' })}
                checked={form.isSystem}
                onChange={(event) => change({ isSystem: event.currentTarget.checked })}
              />
            )}
            <AllowedSubjectsField
              subjects={subjects}
              value={form.allowedSubjects}
              error={errors.fields.allowed_subjects}
              onChange={(allowedSubjects) => change({ allowedSubjects })}
            />
            <AllowedGradesField
              value={form.allowedGrades}
              error={errors.fields.allowed_grades}
              onChange={(allowedGrades) => change({ allowedGrades })}
            />
            <Switch
              label={intl.formatMessage({ id: 'templates.field.published' })}
              description={intl.formatMessage({ id: 'templates.field.publishedHint' })}
              checked={form.isPublished}
              onChange={(event) => change({ isPublished: event.currentTarget.checked })}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <CategoryTreeEditor
            tree={form.tree}
            onChange={(tree) => change({ tree })}
            nextKey={nextKey}
            errors={errors.categories}
            error={errors.fields.content}
          />
        </Paper>
        {(active.outcome === 'suppressed' || notSent) && <ReadOnlyNotice />}
        {(active.generalError ?? errors.fields.general ?? problem) && (
          <Alert color="red" role="alert">
            {active.generalError ?? errors.fields.general ?? problem}
          </Alert>
        )}
        <Group justify="space-between">
          <Group>
            <Button type="submit" loading={active.pending} disabled={template !== null && !dirty}>
              {intl.formatMessage({ id: template ? 'templates.save' : 'templates.create' })}
            </Button>
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage({ id: 'templates.back' })}
            </Button>
            {showSaved && (
              <Text size="sm" c="teal.8" role="status">
                {intl.formatMessage({ id: 'templates.saved' })}
              </Text>
            )}
          </Group>
          {template && (
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {intl.formatMessage({ id: 'templates.delete' })}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDeleteModal
        name={deleting && template ? template.name : null}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </form>
  );
}
