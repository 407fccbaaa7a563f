import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { selectRows } from '../../scores/index';

/*
 * Matching a file's rows to the school's pupils: on the pupil key (pupils.external_key, the key of the school
 * administration system) or the ECK-iD, never on names. And the group a pupil was in during a school year.
 */

export interface PupilIndex {
  byKey: Map<string, number>;
  byEckId: Map<string, number>;
}

export type PupilMatch =
  | { ok: true; pupilId: number }
  | { ok: false; code: 'missing_pupil_key' | 'unknown_pupil' | 'pupil_mismatch'; message: string };

const pupilRow = z.object({
  id: z.number(),
  externalKey: z.string().nullable(),
  eckId: z.string().nullable(),
});

export async function loadPupilIndex(tx: Db, schoolId: number): Promise<PupilIndex> {
  const rows = await selectRows(
    tx,
    pupilRow,
    sql`select id, external_key as "externalKey", eck_id as "eckId" from pupils where school_id = ${schoolId}`,
  );
  const byKey = new Map<string, number>();
  const byEckId = new Map<string, number>();
  for (const row of rows) {
    if (row.externalKey) byKey.set(row.externalKey.trim(), row.id);
    if (row.eckId) byEckId.set(row.eckId.trim(), row.id);
  }
  return { byKey, byEckId };
}

/** The pupil of a row by its key, else by its ECK-iD; a key and an ECK-iD of two different pupils is an error. */
export function matchPupil(index: PupilIndex, key: string, eckId: string): PupilMatch {
  if (key === '' && eckId === '') {
    return { ok: false, code: 'missing_pupil_key', message: 'The row has no pupil key' };
  }
  const byKey = key === '' ? undefined : index.byKey.get(key);
  const byEck = eckId === '' ? undefined : index.byEckId.get(eckId);
  if (byKey !== undefined && byEck !== undefined && byKey !== byEck) {
    return {
      ok: false,
      code: 'pupil_mismatch',
      message: `Pupil key ${key} and ECK-iD ${eckId} belong to two different pupils`,
    };
  }
  const pupilId = byKey ?? byEck;
  if (pupilId === undefined) {
    const what = key === '' ? `ECK-iD ${eckId}` : `pupil key ${key}`;
    return { ok: false, code: 'unknown_pupil', message: `No pupil of this school has ${what}` };
  }
  return { ok: true, pupilId };
}

export interface Enrolment {
  yearClassId: number;
  grade: number;
}

const enrolmentRow = z.object({
  pupilId: z.number(),
  calendarYear: z.number(),
  yearClassId: z.number(),
  grade: z.number(),
});

/**
 * The group and own grade of every pupil of the school per school year. A pupil who changed group within a year
 * has two enrolments: the later one (highest id) counts.
 */
export async function loadEnrolments(tx: Db, schoolId: number): Promise<Map<string, Enrolment>> {
  const rows = await selectRows(
    tx,
    enrolmentRow,
    sql`select ycp.pupil_id as "pupilId", yc.calendar_year as "calendarYear", ycp.year_class_id as "yearClassId",
          ycp.grade
        from year_class_pupils ycp
        join year_classes yc on yc.id = ycp.year_class_id and yc.school_id = ${schoolId}
        where ycp.school_id = ${schoolId}
        order by ycp.id`,
  );
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
