import { isValidInvitationEmail } from '@leerzicht/contract';
import type { RawGroup, RawPupil, RawTeacher } from './parse';
import { parseBirthDate, parseGender, parseJaargroep, type RowErrors } from './values';

/*
 * The row rules of an EDEXML file, without the database: every group, pupil and teacher row is checked (row
 * errors with the row's line; a row with an error is left out). See docs/uploads/edexml.md for each rule and code.
 */

export interface GroupRow {
  line: number;
  key: string;
  name: string;
  /** The group's grade; for C, S and V groups settled from their pupils (settleGroupGrades). */
  grade: number | null;
  special: 'C' | 'S' | 'V' | null;
}

/** Groups left out (with an error); pupils and teachers that refer to them are left out too. */
export type BrokenGroups = Map<string, number>;

export function validateGroups(raw: RawGroup[], errors: RowErrors) {
  const groups = new Map<string, GroupRow>();
  const broken: BrokenGroups = new Map();
  const seenKeys = new Map<string, number>();
  const seenNames = new Map<string, number>();
  for (const row of raw) {
    const problems = errors.count;
    if (row.key === null) errors.add(row.line, 'key', 'missing_key', 'The group has no key.');
    else if (seenKeys.has(row.key))
      errors.add(
        row.line,
        'key',
        'duplicate_group_key',
        `Group key "${row.key}" is used twice (first on line ${seenKeys.get(row.key)}).`,
        {
          key: row.key,
          firstLine: seenKeys.get(row.key) ?? 0,
        },
      );
    if (row.naam === null)
      errors.add(row.line, 'naam', 'missing_field', 'The group has no naam.', { element: 'naam' });
    else if (seenNames.has(row.naam.toLowerCase()))
      errors.add(
        row.line,
        'naam',
        'duplicate_group_name',
        `Group name "${row.naam}" is used twice (first on line ${seenNames.get(row.naam.toLowerCase())}).`,
        {
          name: row.naam,
          firstLine: seenNames.get(row.naam.toLowerCase()) ?? 0,
        },
      );
    const jaargroep = row.jaargroep === null ? null : parseJaargroep(row.jaargroep);
    if (row.jaargroep === null)
      errors.add(row.line, 'jaargroep', 'missing_field', 'The group has no jaargroep.', {
        element: 'jaargroep',
      });
    else if (jaargroep === null)
      errors.add(
        row.line,
        'jaargroep',
        'invalid_jaargroep',
        `jaargroep "${row.jaargroep}" is not 0-8, C, S or V.`,
        {
          value: row.jaargroep,
        },
      );
    if (row.key !== null && !seenKeys.has(row.key)) seenKeys.set(row.key, row.line);
    if (row.naam !== null && !seenNames.has(row.naam.toLowerCase()))
      seenNames.set(row.naam.toLowerCase(), row.line);
    if (errors.count > problems || row.key === null || row.naam === null || jaargroep === null) {
      if (row.key !== null && !groups.has(row.key)) broken.set(row.key, row.line);
      continue;
    }
    groups.set(row.key, {
      line: row.line,
      key: row.key,
      name: row.naam,
      grade: 'grade' in jaargroep ? jaargroep.grade : null,
      special: 'special' in jaargroep ? jaargroep.special : null,
    });
  }
  return { groups, broken };
}

export interface PupilRow {
  line: number;
  key: string;
  eckId: string | null;
  firstName: string;
  lastNamePrefix: string;
  lastName: string;
  dateOfBirth: string;
  /** undefined: the file says nothing (the stored gender stays). */
  gender: string | null | undefined;
  groupKey: string;
  grade: number;
}

/** A key or ECK-iD the file names: such pupils did not leave, even when their row has an error. */
export interface Mention {
  key: string | null;
  eckId: string | null;
}

/** The group a row refers to, or an error: unknown, or left out because of its own error. */
function groupRef(
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
      {
        key,
        groupLine: brokenLine,
      },
    );
  else
    errors.add(line, 'groep', 'unknown_group', `Group key "${key}" is not among the file's groups.`, { key });
  return null;
}

function pupilGrade(row: RawPupil, group: GroupRow | null, errors: RowErrors): number | null {
  if (row.jaargroep !== null) {
    const own = parseJaargroep(row.jaargroep);
    if (own === null) {
      errors.add(
        row.line,
        'jaargroep',
        'invalid_jaargroep',
        `jaargroep "${row.jaargroep}" is not 0-8, C, S or V.`,
        {
          value: row.jaargroep,
        },
      );
      return null;
    }
    if ('grade' in own) return own.grade;
  }
  if (group === null) return null;
  if (group.grade !== null && group.special === null) return group.grade;
  const code = group.special ?? 'C';
  errors.add(
    row.line,
    'jaargroep',
    code === 'C' ? 'combination_grade_missing' : 'special_grade_missing',
    code === 'C'
      ? `The pupil is in combination group "${group.key}" but has no jaargroep 0-8 of their own.`
      : `The pupil is in special-education group "${group.key}" (${code}) but has no jaargroep 0-8 of their own.`,
    { key: group.key, code },
  );
  return null;
}

export function validatePupils(
  raw: RawPupil[],
  groups: Map<string, GroupRow>,
  broken: BrokenGroups,
  errors: RowErrors,
  todayIso: string,
) {
  const pupils: PupilRow[] = [];
  const mentions: Mention[] = [];
  const seenKeys = new Map<string, number>();
  const seenEck = new Map<string, number>();
  for (const row of raw) {
    mentions.push({ key: row.key, eckId: row.eckid });
    const problems = errors.count;
    if (row.key === null) errors.add(row.line, 'key', 'missing_key', 'The pupil has no key.');
    else if (seenKeys.has(row.key))
      errors.add(
        row.line,
        'key',
        'duplicate_pupil_key',
        `Pupil key "${row.key}" is used twice (first on line ${seenKeys.get(row.key)}).`,
        {
          key: row.key,
          firstLine: seenKeys.get(row.key) ?? 0,
        },
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
    if (row.achternaam === null)
      errors.add(row.line, 'achternaam', 'missing_field', 'The pupil has no achternaam.', {
        element: 'achternaam',
      });
    const firstName = row.roepnaam ?? row.voornamen?.split(/\s+/)[0] ?? null;
    if (firstName === null)
      errors.add(row.line, 'roepnaam', 'missing_field', 'The pupil has no roepnaam or voornamen.', {
        element: 'roepnaam',
      });
    let dateOfBirth: string | null = null;
    if (row.geboortedatum === null)
      errors.add(row.line, 'geboortedatum', 'missing_field', 'The pupil has no geboortedatum.', {
        element: 'geboortedatum',
      });
    else {
      dateOfBirth = parseBirthDate(row.geboortedatum, todayIso);
      if (dateOfBirth === null)
        errors.add(
          row.line,
          'geboortedatum',
          'invalid_date',
          `geboortedatum "${row.geboortedatum}" is not a valid date (yyyy-mm-dd).`,
          {
            value: row.geboortedatum,
          },
        );
    }
    const gender = row.geslacht === null ? undefined : parseGender(row.geslacht);
    if (row.geslacht !== null && gender === undefined)
      errors.add(row.line, 'geslacht', 'invalid_gender', `geslacht "${row.geslacht}" is not 0, 1, 2 or 9.`, {
        value: row.geslacht,
      });
    const group = groupRef(row.groepKey, row.groepLine ?? row.line, groups, broken, errors);
    const grade = pupilGrade(row, group, errors);
    if (row.key !== null && !seenKeys.has(row.key)) seenKeys.set(row.key, row.line);
    if (row.eckid !== null && !seenEck.has(row.eckid)) seenEck.set(row.eckid, row.line);
    if (
      errors.count > problems ||
      row.key === null ||
      row.achternaam === null ||
      firstName === null ||
      dateOfBirth === null ||
      group === null ||
      grade === null
    )
      continue;
    pupils.push({
      line: row.line,
      key: row.key,
      eckId: row.eckid,
      firstName,
      lastNamePrefix: row.voorvoegsel ?? '',
      lastName: row.achternaam,
      dateOfBirth,
      gender,
      groupKey: group.key,
      grade,
    });
  }
  return { pupils, mentions };
}

/**
 * C, S and V groups take the highest grade of their pupils (as the app's groups do: `grade` is the main grade).
 * Such a group without any pupil with a grade cannot be stored: an error, and it is left out.
 */
export function settleGroupGrades(
  groups: Map<string, GroupRow>,
  pupils: PupilRow[],
  broken: BrokenGroups,
  errors: RowErrors,
): void {
  const highest = new Map<string, number>();
  for (const pupil of pupils)
    highest.set(pupil.groupKey, Math.max(highest.get(pupil.groupKey) ?? 0, pupil.grade));
  for (const group of [...groups.values()]) {
    if (group.special === null) continue;
    const grade = highest.get(group.key);
    if (grade !== undefined) {
      group.grade = grade;
      continue;
    }
    errors.add(
      group.line,
      'jaargroep',
      'group_without_grade',
      `Group "${group.key}" (${group.special}) has no pupils with a jaargroep, so its grade is unknown.`,
      { key: group.key, code: group.special },
    );
    groups.delete(group.key);
    broken.set(group.key, group.line);
  }
}

export interface TeacherRow {
  line: number;
  email: string;
  name: string;
  groupKeys: string[];
}

export function validateTeachers(
  raw: RawTeacher[],
  groups: Map<string, GroupRow>,
  broken: BrokenGroups,
  errors: RowErrors,
): TeacherRow[] {
  const teachers: TeacherRow[] = [];
  const seen = new Map<string, number>();
  for (const row of raw) {
    const problems = errors.count;
    const email = row.emailadres?.toLowerCase() ?? null;
    if (email === null)
      errors.add(
        row.line,
        'emailadres',
        'missing_email',
        'The teacher has no emailadres, so no account can be matched.',
      );
    else if (!isValidInvitationEmail(email))
      errors.add(row.line, 'emailadres', 'invalid_email', `"${row.emailadres}" is not an e-mail address.`, {
        value: row.emailadres ?? '',
      });
    else if (seen.has(email))
      errors.add(
        row.line,
        'emailadres',
        'duplicate_teacher_email',
        `This e-mail address is used twice (first on line ${seen.get(email)}).`,
        {
          firstLine: seen.get(email) ?? 0,
        },
      );
    const groupKeys: string[] = [];
    for (const ref of row.groups) {
      const group = groupRef(ref.key, ref.line, groups, broken, errors);
      if (group) groupKeys.push(group.key);
    }
    if (email !== null && !seen.has(email)) seen.set(email, row.line);
    if (errors.count > problems || email === null) continue;
    const name = [row.roepnaam, row.voorvoegsel, row.achternaam].filter((part) => part !== null).join(' ');
    teachers.push({ line: row.line, email, name: name || email, groupKeys: [...new Set(groupKeys)] });
  }
  return teachers;
}
