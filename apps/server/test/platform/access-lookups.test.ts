import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { schoolMemberships } from '../../src/db/schema/index';
import {
  accessedSchoolIds,
  authorizeGroup,
  authorizePupil,
  groupFor,
  pupilTenancyFor,
  requireSchoolAccess,
  type AccessSubject,
} from '../../src/platform/access/index';
import { HttpError } from '../../src/platform/http-errors';
import { createTestDb, type TestDatabase } from '../helpers/db';
import {
  addMember,
  createSchool,
  createUser,
  createYearClass,
  enrolPupils,
  permitGroup,
} from '../helpers/factories';

/*
 * A group or pupil lookup reads the caller's membership of the object's school in the same statement and hands
 * it to the school access check. These compare that access with the one the membership statement alone gives, for
 * each kind of member and for an impersonated session.
 */

const status = (error: unknown) => (error instanceof HttpError ? error.statusCode : 'no http error');

describe('group and pupil lookups with the membership of their school', () => {
  let database: TestDatabase;
  let db: Db;
  let schoolA: number;
  let schoolB: number;
  let groupA1: number;
  let groupA2: number;
  let groupB: number;
  let pupilA1: number;
  let pupilA2: number;
  let pupilB: number;
  let teacher: number;
  let senco: number;
  let stranger: number;

  beforeAll(async () => {
    database = await createTestDb();
    db = database.db;
    schoolA = (await createSchool(db)).id;
    schoolB = (await createSchool(db)).id;
    groupA1 = (await createYearClass(db, { schoolId: schoolA })).id;
    groupA2 = (await createYearClass(db, { schoolId: schoolA })).id;
    groupB = (await createYearClass(db, { schoolId: schoolB })).id;
    const onlyPupil = async (schoolId: number, groupId: number) => {
      const [pupil] = await enrolPupils(db, schoolId, groupId, [5]);
      if (!pupil) throw new Error('pupil not created');
      return pupil.id;
    };
    pupilA1 = await onlyPupil(schoolA, groupA1);
    pupilA2 = await onlyPupil(schoolA, groupA2);
    pupilB = await onlyPupil(schoolB, groupB);
    teacher = (await createUser(db)).id;
    await addMember(db, schoolA, teacher);
    await addMember(db, schoolB, teacher);
    await permitGroup(db, schoolA, teacher, groupA1);
    await permitGroup(db, schoolB, teacher, groupB);
    senco = (await createUser(db)).id;
    await addMember(db, schoolA, senco, { isSenco: true });
    stranger = (await createUser(db)).id;
  });

  afterAll(async () => {
    await database.destroy();
  });

  const subject = (userId: number, impersonatedSchoolId: number | null = null): AccessSubject => ({
    userId,
    impersonatedSchoolId,
    isRestricted: false,
  });

  it('gives the access the membership statement gives', async () => {
    for (const userId of [teacher, senco]) {
      const byGroup = await authorizeGroup(db, subject(userId), groupA1);
      const byPupil = await authorizePupil(db, subject(userId), pupilA1);
      const alone = await requireSchoolAccess(db, subject(userId), schoolA);
      expect(byGroup).toEqual(alone);
      expect(byPupil).toEqual(alone);
    }
    const teacherAccess = await requireSchoolAccess(db, subject(teacher), schoolA);
    expect(teacherAccess.groupIds).toEqual([groupA1]);
    expect(teacherAccess.readsWholeSchool).toBe(false);
    const sencoAccess = await requireSchoolAccess(db, subject(senco), schoolA);
    expect(sencoAccess.groupIds).toBeNull();
  });

  it('answers the school access from the lookup, without a statement of its own', async () => {
    const viaGroup = subject(senco);
    const viaPupil = subject(senco);
    await groupFor(db, viaGroup, groupA1);
    await pupilTenancyFor(db, viaPupil, pupilA1);
    // Gone from the database after the lookups: only what they read can still answer.
    await db
      .delete(schoolMemberships)
      .where(and(eq(schoolMemberships.userId, senco), eq(schoolMemberships.schoolId, schoolA)));
    try {
      await expect(requireSchoolAccess(db, viaGroup, schoolA)).resolves.toMatchObject({ isSenco: true });
      await expect(requireSchoolAccess(db, viaPupil, schoolA)).resolves.toMatchObject({ isSenco: true });
      await expect(requireSchoolAccess(db, subject(senco), schoolA)).rejects.toThrow();
    } finally {
      await addMember(db, schoolA, senco, { isSenco: true });
    }
  });

  it('refuses with 404 what the membership refuses: another group, another school, no school', async () => {
    const refusals: [AccessSubject, (s: AccessSubject) => Promise<unknown>][] = [
      // A teacher's group they are not permitted, and a pupil only in such a group.
      [subject(teacher), (s) => authorizeGroup(db, s, groupA2)],
      [subject(teacher), (s) => authorizePupil(db, s, pupilA2)],
      // No member of the school at all.
      [subject(stranger), (s) => authorizeGroup(db, s, groupA1)],
      [subject(stranger), (s) => authorizePupil(db, s, pupilA1)],
      // Member of school B too, but the session impersonates in school A only.
      [subject(teacher, schoolA), (s) => authorizeGroup(db, s, groupB)],
      [subject(teacher, schoolA), (s) => authorizePupil(db, s, pupilB)],
      // A pupil asked for with another school than its own.
      [subject(teacher), (s) => authorizePupil(db, s, pupilB, schoolA)],
      // No such group or pupil.
      [subject(senco), (s) => authorizeGroup(db, s, groupB + 1000)],
      [subject(senco), (s) => authorizePupil(db, s, pupilB + 1000)],
    ];
    for (const [who, check] of refusals) {
      const error = await check(who).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(status(error)).toBe(404);
    }
    // The same impersonated session reads its own school's group.
    await expect(authorizeGroup(db, subject(teacher, schoolA), groupA1)).resolves.toMatchObject({
      schoolId: schoolA,
    });
  });

  it('counts a school as accessed only once a check asks for it', async () => {
    const who = subject(teacher);
    // The pupil is of school A, but the call names school B: the lookup read A's membership, nobody asked for it.
    await expect(authorizePupil(db, who, pupilA1, schoolB)).rejects.toThrow();
    expect(await accessedSchoolIds(who)).toEqual([]);
    await authorizePupil(db, who, pupilB, schoolB);
    expect(await accessedSchoolIds(who)).toEqual([schoolB]);
  });
});
