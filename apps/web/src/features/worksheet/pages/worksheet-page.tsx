import { NOTE_LAYERS, type GroupPlan, type YearClassResult } from '@leerzicht/contract';
import { Button, Group, NativeSelect, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';
import { PageLoader } from '../../../components/page-loader';
import { useYearClassResultQuery } from '../../../entities/group';
import { SchoolHeader, useSchoolQuery } from '../../../entities/school';
import { parseRouteId } from '../../../lib/route-ids';
import { useSubjectName } from '../../../lib/subject-name';
import { useDirtyKeys } from '../../../lib/use-dirty-keys';
import { fullName } from '@leerzicht/contract';
import { usePlanCategories } from '../api/categories';
import { useGroupPlans } from '../api/plans';
import { EvaluationForm } from '../components/evaluation-form';
import { InstructionGroupsSummary } from '../components/instruction-groups-summary';
import { LayerSection } from '../components/layer-section';
import { PlanEffect } from '../components/plan-effect';
import { PlanHeader } from '../components/plan-header';
import { PrintPanel } from '../components/print-panel';
import { StartPlan } from '../components/start-plan';

/**
 * `/app/schools/:schoolId/groups/:yearclassId/worksheet`: per subject the group's plan (groepsplan) in its three
 * layers (group, instruction groups, pupils) with notes, its evaluation, and a new plan for the next period.
 * Unsaved text anywhere blocks leaving the page (spec section 5).
 */
export function WorksheetPage() {
  const intl = useIntl();
  const params = useParams();
  const schoolId = parseRouteId(params.schoolId);
  const yearClassId = parseRouteId(params.yearclassId);
  const [searchParams, setSearchParams] = useSearchParams();
  const subjectName = useSubjectName();
  const { data: school } = useSchoolQuery(schoolId);
  const { data: result } = useYearClassResultQuery(yearClassId);
  const { data: plans } = useGroupPlans(yearClassId);
  const { anyDirty, changeFor } = useDirtyKeys();
  if (!school || !result || !plans) return <PageLoader />;

  const subjects = result.subjects.filter((subject) => !subject.isPreschool);
  const asked = Number(searchParams.get('subject'));
  const subjectId =
    subjects.find((subject) => subject.id === asked)?.id ?? plans[0]?.subject_id ?? subjects[0]?.id ?? 0;
  const subject = subjects.find((item) => item.id === subjectId);
  const subjectPlans = plans.filter((plan) => plan.subject_id === subjectId);
  const title = intl.formatMessage({ id: 'worksheet.title' }, { group: result.group.name });

  return (
    <Stack gap="lg">
      <LeaveGuard when={anyDirty} kind="unsavedNote" />
      <SchoolHeader
        school={school}
        title={title}
        crumbs={[
          {
            label: intl.formatMessage({ id: 'results.groups.title' }),
            to: `/app/schools/${schoolId}/groups`,
          },
          { label: result.group.name, to: `/app/schools/${schoolId}/groups/${yearClassId}` },
          { label: intl.formatMessage({ id: 'menu.worksheet' }) },
        ]}
      />
      <Tabs
        value={String(subjectId)}
        onChange={(value) => value && setSearchParams({ subject: value })}
        keepMounted={false}
      >
        <Tabs.List>
          {subjects.map((item) => (
            <Tabs.Tab key={item.id} value={String(item.id)}>
              {subjectName(item)}
              {plans.some((plan) => plan.subject_id === item.id) ? ' •' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {subject && (
        <SubjectPlans
          key={subjectId}
          schoolId={schoolId}
          result={result}
          subjectId={subjectId}
          plans={subjectPlans}
          defaultName={intl.formatMessage(
            { id: 'worksheet.start.defaultName' },
            { subject: subjectName(subject), group: result.group.name },
          )}
          changeFor={changeFor}
        />
      )}
    </Stack>
  );
}

function SubjectPlans({
  schoolId,
  result,
  subjectId,
  plans,
  defaultName,
  changeFor,
}: {
  schoolId: number;
  result: YearClassResult;
  subjectId: number;
  plans: GroupPlan[];
  defaultName: string;
  changeFor: (key: string) => (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const plan = plans.find((item) => item.id === chosen) ?? plans[0];
  const start = (
    <StartPlan
      schoolId={schoolId}
      yearClassId={result.group.id}
      grade={result.group.grade}
      subjectId={subjectId}
      defaultName={defaultName}
    />
  );
  if (!plan) return start;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        {plans.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'worksheet.plan.choose' })}
            value={String(plan.id)}
            onChange={(event) => setChosen(Number(event.currentTarget.value))}
            data={plans.map((item) => ({ value: String(item.id), label: item.name }))}
          />
        ) : (
          <span />
        )}
        <Button variant="light" size="xs" onClick={() => setStarting((value) => !value)}>
          {intl.formatMessage({ id: starting ? 'notes.cancel' : 'worksheet.plan.new' })}
        </Button>
      </Group>
      {starting && start}
      <PlanView key={plan.id} plan={plan} result={result} schoolId={schoolId} changeFor={changeFor} />
    </Stack>
  );
}

function PlanView({
  plan,
  result,
  schoolId,
  changeFor,
}: {
  plan: GroupPlan;
  result: YearClassResult;
  schoolId: number;
  changeFor: (key: string) => (dirty: boolean) => void;
}) {
  const intl = useIntl();
  const { data: categories } = usePlanCategories(plan.id);
  const [withArchived, setWithArchived] = useState(false);
  const groupPupils = useMemo(
    () => result.pupils.map((pupil) => ({ id: pupil.id, name: fullName(pupil) })),
    [result.pupils],
  );
  return (
    <Stack gap="md" data-testid="plan">
      <PlanHeader plan={plan} />
      <Switch
        label={intl.formatMessage({ id: 'worksheet.showArchived' })}
        checked={withArchived}
        onChange={(event) => setWithArchived(event.currentTarget.checked)}
      />
      {!categories ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'worksheet.loading' })}</Text>
      ) : (
        NOTE_LAYERS.map((layer) => (
          <LayerSection
            key={layer}
            layer={layer}
            categories={categories}
            planId={plan.id}
            groupPupils={groupPupils}
            withArchived={withArchived}
            changeFor={changeFor}
          >
            {layer === 'INSTRUCTION' && (
              <InstructionGroupsSummary result={result} subjectId={plan.subject_id} schoolId={schoolId} />
            )}
          </LayerSection>
        ))
      )}
      <PlanEffect planId={plan.id} />
      <EvaluationForm plan={plan} onDirtyChange={changeFor(`plan.${plan.id}.evaluation`)} />
      <PrintPanel plan={plan} groupName={result.group.name} />
    </Stack>
  );
}
