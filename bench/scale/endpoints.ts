/** The endpoints the national-scale read benchmark loads, and the ids they are called with (bench/scale). */
import type pg from 'pg';

export interface Endpoint {
  name: string;
  /** Who tunes it (issue 16 item 3), for the report. */
  owner: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Whose session calls it; null: no session (the login itself). */
  as: 'directeur' | 'teacher' | null;
  /** A school or group page: target at least 100 requests/s at 32 connections. */
  page: boolean;
  /** Each connection from its own client address (the login: see load.ts). */
  perConnectionAddress?: boolean;
  /** It checks one password: its bare time has one argon2id verify per round beside its statements. */
  verifiesPassword?: boolean;
}

export interface Subject {
  schoolId: number;
  directeur: string;
  teacher: string;
  groupId: number;
  grade: number;
  pupilId: number;
}

export const PASSWORD = process.env.SCALE_PASSWORD ?? 'welkom-leerzicht';

/**
 * The school (SCALE_SCHOOL_ID, default 1: De Regenboog, the same original school in the small and the big
 * database), its directeur and teacher, the teacher's permitted group with the most national results, that
 * group's grade, and its pupil with the most national results.
 */
export async function findSubject(client: pg.ClientBase): Promise<Subject> {
  const schoolId = Number(process.env.SCALE_SCHOOL_ID ?? 1);
  const directeur = process.env.SCALE_DIRECTEUR ?? 'directeur';
  const teacher = process.env.SCALE_TEACHER ?? 'leerkracht';
  const { rows: groups } = await client.query<{ id: number; grade: number }>(
    `select y.id, y.grade from teacher_group_permissions p
       join users u on u.id = p.user_id join year_classes y on y.id = p.year_class_id
      where u.username = $1 and p.school_id = $2
      order by (select count(*) from national_test_scores n where n.year_class_id = y.id) desc, y.id limit 1`,
    [teacher, schoolId],
  );
  const group = groups[0];
  if (!group) throw new Error(`${teacher} has no group in school ${schoolId}`);
  const { rows: pupils } = await client.query<{ id: number }>(
    `select m.pupil_id as id from year_class_pupils m where m.year_class_id = $1
      order by (select count(*) from national_test_scores n where n.pupil_id = m.pupil_id) desc, m.pupil_id limit 1`,
    [group.id],
  );
  const pupil = pupils[0];
  if (!pupil) throw new Error(`group ${group.id} has no pupils`);
  return { schoolId, directeur, teacher, groupId: group.id, grade: group.grade, pupilId: pupil.id };
}

export function endpointsFor(subject: Subject, noteMarker: string): Endpoint[] {
  const all: Endpoint[] = [
    {
      name: 'school history',
      owner: 'D',
      method: 'GET',
      path: `/api/1.0/school_history/${subject.schoolId}/`,
      as: 'directeur',
      page: true,
    },
    {
      name: 'grade',
      owner: 'nobody',
      method: 'GET',
      path: `/api/1.0/schools/${subject.schoolId}/year_grades/${subject.grade}/`,
      as: 'directeur',
      page: true,
    },
    {
      name: 'year-class result',
      owner: 'E',
      method: 'GET',
      path: `/api/1.0/year_classes/${subject.groupId}/result/`,
      as: 'teacher',
      page: true,
    },
    {
      name: 'pupil',
      owner: 'nobody',
      method: 'GET',
      path: `/api/1.0/pupils/${subject.pupilId}/?school_id=${subject.schoolId}`,
      as: 'directeur',
      page: false,
    },
    {
      name: 'login',
      owner: 'nobody',
      method: 'POST',
      path: '/api/1.0/login/',
      body: JSON.stringify({ username: subject.directeur, password: PASSWORD }),
      as: null,
      page: false,
      perConnectionAddress: true,
      verifiesPassword: true,
    },
    {
      name: 'note create',
      owner: 'nobody',
      method: 'POST',
      path: '/api/1.0/pupil_note/',
      body: JSON.stringify({ pupilId: subject.pupilId, content: noteMarker }),
      as: 'directeur',
      page: false,
    },
  ];
  const only = process.env.SCALE_ENDPOINTS?.split(',').map((name) => name.trim());
  return only ? all.filter((endpoint) => only.includes(endpoint.name)) : all;
}
