import {
  EDEXML_SKIP_REASONS,
  EDEXML_TEACHER_ROLES,
  type UploadNote,
  type UploadSkipped,
} from '@leerzicht/contract';
import type { IntlShape } from 'react-intl';

/* The texts of the EDEXML preview's skipped rows, notes and roles, from the catalogue in the user's language. */

const SKIP_REASONS: readonly string[] = EDEXML_SKIP_REASONS;
const ROLES: readonly string[] = EDEXML_TEACHER_ROLES;

const isSkipReason = (value: string | number | undefined): value is UploadSkipped['reason'] =>
  typeof value === 'string' && SKIP_REASONS.includes(value);

/** Why a row is skipped; for a pupil of a skipped group, with why the group is. */
export function skipReasonText(intl: IntlShape, row: UploadSkipped): string {
  const values = row.values;
  switch (row.reason) {
    case 'group_skipped': {
      const groupReason = values.groupReason;
      return intl.formatMessage(
        { id: 'uploads.skipped.reason.group_skipped' },
        {
          group: String(values.group ?? ''),
          why: isSkipReason(groupReason)
            ? intl.formatMessage({ id: `uploads.skipped.reason.${groupReason}` })
            : '',
        },
      );
    }
    case 'left':
      return intl.formatMessage(
        { id: 'uploads.skipped.reason.left' },
        { date: intl.formatDate(String(values.date ?? ''), { dateStyle: 'long', timeZone: 'UTC' }) },
      );
    case 'no_year':
      return intl.formatMessage(
        {
          id:
            values.code === 'S' ? 'uploads.skipped.reason.no_year_special' : 'uploads.skipped.reason.no_year',
        },
        { group: String(values.group ?? '') },
      );
    default:
      return intl.formatMessage({ id: `uploads.skipped.reason.${row.reason}` });
  }
}

/** What the import does with a row differently from the file's text. */
export function noteText(intl: IntlShape, note: UploadNote): string {
  const values = note.values;
  switch (note.code) {
    case 'renamed_group':
      return intl.formatMessage({ id: 'uploads.notes.renamed_group' }, { to: String(values.to ?? '') });
    case 'grade_from_age':
      return intl.formatMessage(
        { id: 'uploads.notes.grade_from_age' },
        { grade: Number(values.grade ?? 0), age: Number(values.age ?? 0) },
      );
    case 'mixed_locations':
      return intl.formatMessage(
        { id: 'uploads.notes.mixed_locations' },
        { locations: String(values.locations ?? '') },
      );
    case 'birth_date_ignored':
      return intl.formatMessage(
        { id: 'uploads.notes.birth_date_ignored' },
        { value: String(values.value ?? '') },
      );
  }
}

const isRole = (code: string): code is (typeof EDEXML_TEACHER_ROLES)[number] => ROLES.includes(code);

/** A teacher's EDEXML role code by its name (the code itself when it is none the standard lists). */
export function roleName(intl: IntlShape, code: string): string {
  return isRole(code) ? intl.formatMessage({ id: `uploads.teachers.role.${code}` }) : code;
}
