import {
  NEW_SCHOOL_YEAR_NOTICE_CUTOFF,
  schoolYearOf,
  type HiddenNotification,
  type School,
} from '@leerzicht/contract';

/**
 * The school, with whether the user manages it (the profile's manageSchool ability): the new-school-year notice
 * asks them to check the import and give colleagues their new groups under Management.
 */
type NoticeSchool = Pick<School, 'id' | 'isConnectionActive'> & { manageSchool: boolean };
type ConnectedSchool = Pick<School, 'id' | 'isConnectionActive'>;

export function isHidden(hidden: HiddenNotification[], notice: HiddenNotification): boolean {
  return hidden.some(
    (item) =>
      item.kind === notice.kind && item.schoolId === notice.schoolId && item.schoolYear === notice.schoolYear,
  );
}

/** Section 4: the school's link is inactive and this user has not hidden the notice for this school. */
export function shouldShowDisconnectedSchool(school: ConnectedSchool, hidden: HiddenNotification[]): boolean {
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

/**
 * Section 4: those who manage the school (superusers), before 1 October of the current school year, unless hidden
 * for that year.
 */
export function shouldShowNewSchoolYear(
  school: NoticeSchool,
  hidden: HiddenNotification[],
  today: Date,
): boolean {
  return (
    school.manageSchool &&
    isNewSchoolYearPeriod(today) &&
    !isHidden(hidden, { kind: 'new_school_year', schoolId: school.id, schoolYear: schoolYearOf(today) })
  );
}
