/**
 * What the soak sends (bench/soak): the kinds of request, their shares, who sends them and about which groups,
 * pupils and schools of the demo. The paths come from the contract's endpoint definitions.
 */
import {
  endpointPath,
  invitationEndpoints,
  noteEndpoints,
  pupilEndpoints,
  resultEndpoints,
  type CreateInvitationsRequest,
  type EndpointDefinition,
  type PupilNoteCreate,
} from '@leerzicht/contract';
import type pg from 'pg';
import { browserHeaders, type Call } from './client';

/** The kinds drawn at random for each request (see SHARES). */
const MIXED_KINDS = ['group result', 'pupil', 'school history', 'note create'] as const;
export type MixedKind = (typeof MIXED_KINDS)[number];
/** Every kind: the mixed ones, and the invitations, which follow their own pace. */
export const KINDS = [...MIXED_KINDS, 'invitation'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Shares of the kinds drawn at random for each request: mostly the pages a school reads, and note writes. The
 * invitations follow their own pace (the server's limits on invitations allow only so many, see soak.bench.ts).
 */
export const SHARES: Record<MixedKind, number> = {
  'group result': 35,
  pupil: 30,
  'school history': 20,
  'note create': 15,
};

const API = '/api/1.0';
const path = (endpoint: EndpointDefinition, params: Record<string, unknown>) =>
  `${API}${endpointPath(endpoint.path, params)}`;

/** A demo user who reads groups and pupils and writes notes, with the groups and pupils they may see. */
export interface Reader {
  username: string;
  groupIds: number[];
  pupilIds: number[];
}

export interface Scope {
  schoolId: number;
  /** ib (the senco: every group of the school's last two school years) and leerkracht (their own groups). */
  readers: Reader[];
  /** The superuser who reads school histories and sends invitations, and the schools they do so in. */
  superuser: string;
  superuserSchoolIds: number[];
}

async function pupilsOf(client: pg.ClientBase, groupIds: number[]): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `select distinct pupil_id as id from year_class_pupils where year_class_id = any($1::int[]) order by 1`,
    [groupIds],
  );
  return rows.map((row) => row.id);
}

/** The demo's groups, pupils and schools for the soak's users, read from the seeded database. */
export async function findScope(client: pg.ClientBase, schoolId = 1): Promise<Scope> {
  const { rows: senco } = await client.query<{ id: number }>(
    `select id from year_classes
      where school_id = $1 and calendar_year >= (select max(calendar_year) - 1 from year_classes where school_id = $1)
      order by id`,
    [schoolId],
  );
  const { rows: teacher } = await client.query<{ id: number }>(
    `select p.year_class_id as id from teacher_group_permissions p join users u on u.id = p.user_id
      where u.username = 'leerkracht' and p.school_id = $1 order by 1`,
    [schoolId],
  );
  const { rows: schools } = await client.query<{ id: number }>(
    `select m.school_id as id from school_memberships m join users u on u.id = m.user_id
      where u.username = 'directeur' and m.is_school_superuser order by 1`,
  );
  const readers: Reader[] = [
    { username: 'ib', groupIds: senco.map((row) => row.id), pupilIds: [] },
    { username: 'leerkracht', groupIds: teacher.map((row) => row.id), pupilIds: [] },
  ];
  for (const reader of readers) {
    if (reader.groupIds.length === 0)
      throw new Error(`${reader.username} has no groups in school ${schoolId}`);
    reader.pupilIds = await pupilsOf(client, reader.groupIds);
  }
  if (schools.length === 0) throw new Error('directeur is superuser of no school');
  return { schoolId, readers, superuser: 'directeur', superuserSchoolIds: schools.map((row) => row.id) };
}

/** Session tokens by username. */
export type Tokens = ReadonlyMap<string, string>;

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

function token(tokens: Tokens, username: string): string {
  const found = tokens.get(username);
  if (!found) throw new Error(`no session for ${username}`);
  return found;
}

/** A kind drawn by SHARES. */
export function drawKind(): MixedKind {
  const total = Object.values(SHARES).reduce((sum, share) => sum + share, 0);
  let left = Math.random() * total;
  for (const kind of MIXED_KINDS) {
    left -= SHARES[kind];
    if (left < 0) return kind;
  }
  return 'group result';
}

/** One request of `kind`, by a user and about a group, pupil or school drawn at random. */
export function callFor(kind: MixedKind, scope: Scope, tokens: Tokens, serial: number): Call {
  const reader = pick(scope.readers);
  const headers = browserHeaders(token(tokens, reader.username));
  switch (kind) {
    case 'group result':
      return {
        method: 'GET',
        path: path(resultEndpoints.yearClassResult, { id: pick(reader.groupIds) }),
        headers,
      };
    case 'pupil':
      return {
        method: 'GET',
        path: `${path(pupilEndpoints.detail, { id: pick(reader.pupilIds) })}?school_id=${scope.schoolId}`,
        headers,
      };
    case 'school history':
      return {
        method: 'GET',
        path: path(resultEndpoints.schoolHistory, { id: pick(scope.superuserSchoolIds) }),
        headers: browserHeaders(token(tokens, scope.superuser)),
      };
    case 'note create': {
      const note: PupilNoteCreate = { pupilId: pick(reader.pupilIds), content: `Soak note ${serial}.` };
      return { method: 'POST', path: path(noteEndpoints.create, {}), headers, body: JSON.stringify(note) };
    }
  }
}

/** The `serial`-th invitation: one new address, to the superuser's schools in turn. */
export function invitationCall(scope: Scope, tokens: Tokens, runTag: string, serial: number): Call {
  const schoolId = scope.superuserSchoolIds[serial % scope.superuserSchoolIds.length] ?? scope.schoolId;
  const invitation: CreateInvitationsRequest = {
    schoolId,
    emails: [`soak-${runTag}-${serial}@soak.example`],
  };
  return {
    method: 'POST',
    path: path(invitationEndpoints.create, {}),
    headers: browserHeaders(token(tokens, scope.superuser)),
    body: JSON.stringify(invitation),
  };
}
