import type { EdexmlSkipReason } from '@leerzicht/contract';
import type { BrokenGroups, GroupRow, LocationRow, SkippedGroups } from './group-rows';
import type { RawPupil } from './parse';
import {
  gradeByAge,
  initialsAsName,
  isPlausibleBirthDate,
  parseDate,
  parseGender,
  parseJaargroep,
  type RowErrors,
  type RowNotes,
  type SkippedRows,
} from './values';

/*
 * The pupil rows of an EDEXML file, without the database (docs/uploads/edexml.md). Errors only for what the schema
 * does not allow (and keys it says must be unique); what it allows is imported, or skipped with its reason: pupils
 * who left (uitstroomdatum) or are historical, outside primary education, without a group, or without a year.
 */

export interface PupilRow {
  line: number;
  key: string;
  eckId: string | null;
  firstName: string;
  lastNamePrefix: string;
  lastName: string;
  initials: string | null;
  /** undefined: the file gives none (the stored birth date stays). */
  dateOfBirth: string | undefined;
  /** undefined: the file says nothing (the stored gender stays). */
  gender: string | null | undefined;
  groupKey: string;
  grade: number;
  /** undefined: the file names no vestiging for the pupil (the stored one stays). */
  locationKey: string | undefined;
}

/** A key or ECK-iD the file names for a pupil who is there: such pupils did not leave, even when their row has an error. */
export interface Mention {
  key: string | null;
  eckId: string | null;
}

/** A pupil the file says has left (uitstroomdatum on or before today, or jaargroep H), with the date when known. */
export interface Leaver {
  line: number;
  key: string;
  eckId: string | null;
  date: string | null;
}

/** The group a row refers to, or an error: unknown, or left out because of its own error. */
export function groupRef(
  key: string | null | undefined,
  line: number,
  groups: Map<string, GroupRow>,
  broken: BrokenGroups,
  errors: RowErrors,
): GroupRow | null {
  if (key === undefined || key === null) {
    errors.add(line, 'groep', 'missing_group', 'The row names no group (groep key).');
    return null;
  }
  const group = groups.get(key);
  if (group) return group;
  const brokenLine = broken.get(key);
  if (brokenLine !== undefined)
    errors.add(
      line,
      'groep',
      'group_not_imported',
      `Group "${key}" has an error (line ${brokenLine}), so this row is left out too.`,
      { key, groupLine: brokenLine },
    );
  else
    errors.add(line, 'groep', 'unknown_group', `Group key "${key}" is not among the file's groups.`, { key });
  return null;
}

/** The name the app shows: the roepnaam, else the first of the voornamen, else the voorletters. */
function firstNameOf(row: { roepnaam: string | null; voornamen: string | null; voorletters: string | null }) {
  return (
    row.roepnaam ?? row.voornamen?.split(/\s+/)[0] ?? (row.voorletters ? initialsAsName(row.voorletters) : '')
  );
}

export function displayName(row: RawPupil): string {
  return (
    [firstNameOf(row), row.voorvoegsel, row.achternaam].filter((part) => part).join(' ') || (row.key ?? '')
  );
}

interface Context {
  groups: Map<string, GroupRow>;
  skippedGroups: SkippedGroups;
  broken: BrokenGroups;
  locations: Map<string, LocationRow>;
  errors: RowErrors;
  skipped: SkippedRows;
  notes: RowNotes;
  todayIso: string;
  calendarYear: number;
}

/** The row's own checks (each an error): key, ECK-iD, names, dates, gender, jaargroep, vestiging. */
function checkRow(row: RawPupil, seenKeys: Map<string, number>, seenEck: Map<string, number>, ctx: Context) {
  const { errors } = ctx;
  if (row.key === null) errors.add(row.line, 'key', 'missing_key', 'The pupil has no key.');
  else if (seenKeys.has(row.key))
    errors.add(
      row.line,
      'key',
      'duplicate_pupil_key',
      `Pupil key "${row.key}" is used twice (first on line ${seenKeys.get(row.key)}).`,
      { key: row.key, firstLine: seenKeys.get(row.key) ?? 0 },
    );
  if (row.eckid !== null && seenEck.has(row.eckid))
    errors.add(
      row.line,
      'eckid',
      'duplicate_eckid',
      `This ECK-iD is used twice (first on line ${seenEck.get(row.eckid)}).`,
      {
        firstLine: seenEck.get(row.eckid) ?? 0,
      },
    );
  if (row.achternaam === null && row.roepnaam === null)
    errors.add(
      row.line,
      'achternaam',
      'missing_field',
      'The pupil has neither an achternaam nor a roepnaam.',
      {
        element: 'achternaam',
      },
    );
  for (const [field, value] of [
    ['geboortedatum', row.geboortedatum],
    ['uitstroomdatum', row.uitstroomdatum],
  ] as const)
    if (value !== null && parseDate(value) === null)
      errors.add(row.line, field, 'invalid_date', `${field} "${value}" is not a valid date (yyyy-mm-dd).`, {
        value,
      });
  if (row.geslacht !== null && parseGender(row.geslacht) === undefined)
    errors.add(row.line, 'geslacht', 'invalid_gender', `geslacht "${row.geslacht}" is not 0, 1, 2 or 9.`, {
      value: row.geslacht,
    });
  if (row.jaargroep !== null && parseJaargroep(row.jaargroep) === null)
    errors.add(
      row.line,
      'jaargroep',
      'invalid_jaargroep',
      `jaargroep "${row.jaargroep}" is not an EDEXML jaargroep.`,
      {
        value: row.jaargroep,
      },
    );
  if (row.vestigingKey !== undefined && (row.vestigingKey === null || !ctx.locations.has(row.vestigingKey)))
    errors.add(
      row.vestigingLine ?? row.line,
      'vestiging',
      'unknown_location',
      `Vestiging key "${row.vestigingKey ?? ''}" is not among the file's vestigingen.`,
      { key: row.vestigingKey ?? '' },
    );
}

export function validatePupils(raw: RawPupil[], ctx: Context) {
  const { groups, skippedGroups, broken, errors, skipped, notes, todayIso, calendarYear } = ctx;
  const pupils: PupilRow[] = [];
  const mentions: Mention[] = [];
  const leavers: Leaver[] = [];
  /** Groups named by rows left out for an error (settleGroupGrades tells an empty group from a broken one). */
  const groupsOfErrorRows = new Set<string>();
  const seenKeys = new Map<string, number>();
  const seenEck = new Map<string, number>();
  for (const row of raw) {
    const problems = errors.count;
    checkRow(row, seenKeys, seenEck, ctx);
    if (row.key !== null && !seenKeys.has(row.key)) seenKeys.set(row.key, row.line);
    if (row.eckid !== null && !seenEck.has(row.eckid)) seenEck.set(row.eckid, row.line);
    const key = row.key;
    const name = displayName(row);
    const skip = (reason: EdexmlSkipReason, values: Record<string, string | number> = {}) =>
      skipped.add({ line: row.line, kind: 'pupil', key, name, reason, values });
    const own = row.jaargroep === null ? null : parseJaargroep(row.jaargroep);
    const uitstroom = row.uitstroomdatum === null ? null : parseDate(row.uitstroomdatum);
    const leftOn = uitstroom !== null && uitstroom <= todayIso ? uitstroom : null;
    const historical = own !== null && 'outside' in own && own.outside === 'historical';
    // A pupil the file says has left is no pupil of the school any more: not placed, and marked as left.
    if (errors.count === problems && key !== null && (leftOn !== null || historical)) {
      leavers.push({ line: row.line, key, eckId: row.eckid, date: leftOn });
      if (leftOn !== null) skip('left', { date: leftOn });
      else skip('historical');
      continue;
    }
    mentions.push({ key: row.key, eckId: row.eckid });
    if (errors.count > problems || key === null) {
      if (row.groepKey) groupsOfErrorRows.add(row.groepKey);
      continue;
    }
    if (own && 'outside' in own) {
      skip(own.outside);
      continue;
    }
    if (row.groepKey === undefined) {
      skip('no_group');
      continue;
    }
    const skippedGroup = row.groepKey === null ? undefined : skippedGroups.get(row.groepKey);
    if (skippedGroup) {
      skip('group_skipped', { group: skippedGroup.name, groupReason: skippedGroup.reason });
      continue;
    }
    const group = groupRef(row.groepKey, row.groepLine ?? row.line, groups, broken, errors);
    if (group === null) continue;
    let dateOfBirth = row.geboortedatum === null ? undefined : (parseDate(row.geboortedatum) ?? undefined);
    if (dateOfBirth !== undefined && !isPlausibleBirthDate(dateOfBirth, todayIso)) {
      notes.add({
        line: row.line,
        kind: 'pupil',
        key,
        name,
        code: 'birth_date_ignored',
        values: { value: dateOfBirth },
      });
      dateOfBirth = undefined;
    }
    let grade = own && 'grade' in own ? own.grade : group.special === null ? group.grade : null;
    if (grade === null && group.special === 'S' && dateOfBirth !== undefined) {
      const byAge = gradeByAge(dateOfBirth, calendarYear);
      grade = byAge.grade;
      notes.add({ line: row.line, kind: 'pupil', key, name, code: 'grade_from_age', values: byAge });
    }
    if (grade === null) {
      skip('no_year', { code: group.special ?? '', group: group.name });
      continue;
    }
    pupils.push({
      line: row.line,
      key,
      eckId: row.eckid,
      firstName: firstNameOf(row),
      lastNamePrefix: row.voorvoegsel ?? '',
      lastName: row.achternaam ?? '',
      initials: row.voorletters,
      dateOfBirth,
      gender: row.geslacht === null ? undefined : parseGender(row.geslacht),
      groupKey: group.key,
      grade,
      locationKey: row.vestigingKey ?? undefined,
    });
  }
  return { pupils, mentions, leavers, groupsOfErrorRows };
}
