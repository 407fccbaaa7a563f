import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { pupilDetailSchema, scoreNoteSchema } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createMethodScore, createNationalScore, createYearClass } from '../helpers/factories';
import { METHODS, methodTestId } from '../../src/seed/catalog';
import { scoreNotes } from '../../src/db/schema/index';

/*
 * Notes on one result: national (with the forward-looking note) and method (without). The pupil and school come
 * from the score; other groups and schools answer 404; a colleague's note may not be changed; refused writes change
 * nothing; the note then shows where the score is shown (the pupil detail).
 */
const NOW = new Date('2026-03-01T10:00:00Z');

describe('score notes', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const ids = { cito: 0, method: 0, otherGroup: 0, otherSchool: 0 };
  const call = (
    who: keyof CareTokens,
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
  ) => t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const noteCount = async () => (await t.database.db.select({ n: count() }).from(scoreNotes))[0]?.n ?? -1;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildCareSchool(db, 2025);
    tokens = await careTokens(t, f);
    const pupil = getOf(f.pupilsA[0], 'pupil');
    const national = (schoolId: number, pupilId: number, yearClassId: number) =>
      createNationalScore(db, {
        schoolId,
        pupilId,
        yearClassId,
        subject: 'RW',
        calendarYear: 2025,
        yearTime: 'M',
        grade: 5,
        testDate: '2026-01-20',
        abilityScore: 100,
        percentile: 50,
      });
    ids.cito = (await national(f.school.id, pupil.id, f.groupA.id)).id;
    ids.otherGroup = (await national(f.school.id, getOf(f.pupilsB[0], 'pupil B').id, f.groupB.id)).id;
    const otherGroup = await createYearClass(db, f.other.id, {
      name: 'Groep 5b',
      grade: 5,
      calendarYear: 2025,
    });
    ids.otherSchool = (await national(f.other.id, f.otherPupil.id, otherGroup.id)).id;
    ids.method = (
      await createMethodScore(db, {
        schoolId: f.school.id,
        pupilId: pupil.id,
        yearClassId: f.groupA.id,
        methodTestId: methodTestId(METHODS[0]?.id ?? 1, 5, 1),
        calendarYear: 2025,
        score: 20,
        performance: 'V',
        testDate: '2026-02-01',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('writes a note with a forward-looking note on a national result, shown with the pupil’s scores', async () => {
    const response = await call('teacher', 'POST', '/cito_score_note/', {
      citoTestScoreId: ids.cito,
      content: 'Rekenen ging sneller dan verwacht.',
      forwardLooking: 'Volgende periode: verrijkingsstof breuken.',
    });
    expect(response.statusCode).toBe(201);
    const note = scoreNoteSchema.parse(response.json());
    expect(note).toMatchObject({
      citoTestScoreId: ids.cito,
      methodTestScoreId: null,
      pupilId: getOf(f.pupilsA[0], 'pupil').id,
      category: 'cito_score',
      forwardLooking: 'Volgende periode: verrijkingsstof breuken.',
    });
    const detail = await call('teacher', 'GET', `/pupils/${note.pupilId}/?school_id=${f.school.id}`);
    expect(pupilDetailSchema.parse(detail.json()).scoreNotes.map((n) => n.id)).toContain(note.id);
  });

  it('refuses a forward-looking note on a method result with a message on that field, changing nothing', async () => {
    const before = await noteCount();
    const response = await call('teacher', 'POST', '/method_score_note/', {
      methodTestScoreId: ids.method,
      content: 'Blok 1 matig',
      forwardLooking: 'Niet hier',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
      'forwardLooking',
    ]);
    expect(await noteCount()).toBe(before);
    const ok = await call('teacher', 'POST', '/method_score_note/', {
      methodTestScoreId: ids.method,
      content: 'Blok 1 matig',
    });
    expect(ok.statusCode).toBe(201);
    expect(scoreNoteSchema.parse(ok.json())).toMatchObject({
      methodTestScoreId: ids.method,
      category: 'method_score',
      forwardLooking: null,
    });
  });

  it('answers 404 for a score of another group or school, 403 to restricted, demo and impersonated users', async () => {
    const before = await noteCount();
    const body = (id: number) => ({ citoTestScoreId: id, content: 'Mag niet' });
    expect((await call('teacher', 'POST', '/cito_score_note/', body(ids.otherGroup))).statusCode).toBe(404);
    expect((await call('teacher', 'POST', '/cito_score_note/', body(ids.otherSchool))).statusCode).toBe(404);
    expect((await call('teacher', 'POST', '/cito_score_note/', body(99_999))).statusCode).toBe(404);
    for (const who of ['restricted', 'demo', 'impersonated'] as const)
      expect((await call(who, 'POST', '/cito_score_note/', body(ids.cito))).statusCode).toBe(403);
    expect(await noteCount()).toBe(before);
  });

  it('lets the author and the senco change and delete a note, not a colleague', async () => {
    const created = await call('teacher', 'POST', '/cito_score_note/', {
      citoTestScoreId: ids.cito,
      content: 'Eerste versie',
    });
    const id = scoreNoteSchema.parse(created.json()).id;
    expect(
      (await call('otherTeacher', 'PATCH', `/cito_score_note/${id}/`, { content: 'Overschreven' }))
        .statusCode,
    ).toBe(404);
    const changed = await call('senco', 'PATCH', `/cito_score_note/${id}/`, {
      forwardLooking: 'Extra instructie',
    });
    expect(changed.statusCode).toBe(200);
    expect(scoreNoteSchema.parse(changed.json())).toMatchObject({
      content: 'Eerste versie',
      forwardLooking: 'Extra instructie',
    });
    // The same id under the other kind does not exist.
    expect((await call('teacher', 'DELETE', `/method_score_note/${id}/`)).statusCode).toBe(404);
    expect((await call('teacher', 'DELETE', `/cito_score_note/${id}/`)).statusCode).toBe(204);
    expect((await call('teacher', 'DELETE', `/cito_score_note/${id}/`)).statusCode).toBe(404);
  });
});
