import { GRADE_THRESHOLD, schoolYearLabel, schoolYearOf, type School } from '@leerzicht/contract';
import { NativeSelect, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useChangeSchoolYearMutation } from '../../features/session/api/change-school-year';
import { useCurrentProfile } from '../../lib/current-profile';
import { groupHome, isBuilt } from './built-pages';

const GROUP_PAGES = [
  'worksheet',
  'results',
  'social-emotional',
  'instruction-groups',
  'goals',
  'notes',
] as const;

/** The school years a school has data for, newest first: from its start year to today's school year. */
export function schoolYearOptions(startYear: number, today: Date): number[] {
  const last = schoolYearOf(today);
  const years: number[] = [];
  for (let year = last; year >= Math.min(startYear, last); year -= 1) years.push(year);
  return years;
}

/** Where a new group goes: the same sub-page when that group has it, otherwise its worksheet (or group page). */
export function groupTarget(schoolId: number, group: School['classes'][number], pathname: string): string {
  const page = GROUP_PAGES.find((name) => pathname.endsWith(`/${name}`));
  const upperOnly = page === 'results' || page === 'goals';
  if (
    !page ||
    !isBuilt(page) ||
    (upperOnly && group.yearClassGrade < GRADE_THRESHOLD) ||
    (page === 'goals' && !group.hasGoals)
  )
    return groupHome(schoolId, group.yearClassId);
  return `/app/schools/${schoolId}/groups/${group.yearClassId}/${page}`;
}

/** The chosen school year (the session's) and the groups this user may see in it. */
export function GroupSelector({ school, groupId }: { school: School; groupId: number | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const changeYear = useChangeSchoolYearMutation();
  // The session's choice as this page knows it (a read-only session's choice is not sent to the server).
  const { currentSchoolYear } = useCurrentProfile();
  const years = schoolYearOptions(school.startYear, new Date());
  if (!years.includes(currentSchoolYear)) years.unshift(currentSchoolYear);
  const selected = school.classes.some((group) => group.yearClassId === groupId) ? String(groupId) : '';

  return (
    <Stack gap="xs">
      <NativeSelect
        label={intl.formatMessage({ id: 'shell.schoolYear' })}
        value={String(currentSchoolYear)}
        data={years.map((year) => ({ value: String(year), label: schoolYearLabel(year) }))}
        onChange={(event) => changeYear.mutate({ currentSchoolYear: Number(event.currentTarget.value) })}
      />
      <NativeSelect
        label={intl.formatMessage({ id: 'shell.group' })}
        value={selected}
        data={[
          { value: '', label: intl.formatMessage({ id: 'shell.chooseGroup' }), disabled: true },
          ...school.classes.map((group) => ({
            value: String(group.yearClassId),
            label: group.yearClassName,
          })),
        ]}
        onChange={(event) => {
          const group = school.classes.find((item) => String(item.yearClassId) === event.currentTarget.value);
          if (group) void navigate(groupTarget(school.id, group, pathname));
        }}
      />
    </Stack>
  );
}
