import type { Db } from '../../../db/client';
import { listEnrolments, listPupilKeys } from './repository';

/*
 * Matching a file's rows to the school's pupils: on the pupil key (pupils.external_key, the key of the school
 * administration system) or the ECK-iD, never on names. And the group a pupil was in during a school year.
 */

export interface PupilIndex {
  byKey: Map<string, number>;
  byEckId: Map<string, number>;
  /** The stored ECK-iD of each pupil who has one. */
  eckIdOf: Map<number, string>;
}

export type PupilMatch =
  | { ok: true; pupilId: number }
  | {
      ok: false;
      code: 'missing_pupil_key' | 'unknown_pupil' | 'pupil_mismatch' | 'eckid_mismatch';
      /** The column the error is about: the ECK-iD's when that is what does not fit the key. */
      field: 'pupilKey' | 'eckId';
      message: string;
    };

export async function loadPupilIndex(tx: Db, schoolId: number): Promise<PupilIndex> {
  const rows = await listPupilKeys(tx, schoolId);
  const byKey = new Map<string, number>();
  const byEckId = new Map<string, number>();
  const eckIdOf = new Map<number, string>();
  for (const row of rows) {
    if (row.externalKey) byKey.set(row.externalKey.trim(), row.id);
    if (row.eckId) {
      byEckId.set(row.eckId.trim(), row.id);
      eckIdOf.set(row.id, row.eckId.trim());
    }
  }
  return { byKey, byEckId, eckIdOf };
}

/**
 * The pupil of a row by its key, else by its ECK-iD. A row whose ECK-iD is not that of its key's pupil is an error,
 * never a match on the key alone: the ECK-iD belongs to another pupil of the school (`pupil_mismatch`), or to no
 * pupil here while the key's pupil has another one stored (`eckid_mismatch`; the EDEXML upload is where a pupil's
 * ECK-iD changes, with the user's confirmation). A row with an ECK-iD for a pupil without a stored one matches.
 */
export function matchPupil(index: PupilIndex, key: string, eckId: string): PupilMatch {
  if (key === '' && eckId === '') {
    return { ok: false, code: 'missing_pupil_key', field: 'eckId', message: 'The row has no pupil key' };
  }
  const byKey = key === '' ? undefined : index.byKey.get(key);
  const byEck = eckId === '' ? undefined : index.byEckId.get(eckId);
  if (byKey !== undefined && byEck !== undefined && byKey !== byEck) {
    return {
      ok: false,
      code: 'pupil_mismatch',
      field: 'eckId',
      message: `Pupil key ${key} and ECK-iD ${eckId} belong to two different pupils`,
    };
  }
  const storedEckId = byKey === undefined ? undefined : index.eckIdOf.get(byKey);
  if (byEck === undefined && eckId !== '' && storedEckId !== undefined && storedEckId !== eckId) {
    return {
      ok: false,
      code: 'eckid_mismatch',
      field: 'eckId',
      message: `Pupil key ${key} belongs to a pupil with another ECK-iD than ${eckId}`,
    };
  }
  const pupilId = byKey ?? byEck;
  if (pupilId === undefined) {
    const what = key === '' ? `ECK-iD ${eckId}` : `pupil key ${key}`;
    return {
      ok: false,
      code: 'unknown_pupil',
      field: key === '' ? 'eckId' : 'pupilKey',
      message: `No pupil of this school has ${what}`,
    };
  }
  return { ok: true, pupilId };
}

export interface Enrolment {
  yearClassId: number;
  grade: number;
}

/**
 * The group and own grade of every pupil of the school per school year. A pupil who changed group within a year
 * has two enrolments: the later one (highest id) counts.
 */
export async function loadEnrolments(tx: Db, schoolId: number): Promise<Map<string, Enrolment>> {
  const rows = await listEnrolments(tx, schoolId);
  const enrolments = new Map<string, Enrolment>();
  for (const row of rows) {
    enrolments.set(enrolmentKey(row.pupilId, row.calendarYear), {
      yearClassId: row.yearClassId,
      grade: row.grade,
    });
  }
  return enrolments;
}

export function enrolmentKey(pupilId: number, calendarYear: number): string {
  return `${pupilId}:${calendarYear}`;
}
