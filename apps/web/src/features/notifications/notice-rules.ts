import {
  NEW_SCHOOL_YEAR_NOTICE_CUTOFF,
  schoolYearOf,
  type HiddenNotification,
  type School,
} from '@leerzicht/contract';

/** The school, with whether the user is its superuser as the profile says. */
type NoticeSchool = Pick<School, 'id' | 'isConnectionActive'> & { isSchoolSuperuser: boolean };

export function isHidden(hidden: HiddenNotification[], notice: HiddenNotification): boolean {
  return hidden.some(
    (item) =>
      item.kind === notice.kind && item.schoolId === notice.schoolId && item.schoolYear === notice.schoolYear,
  );
}

/** Section 4: the school's link is inactive and this user has not hidden the notice for this school. */
export function shouldShowDisconnectedSchool(school: NoticeSchool, hidden: HiddenNotification[]): boolean {
  return (
    !school.isConnectionActive &&
    !isHidden(hidden, { kind: 'disconnected_school', schoolId: school.id, schoolYear: null })
  );
}

/** The school year starts in August; the notice runs until 1 October of that school year. */
export function isNewSchoolYearPeriod(today: Date): boolean {
  const schoolYear = schoolYearOf(today);
  const cutoff = new Date(schoolYear, NEW_SCHOOL_YEAR_NOTICE_CUTOFF.month, NEW_SCHOOL_YEAR_NOTICE_CUTOFF.day);
  return today.getTime() < cutoff.getTime();
}

/** Section 4: superusers, before 1 October of the current school year, unless hidden for that year. */
export function shouldShowNewSchoolYear(
  school: NoticeSchool,
  hidden: HiddenNotification[],
  today: Date,
): boolean {
  return (
    school.isSchoolSuperuser &&
    isNewSchoolYearPeriod(today) &&
    !isHidden(hidden, { kind: 'new_school_year', schoolId: school.id, schoolYear: schoolYearOf(today) })
  );
}
