import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNotesListSchema, type AllNoteKind } from '@leerzicht/contract';
import {
  auditLog,
  pupilNotes,
  scoreNotes,
  socialEmotionalObservations,
  yearClassNotes,
} from '../../src/db/schema/index';
import { METHODS, methodTestId, SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareRole,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createMethodScore, createNationalScore } from '../helpers/factories';

/*
 * GET /all_notes: every note about a group's pupils in one list. The test writes notes of each kind with their own
 * creation times, then derives the expected list (members, order, filters, confidentiality) from what it wrote.
 */
const NOW = new Date('2026-03-01T10:00:00Z');

interface Written {
  kind: AllNoteKind;
  id: number;
  category: string;
  pupilId: number | null;
  relatedPupilIds: number[];
  subjectId: number | null;
  confidential: boolean;
  authorId: number;
  archived: boolean;
  created: Date;
}

describe('all notes of a group (GET /all_notes)', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  /** The notes that belong to group A's list; notes of group B written beside them must never appear. */
  const written: Written[] = [];
  let minute = 0;
  const nextTime = () => new Date(Date.UTC(2026, 1, 1, 8, minute++));

  const get = (who: keyof CareTokens, query: string) =>
    t.app.inject(authed(tokens[who], { method: 'GET', url: api(`/all_notes/?${query}`) }));
  const groupQuery = () => `school_id=${f.school.id}&yearclass_id=${f.groupA.id}`;
  const listOf = async (who: keyof CareTokens, query: string) => {
    const response = await get(who, query);
    expect(response.statusCode).toBe(200);
    return allNotesListSchema.parse(response.json());
  };
  const key = (note: { kind: string; id: number }) => `${note.kind}:${note.id}`;
  const newestFirst = (rows: Written[]) =>
    [...rows].sort((a, b) => b.created.getTime() - a.created.getTime()).map(key);
  const seenBy = (role: CareRole) => (note: Written) =>
    !note.confidential || role === 'senco' || role === 'superuser' || note.authorId === f.users[role].id;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildCareSchool(db, 2025);
    tokens = await careTokens(t, f);
    const [jan, eva] = [getOf(f.pupilsA[0], 'Jan'), getOf(f.pupilsA[1], 'Eva')];
    const mila = getOf(f.pupilsB[0], 'Mila');
    const { teacher, senco, otherTeacher } = f.users;

    const pupilNote = async (
      pupilId: number,
      values: { category?: string; confidential?: boolean; authorId: number; archived?: boolean },
    ) => {
      const created = nextTime();
      const [row] = await db
        .insert(pupilNotes)
        .values({
          schoolId: f.school.id,
          pupilId,
          category: values.category ?? 'general',
          content: `Notitie ${minute}`,
          confidential: values.confidential ?? false,
          authorId: values.authorId,
          dateCreated: created,
          dateChanged: created,
          dateArchived: values.archived ? created : null,
        })
        .returning();
      return { row: getOf(row, 'pupil note'), created };
    };
    const addPupilNote = async (pupilId: number, values: Parameters<typeof pupilNote>[1]) => {
      const { row, created } = await pupilNote(pupilId, values);
      written.push({
        kind: 'pupil',
        id: row.id,
        category: row.category,
        pupilId,
        relatedPupilIds: [],
        subjectId: null,
        confidential: row.confidential,
        authorId: values.authorId,
        archived: values.archived ?? false,
        created,
      });
    };
    await addPupilNote(jan.id, { authorId: teacher.id });
    await addPupilNote(eva.id, { authorId: senco.id, confidential: true });
    await addPupilNote(jan.id, { authorId: teacher.id, confidential: true });
    await addPupilNote(eva.id, { authorId: teacher.id, category: 'cito_score' });
    await addPupilNote(jan.id, { authorId: teacher.id, archived: true });
    await pupilNote(mila.id, { authorId: otherTeacher.id });

    const scoreOf = async (pupilId: number, yearClassId: number) =>
      createNationalScore(db, {
        schoolId: f.school.id,
        pupilId,
        yearClassId,
        subject: 'RW',
        calendarYear: 2025,
        yearTime: 'M',
        grade: 5,
        abilityScore: 100,
        percentile: 50,
      });
    const scoreNote = async (
      values: { citoTestScoreId?: number; methodTestScoreId?: number },
      pupilId: number,
    ) => {
      const created = nextTime();
      const [row] = await db
        .insert(scoreNotes)
        .values({
          schoolId: f.school.id,
          pupilId,
          ...values,
          category: values.citoTestScoreId ? 'cito_score' : 'method_score',
          content: `Score ${minute}`,
          forwardLooking: values.citoTestScoreId ? 'Volgende keer extra oefenen' : null,
          authorId: senco.id,
          dateCreated: created,
          dateChanged: created,
        })
        .returning();
      return { row: getOf(row, 'score note'), created };
    };
    const cito = await scoreNote({ citoTestScoreId: (await scoreOf(jan.id, f.groupA.id)).id }, jan.id);
    written.push({
      kind: 'cito_score',
      id: cito.row.id,
      category: 'cito_score',
      pupilId: jan.id,
      relatedPupilIds: [],
      subjectId: SUBJECT_IDS.RW,
      confidential: false,
      authorId: senco.id,
      archived: false,
      created: cito.created,
    });
    const testId = methodTestId(getOf(METHODS[0], 'method').id, 5, 1);
    const methodScore = await createMethodScore(db, {
      schoolId: f.school.id,
      pupilId: eva.id,
      yearClassId: f.groupA.id,
      methodTestId: testId,
      calendarYear: 2025,
      performance: 'V',
      score: 20,
      testDate: '2026-02-01',
    });
    const method = await scoreNote({ methodTestScoreId: methodScore.id }, eva.id);
    written.push({
      kind: 'method_score',
      id: method.row.id,
      category: 'method_score',
      pupilId: eva.id,
      relatedPupilIds: [],
      subjectId: methodScore.subjectId,
      confidential: false,
      authorId: senco.id,
      archived: false,
      created: method.created,
    });
    await scoreNote({ citoTestScoreId: (await scoreOf(mila.id, f.groupB.id)).id }, mila.id);

    const groupNote = async (yearClassId: number, relatedPupilIds: number[], subjectId: number) => {
      const created = nextTime();
      const [row] = await db
        .insert(yearClassNotes)
        .values({
          schoolId: f.school.id,
          yearClassId,
          kind: 'test_moment',
          subjectId,
          calendarYear: 2025,
          yearTime: 'M',
          content: `Groep ${minute}`,
          relatedPupilIds,
          authorId: teacher.id,
          dateCreated: created,
          dateChanged: created,
        })
        .returning();
      return { row: getOf(row, 'group note'), created };
    };
    const moment = await groupNote(f.groupA.id, [eva.id], SUBJECT_IDS.TBL);
    written.push({
      kind: 'test_moment',
      id: moment.row.id,
      category: 'test_moment',
      pupilId: null,
      relatedPupilIds: [eva.id],
      subjectId: SUBJECT_IDS.TBL,
      confidential: false,
      authorId: teacher.id,
      archived: false,
      created: moment.created,
    });
    await groupNote(f.groupB.id, [mila.id], SUBJECT_IDS.TBL);

    const observation = async (pupilId: number, content: string) => {
      const created = nextTime();
      const [row] = await db
        .insert(socialEmotionalObservations)
        .values({
          schoolId: f.school.id,
          pupilId,
          yearClassId: f.groupA.id,
          calendarYear: 2025,
          observedOn: '2026-01-15',
          ratings: { welbevinden: 4 },
          content,
          authorId: senco.id,
          dateCreated: created,
        })
        .returning();
      return { row: getOf(row, 'observation'), created };
    };
    const observed = await observation(jan.id, 'Speelt weer mee in de pauze.');
    written.push({
      kind: 'social_emotional',
      id: observed.row.id,
      category: 'social_emotional',
      pupilId: jan.id,
      relatedPupilIds: [],
      subjectId: null,
      confidential: false,
      authorId: senco.id,
      archived: false,
      created: observed.created,
    });
    // An observation without a text is a rating, not a note: it stays out.
    await observation(eva.id, '');
  });
  afterAll(() => t.close());

  it('lists every kind of note of the group’s pupils, newest first, without archived notes or other groups', async () => {
    const list = await listOf('senco', groupQuery());
    const expected = newestFirst(written.filter((note) => !note.archived));
    expect(list.results.map(key)).toEqual(expected);
    expect(list.count).toBe(expected.length);
    const kinds = new Set(list.results.map((note) => note.kind));
    expect(kinds).toEqual(
      new Set(['pupil', 'cito_score', 'method_score', 'test_moment', 'social_emotional']),
    );
    const moment = list.results.find((note) => note.kind === 'test_moment');
    expect(moment?.relatedPupils.map((p) => p.name)).toEqual(['Eva de Boer']);
    const cito = list.results.find((note) => note.kind === 'cito_score');
    expect(cito?.pupil?.name).toBe('Jan van Dijk');
    expect(cito?.forwardLooking).toBe('Volgende keer extra oefenen');
    expect(cito?.yearTime).toBe('M');
  });

  it('shows confidential notes of others only to sencos and superusers; edits only to their authors', async () => {
    for (const role of ['teacher', 'superuser'] as const) {
      const list = await listOf(role, groupQuery());
      const expected = newestFirst(written.filter((note) => !note.archived && seenBy(role)(note)));
      expect(list.results.map(key)).toEqual(expected);
    }
    const teacherList = await listOf('teacher', groupQuery());
    const byKey = new Map(written.map((note) => [key(note), note]));
    for (const note of teacherList.results) {
      expect(note.canEdit).toBe(byKey.get(key(note))?.authorId === f.users.teacher.id);
    }
  });

  it('filters on category (a pupil note’s category or a kind), subject, pupil and archived', async () => {
    const active = written.filter((note) => !note.archived);
    const check = async (query: string, expected: Written[]) => {
      const list = await listOf('senco', `${groupQuery()}&${query}`);
      expect(list.results.map(key)).toEqual(newestFirst(expected));
      expect(list.count).toBe(expected.length);
    };
    await check(
      'category=cito_score',
      active.filter((note) => note.category === 'cito_score' || note.kind === 'cito_score'),
    );
    await check(
      'category=test_moment',
      active.filter((note) => note.kind === 'test_moment'),
    );
    await check(
      `subject_id=${SUBJECT_IDS.RW}`,
      active.filter((note) => note.subjectId === SUBJECT_IDS.RW),
    );
    const eva = getOf(f.pupilsA[1], 'Eva').id;
    await check(
      `pupil_id=${eva}`,
      active.filter((note) => note.pupilId === eva || note.relatedPupilIds.includes(eva)),
    );
    await check(
      'archived=true',
      written.filter((note) => note.archived),
    );
    await check('archived=all', written);
  });

  it('pages by limit and offset with the total count', async () => {
    const expected = newestFirst(written.filter((note) => !note.archived));
    const page = await listOf('senco', `${groupQuery()}&limit=3&offset=2`);
    expect(page.count).toBe(expected.length);
    expect(page.results.map(key)).toEqual(expected.slice(2, 5));
  });

  it('answers 404 outside the user’s groups and schools, 403 to restricted users, 200 to read-only sessions', async () => {
    expect((await get('otherTeacher', groupQuery())).statusCode).toBe(404);
    expect((await get('outsider', groupQuery())).statusCode).toBe(404);
    expect((await get('senco', `school_id=${f.other.id}&yearclass_id=${f.groupA.id}`)).statusCode).toBe(404);
    expect((await get('restricted', groupQuery())).statusCode).toBe(403);
    expect((await get('demo', groupQuery())).statusCode).toBe(200);
    const impersonated = await listOf('impersonated', groupQuery());
    expect(impersonated.results.map(key)).toEqual(
      newestFirst(written.filter((note) => !note.archived && seenBy('teacher')(note))),
    );
    expect((await get('senco', `school_id=${f.school.id}`)).statusCode).toBe(400);
  });

  it('audits the read', async () => {
    const reads = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'pupil_data.read'),
            eq(auditLog.actorUserId, f.users.superuser.id),
            like(auditLog.entity, '%all_notes%'),
          ),
        );
    const before = (await reads()).length;
    await listOf('superuser', groupQuery());
    await expect.poll(async () => (await reads()).length).toBe(before + 1);
  });
});
