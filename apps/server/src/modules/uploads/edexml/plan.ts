import type { UploadCount } from '@leerzicht/contract';
import type { Db } from '../../../db/client';
import type { ImportPlan, ImportTarget } from '../importer';
import { EckIdConflicts } from './eck-id-conflicts';
import { settleGroupGrades, validateGroups, validateLocations } from './group-rows';
import { planLocations } from './locations';
import { matchGroups, matchPupils, pupilChanges, type GroupChange, type PupilMatch } from './match';
import type { EdexDocument } from './parse';
import { validatePupils, type Leaver } from './pupil-rows';
import {
  grantGroups,
  insertGroups,
  insertPupils,
  markLeft,
  placePupils,
  schoolLocationRows,
  schoolPupils,
  teacherAccounts,
  updateGroup,
  updatePupil,
  writeLocations,
  yearEnrolments,
  yearGroups,
  type StoredPupil,
} from './repository';
import { validateTeachers } from './teacher-rows';
import { checkSchool, RowErrors, RowNotes, SkippedRows } from './values';

/*
 * What an EDEXML file would change, against the database as it is: pupils matched on their key
 * (pupils.external_key) or ECK-iD, never on names; groups on their key within the file's school year; vestigingen on
 * their key; teachers on their e-mail address. See docs/uploads/edexml.md.
 */

const counter = (): UploadCount => ({ add: 0, change: 0, unchanged: 0 });
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The stored pupil a leaver's key (else ECK-iD) names, when exactly one. */
function leaverPupil(leaver: Leaver, stored: StoredPupil[]): StoredPupil | undefined {
  const byKey = stored.filter((pupil) => pupil.externalKey === leaver.key);
  if (byKey.length > 0) return byKey.length === 1 ? byKey[0] : undefined;
  return leaver.eckId === null ? undefined : stored.find((pupil) => pupil.eckId === leaver.eckId);
}

export async function planEdexml(tx: Db, target: ImportTarget, doc: EdexDocument): Promise<ImportPlan> {
  const calendarYear = checkSchool(doc, target.brinCode);
  const { schoolId } = target;
  const errors = new RowErrors();
  const skipped = new SkippedRows();
  const notes = new RowNotes();
  const today = isoDate(target.now);

  const fileLocations = validateLocations(doc.locations, errors);
  const { groups, skippedGroups, broken } = validateGroups(doc.groups, doc.pupils, fileLocations, {
    errors,
    skipped,
    notes,
  });
  const storedGroups = await yearGroups(tx, schoolId, calendarYear);
  const groupMatches = matchGroups(groups, storedGroups, broken, errors);
  const { pupils, mentions, leavers, groupsOfErrorRows } = validatePupils(doc.pupils, {
    groups,
    skippedGroups,
    broken,
    locations: fileLocations,
    errors,
    skipped,
    notes,
    todayIso: today,
    calendarYear,
  });
  settleGroupGrades(groups, pupils, groupsOfErrorRows, broken, skippedGroups, { errors, skipped });
  const placeable = pupils.filter((pupil) => groups.has(pupil.groupKey));
  const teachers = validateTeachers(doc.teachers, groups, skippedGroups, broken, errors);
  const locations = planLocations(fileLocations, await schoolLocationRows(tx, schoolId));

  const counts = { pupils: counter(), groups: counter(), teachers: counter(), pupilsLeft: 0 };

  // Groups: add, or change name, grade and vestiging.
  const groupChanges: (GroupChange & { location: string | undefined })[] = [];
  for (const row of groups.values()) {
    const stored = groupMatches.get(row.key) ?? null;
    const grade = row.grade ?? 1;
    if (!stored) {
      counts.groups.add += 1;
      groupChanges.push({ row, stored, values: { name: row.name, grade }, location: row.locationKey });
      continue;
    }
    const values: GroupChange['values'] = {};
    if (stored.name !== row.name) values.name = row.name;
    if (stored.grade !== grade) values.grade = grade;
    const location =
      row.locationKey !== undefined && row.locationKey !== locations.keyOf(stored.locationId)
        ? row.locationKey
        : undefined;
    if (Object.keys(values).length > 0 || location !== undefined) {
      counts.groups.change += 1;
      groupChanges.push({ row, stored, values, location });
    } else counts.groups.unchanged += 1;
  }

  // Pupils: add, or change their fields, vestiging and group of the year.
  const storedPupils = await schoolPupils(tx, schoolId);
  const conflicts = new EckIdConflicts();
  const { matches, mentioned } = matchPupils(placeable, mentions, storedPupils, errors, conflicts);
  const replaceEckIds = target.replaceEckIds ?? new Set<string>();
  const enrolments = await yearEnrolments(tx, schoolId, calendarYear);
  const enrolled = new Map<number, { yearClassId: number; grade: number }[]>();
  for (const row of enrolments) enrolled.set(row.pupilId, [...(enrolled.get(row.pupilId) ?? []), row]);
  const yearGroupIds = storedGroups.map((group) => group.id);
  const pupilWrites: {
    match: PupilMatch;
    values: ReturnType<typeof pupilChanges>['values'];
    location: string | undefined;
    place: boolean;
  }[] = [];
  for (const match of matches) {
    if (!match.stored) {
      counts.pupils.add += 1;
      pupilWrites.push({ match, values: {}, location: match.row.locationKey, place: true });
      continue;
    }
    const { values, location } = pupilChanges(
      match.row,
      match.stored,
      replaceEckIds.has(match.row.key),
      locations.keyOf(match.stored.locationId),
    );
    const groupId = groupMatches.get(match.row.groupKey)?.id ?? null;
    const current = enrolled.get(match.stored.id) ?? [];
    const placed =
      groupId !== null &&
      current.length === 1 &&
      current[0]?.yearClassId === groupId &&
      current[0].grade === match.row.grade;
    if (Object.keys(values).length > 0 || location !== undefined || !placed) {
      counts.pupils.change += 1;
      pupilWrites.push({ match, values, location, place: !placed });
    } else counts.pupils.unchanged += 1;
  }

  // Pupils who left: those the file says left (uitstroomdatum, jaargroep H), on their date, and those of the year's
  // groups whom the file does not name, today; pupils at a vestiging the file does not name are left alone.
  const storedById = new Map(storedPupils.map((pupil) => [pupil.id, pupil]));
  const leaving = new Map<number, string>();
  for (const leaver of leavers) {
    const pupil = leaverPupil(leaver, storedPupils);
    if (pupil && pupil.dateLeft === null && !mentioned.has(pupil.id))
      leaving.set(pupil.id, leaver.date ?? today);
  }
  const presentIds = [...new Set(enrolments.map((row) => row.pupilId))].filter(
    (id) => storedById.get(id)?.dateLeft === null,
  );
  for (const id of presentIds) {
    const pupil = storedById.get(id);
    if (pupil && !mentioned.has(id) && !leaving.has(id) && !locations.elsewhere(pupil))
      leaving.set(id, today);
  }
  counts.pupilsLeft = leaving.size;
  const present = presentIds.flatMap((id) => {
    const pupil = storedById.get(id);
    return pupil ? [pupil] : [];
  });

  // Teachers: accounts matched on e-mail; members get their groups of the file.
  const emails = teachers.flatMap((teacher) => (teacher.email === null ? [] : [teacher.email]));
  const accounts = new Map((await teacherAccounts(tx, schoolId, emails)).map((a) => [a.email, a]));
  const grants: { userId: number; groupKey: string }[] = [];
  const teacherList = teachers.map((teacher) => {
    const account = teacher.email === null ? undefined : accounts.get(teacher.email);
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
      addressProblem: teacher.addressProblem,
      givenAddress: teacher.givenAddress,
      roles: teacher.roles,
      roleDescriptions: teacher.roleDescriptions,
    };
  });

  return {
    calendarYear,
    counts,
    errors: errors.list,
    errorCount: errors.count,
    teachers: teacherList,
    eckIdConflicts: { list: conflicts.list, count: conflicts.count, replaceable: conflicts.replaceable },
    edexml: {
      skipped: skipped.list,
      skippedCount: skipped.count,
      notes: notes.list,
      noteCount: notes.count,
      locations: locations.summary(
        matches.map((match) => match.row),
        present.filter((pupil) => !leaving.has(pupil.id)),
      ),
    },
    async write(db: Db) {
      const locationIds = await writeLocations(db, schoolId, locations.added, locations.renamed);
      const locationIdOf = (key: string | undefined) =>
        key === undefined ? undefined : locationIds.get(key);
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
            locationId: locationIdOf(change.location) ?? null,
          })),
      );
      for (const change of groupChanges)
        if (change.stored)
          await updateGroup(db, schoolId, change.stored.id, {
            ...change.values,
            ...(change.location === undefined ? {} : { locationId: locationIdOf(change.location) }),
          });
      const groupIdOf = (key: string) => groupMatches.get(key)?.id ?? newGroupIds.get(key);

      const newPupilIds = await insertPupils(
        db,
        pupilWrites
          .filter((write) => !write.match.stored)
          .map(({ match: { row }, location }) => ({
            schoolId,
            externalKey: row.key,
            eckId: row.eckId,
            firstName: row.firstName,
            lastNamePrefix: row.lastNamePrefix,
            lastName: row.lastName,
            initials: row.initials,
            dateOfBirth: row.dateOfBirth ?? null,
            gender: row.gender ?? null,
            locationId: locationIdOf(location) ?? null,
          })),
      );
      const places: { pupilId: number; yearClassId: number; grade: number }[] = [];
      for (const { match, values, location, place } of pupilWrites) {
        const pupilId = match.stored?.id ?? newPupilIds.get(match.row.key);
        const yearClassId = groupIdOf(match.row.groupKey);
        if (pupilId === undefined || yearClassId === undefined)
          throw new Error('planned pupil or group missing');
        const changes = location === undefined ? values : { ...values, locationId: locationIdOf(location) };
        if (match.stored && Object.keys(changes).length > 0)
          await updatePupil(db, schoolId, pupilId, changes);
        if (place) places.push({ pupilId, yearClassId, grade: match.row.grade });
      }
      await placePupils(db, schoolId, yearGroupIds, places);
      const byDate = new Map<string, number[]>();
      for (const [id, date] of leaving) byDate.set(date, [...(byDate.get(date) ?? []), id]);
      for (const [date, ids] of byDate) await markLeft(db, schoolId, ids, date);
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
