import { isValidInvitationEmail } from '@leerzicht/contract';
import type { BrokenGroups, GroupRow, SkippedGroups } from './group-rows';
import type { RawTeacher } from './parse';
import { groupRef } from './pupil-rows';
import { initialsAsName, type RowErrors } from './values';

/*
 * The teachers of an EDEXML file, without the database (docs/uploads/edexml.md). Teachers are matched to accounts
 * on their address; one without a usable address is still listed (it cannot be invited until the administration
 * system has one). Two rows with one address (a teacher at two vestigingen) are one teacher with the groups of both.
 */

export interface TeacherRow {
  line: number;
  /** Lower case; null when the file has no usable address (addressProblem says why). */
  email: string | null;
  addressProblem: 'missing' | 'invalid' | null;
  /** The file's text when it is no e-mail address. */
  givenAddress: string | null;
  name: string;
  groupKeys: string[];
  roles: string[];
  roleDescriptions: string[];
}

const unique = (values: string[]) => [...new Set(values)];

function nameOf(row: RawTeacher): string {
  const first =
    row.roepnaam ??
    row.voornamen?.split(/\s+/)[0] ??
    (row.voorletters ? initialsAsName(row.voorletters) : null);
  return [first, row.voorvoegsel, row.achternaam].filter((part) => part).join(' ');
}

export function validateTeachers(
  raw: RawTeacher[],
  groups: Map<string, GroupRow>,
  skippedGroups: SkippedGroups,
  broken: BrokenGroups,
  errors: RowErrors,
): TeacherRow[] {
  const teachers: TeacherRow[] = [];
  const byEmail = new Map<string, TeacherRow>();
  for (const row of raw) {
    const problems = errors.count;
    const groupKeys: string[] = [];
    for (const ref of row.groups) {
      // Samengestelde groepen and groups outside primary education are not imported: the teacher simply does not
      // get them.
      if (ref.composed || (ref.key !== null && skippedGroups.has(ref.key))) continue;
      const group = groupRef(ref.key, ref.line, groups, broken, errors);
      if (group) groupKeys.push(group.key);
    }
    if (errors.count > problems) continue;
    const given = row.emailadres;
    const email = given !== null && isValidInvitationEmail(given.toLowerCase()) ? given.toLowerCase() : null;
    const roles = unique([...row.roles, ...row.groups.flatMap((ref) => ref.roles)]);
    const roleDescriptions = unique([
      ...row.roleDescriptions,
      ...row.groups.flatMap((ref) => ref.roleDescriptions),
    ]);
    const same = email === null ? undefined : byEmail.get(email);
    if (same) {
      same.groupKeys = unique([...same.groupKeys, ...groupKeys]);
      same.roles = unique([...same.roles, ...roles]);
      same.roleDescriptions = unique([...same.roleDescriptions, ...roleDescriptions]);
      continue;
    }
    const teacher: TeacherRow = {
      line: row.line,
      email,
      addressProblem: given === null ? 'missing' : email === null ? 'invalid' : null,
      givenAddress: email === null ? given : null,
      name: nameOf(row) || (email ?? row.key ?? ''),
      groupKeys: unique(groupKeys),
      roles,
      roleDescriptions,
    };
    teachers.push(teacher);
    if (email !== null) byEmail.set(email, teacher);
  }
  return teachers;
}
