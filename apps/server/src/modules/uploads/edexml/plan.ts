import type { UploadCount } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import type { ImportPlan, ImportTarget } from '../importer';
import { EckIdConflicts } from './eck-id-conflicts';
import type { EdexDocument } from './parse';
import { matchGroups, matchPupils, pupilChanges, type GroupChange, type PupilMatch } from './match';
import {
  grantGroups,
  insertGroups,
  insertPupils,
  markLeft,
  placePupils,
  schoolPupils,
  teacherAccounts,
  updateGroup,
  updatePupil,
  yearEnrolments,
  yearGroups,
} from './repository';
import { settleGroupGrades, validateGroups, validatePupils, validateTeachers } from './rows';
import { checkSchool, RowErrors } from './values';

/*
 * What an EDEXML file would change, against the database as it is: pupils matched on their key
 * (pupils.external_key) or ECK-iD, never on names; groups on their key within the file's school year; teachers on
 * their e-mail address. See docs/uploads/edexml.md.
 */

const counter = (): UploadCount => ({ add: 0, change: 0, unchanged: 0 });
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export async function planEdexml(tx: Db, target: ImportTarget, doc: EdexDocument): Promise<ImportPlan> {
  const calendarYear = checkSchool(doc, target.brinCode);
  const { schoolId } = target;
  const errors = new RowErrors();
  const today = isoDate(target.now);

  const { groups, broken } = validateGroups(doc.groups, errors);
  const storedGroups = await yearGroups(tx, schoolId, calendarYear);
  const groupMatches = matchGroups(groups, storedGroups, broken, errors);
  const { pupils, mentions } = validatePupils(doc.pupils, groups, broken, errors, today);
  settleGroupGrades(groups, pupils, broken, errors);
  const placeable = pupils.filter((pupil) => groups.has(pupil.groupKey));
  const teachers = validateTeachers(doc.teachers, groups, broken, errors);

  const counts = { pupils: counter(), groups: counter(), teachers: counter(), pupilsLeft: 0 };

  // Groups: add, or change name and grade.
  const groupChanges: GroupChange[] = [];
  for (const row of groups.values()) {
    const stored = groupMatches.get(row.key) ?? null;
    const grade = row.grade ?? 1;
    if (!stored) {
      counts.groups.add += 1;
      groupChanges.push({ row, stored, values: { name: row.name, grade } });
      continue;
    }
    const values: GroupChange['values'] = {};
    if (stored.name !== row.name) values.name = row.name;
    if (stored.grade !== grade) values.grade = grade;
    if (Object.keys(values).length > 0) {
      counts.groups.change += 1;
      groupChanges.push({ row, stored, values });
    } else counts.groups.unchanged += 1;
  }

  // Pupils: add, or change their fields and their group of the year.
  const storedPupils = await schoolPupils(tx, schoolId);
  const conflicts = new EckIdConflicts();
  const { matches, mentioned } = matchPupils(placeable, mentions, storedPupils, errors, conflicts);
  const replaceEckIds = target.replaceEckIds ?? new Set<string>();
  const enrolments = await yearEnrolments(tx, schoolId, calendarYear);
  const enrolled = new Map<number, { yearClassId: number; grade: number }[]>();
  for (const row of enrolments) enrolled.set(row.pupilId, [...(enrolled.get(row.pupilId) ?? []), row]);
  const yearGroupIds = storedGroups.map((group) => group.id);
  const pupilWrites: { match: PupilMatch; values: ReturnType<typeof pupilChanges>; place: boolean }[] = [];
  for (const match of matches) {
    if (!match.stored) {
      counts.pupils.add += 1;
      pupilWrites.push({ match, values: {}, place: true });
      continue;
    }
    const values = pupilChanges(match.row, match.stored, replaceEckIds.has(match.row.key));
    const groupId = groupMatches.get(match.row.groupKey)?.id ?? null;
    const current = enrolled.get(match.stored.id) ?? [];
    const placed =
      groupId !== null &&
      current.length === 1 &&
      current[0]?.yearClassId === groupId &&
      current[0].grade === match.row.grade;
    if (Object.keys(values).length > 0 || !placed) {
      counts.pupils.change += 1;
      pupilWrites.push({ match, values, place: !placed });
    } else counts.pupils.unchanged += 1;
  }

  // Pupils of the year's groups whom the file does not name have left (once: date_left is set).
  const storedById = new Map(storedPupils.map((pupil) => [pupil.id, pupil]));
  const leftIds = [...new Set(enrolments.map((row) => row.pupilId))].filter(
    (id) => !mentioned.has(id) && storedById.get(id)?.dateLeft === null,
  );
  counts.pupilsLeft = leftIds.length;

  // Teachers: accounts matched on e-mail; members get their groups of the file.
  const accounts = new Map(
    (
      await teacherAccounts(
        tx,
        schoolId,
        teachers.map((t) => t.email),
      )
    ).map((a) => [a.email, a]),
  );
  const grants: { userId: number; groupKey: string }[] = [];
  const teacherList = teachers.map((teacher) => {
    const account = accounts.get(teacher.email);
    if (account?.isMember) {
      const missing = teacher.groupKeys.filter((key) => {
        const groupId = groupMatches.get(key)?.id;
        return groupId === undefined || !account.groupIds.has(groupId);
      });
      if (missing.length > 0) counts.teachers.change += 1;
      else counts.teachers.unchanged += 1;
      for (const groupKey of missing) grants.push({ userId: account.id, groupKey });
    }
    return {
      email: teacher.email,
      name: teacher.name,
      hasAccount: account !== undefined,
      isMember: account?.isMember ?? false,
    };
  });

  return {
    calendarYear,
    counts,
    errors: errors.list,
    errorCount: errors.count,
    teachers: teacherList,
    eckIdConflicts: { list: conflicts.list, count: conflicts.count, replaceable: conflicts.replaceable },
    async write(db: Db) {
      // Groups first (renamed ones through a temporary name, so that two groups may swap names).
      const renamed = groupChanges.filter((change) => change.stored && change.values.name !== undefined);
      for (const change of renamed)
        if (change.stored)
          await updateGroup(db, schoolId, change.stored.id, {
            name: `\u2060${change.stored.id}\u2060${change.row.name}`,
          });
      const newGroupIds = await insertGroups(
        db,
        groupChanges
          .filter((change) => !change.stored)
          .map((change) => ({
            schoolId,
            calendarYear,
            name: change.row.name,
            grade: change.row.grade ?? 1,
            externalKey: change.row.key,
          })),
      );
      for (const change of groupChanges)
        if (change.stored) await updateGroup(db, schoolId, change.stored.id, change.values);
      const groupIdOf = (key: string) => groupMatches.get(key)?.id ?? newGroupIds.get(key);

      const newPupilIds = await insertPupils(
        db,
        pupilWrites
          .filter((write) => !write.match.stored)
          .map(({ match: { row } }) => ({
            schoolId,
            externalKey: row.key,
            eckId: row.eckId,
            firstName: row.firstName,
            lastNamePrefix: row.lastNamePrefix,
            lastName: row.lastName,
            dateOfBirth: row.dateOfBirth,
            gender: row.gender ?? null,
          })),
      );
      const places: { pupilId: number; yearClassId: number; grade: number }[] = [];
      for (const { match, values, place } of pupilWrites) {
        const pupilId = match.stored?.id ?? newPupilIds.get(match.row.key);
        const yearClassId = groupIdOf(match.row.groupKey);
        if (pupilId === undefined || yearClassId === undefined)
          throw new Error('planned pupil or group missing');
        if (match.stored && Object.keys(values).length > 0) await updatePupil(db, schoolId, pupilId, values);
        if (place) places.push({ pupilId, yearClassId, grade: match.row.grade });
      }
      await placePupils(db, schoolId, yearGroupIds, places);
      await markLeft(db, schoolId, leftIds, today);
      await grantGroups(
        db,
        grants.flatMap(({ userId, groupKey }) => {
          const yearClassId = groupIdOf(groupKey);
          return yearClassId === undefined ? [] : [{ schoolId, userId, yearClassId }];
        }),
      );
    },
  };
}
