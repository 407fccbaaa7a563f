import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pupilDetailSchema,
  readSchoolHistory,
  scoreNoteSchema,
  yearClassNoteSchema,
  readYearClassResult,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createNationalScore } from '../helpers/factories';
import { SUBJECT_IDS } from '../../src/seed/catalog';

/*
 * Notes travel with the results (pupil detail, group result, school history): there too a confidential note is read
 * only by its author, sencos and superusers, and a restricted user reads the results without any note.
 */
const NOW = new Date('2026-03-01T10:00:00Z');

describe('notes shown with results', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const ids = { open: 0, secret: 0, ownSecret: 0, openGroup: 0, secretGroup: 0 };
  const call = (who: keyof CareTokens, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const pupil = () => getOf(f.pupilsA[0], 'pupil');

  const scoreNotesOf = async (who: keyof CareTokens) => {
    const detail = await call(who, 'GET', `/pupils/${pupil().id}/?school_id=${f.school.id}`);
    expect(detail.statusCode).toBe(200);
    const fromDetail = pupilDetailSchema.parse(detail.json()).scoreNotes.map((note) => note.id);
    const group = await call(who, 'GET', `/year_classes/${f.groupA.id}/result/`);
    expect(group.statusCode).toBe(200);
    const result = readYearClassResult(group.json());
    const fromGroup = result.pupils.flatMap((p) => p.citoNotes.map((note) => note.id));
    expect(fromGroup.sort()).toEqual([...fromDetail].sort());
    return new Set(fromDetail);
  };
  const groupNotesOf = async (who: keyof CareTokens) => {
    const group = readYearClassResult(
      (await call(who, 'GET', `/year_classes/${f.groupA.id}/result/`)).json(),
    );
    const history = readSchoolHistory((await call(who, 'GET', `/school_history/${f.school.id}/`)).json());
    const fromGroup = group.testMomentNotes.map((note) => note.id).sort();
    expect(history.notes.map((note) => note.id).sort()).toEqual(fromGroup);
    return new Set(fromGroup);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
    const score = await createNationalScore(t.database.db, {
      schoolId: f.school.id,
      pupilId: pupil().id,
      yearClassId: f.groupA.id,
      subject: 'RW',
      calendarYear: 2025,
      yearTime: 'M',
      grade: 5,
      testDate: '2026-01-20',
      abilityScore: 100,
      percentile: 50,
    });
    const scoreNote = async (who: keyof CareTokens, confidential: boolean) => {
      const response = await call(who, 'POST', '/cito_score_note/', {
        citoTestScoreId: score.id,
        content: confidential ? 'Thuissituatie speelt mee.' : 'Rekende snel.',
        confidential,
      });
      expect(response.statusCode).toBe(201);
      const note = scoreNoteSchema.parse(response.json());
      expect(note.confidential).toBe(confidential);
      return note.id;
    };
    ids.open = await scoreNote('senco', false);
    ids.secret = await scoreNote('senco', true);
    ids.ownSecret = await scoreNote('teacher', true);
    const groupNote = async (confidential: boolean) => {
      const response = await call('senco', 'POST', '/year_class_notes/', {
        yearClassId: f.groupA.id,
        kind: 'test_moment',
        subjectId: SUBJECT_IDS.RW,
        calendarYear: 2025,
        yearTime: 'M',
        content: confidential ? 'Onrustige groep na ruzie.' : 'Rekenen ging goed.',
        confidential,
      });
      expect(response.statusCode).toBe(201);
      return yearClassNoteSchema.parse(response.json()).id;
    };
    ids.openGroup = await groupNote(false);
    ids.secretGroup = await groupNote(true);
  });
  afterAll(() => t.close());

  it('shows a teacher the open notes and their own confidential ones, a senco all of them', async () => {
    expect(await scoreNotesOf('teacher')).toEqual(new Set([ids.open, ids.ownSecret]));
    expect(await scoreNotesOf('senco')).toEqual(new Set([ids.open, ids.secret, ids.ownSecret]));
    expect(await scoreNotesOf('superuser')).toEqual(new Set([ids.open, ids.secret, ids.ownSecret]));
    expect(await groupNotesOf('teacher')).toEqual(new Set([ids.openGroup]));
    expect(await groupNotesOf('senco')).toEqual(new Set([ids.openGroup, ids.secretGroup]));
  });

  it('answers 404 to a teacher changing a confidential note they cannot read, and changes nothing', async () => {
    const patch = (url: string) =>
      t.app.inject(
        authed(tokens.teacher, { method: 'PATCH', url: api(url), payload: { content: 'Gewijzigd' } }),
      );
    expect((await patch(`/cito_score_note/${ids.secret}/`)).statusCode).toBe(404);
    expect((await patch(`/year_class_notes/${ids.secretGroup}/`)).statusCode).toBe(404);
    expect((await patch(`/cito_score_note/${ids.open}/`)).statusCode).toBe(403);
    const detail = pupilDetailSchema.parse(
      (await call('senco', 'GET', `/pupils/${pupil().id}/?school_id=${f.school.id}`)).json(),
    );
    expect(detail.scoreNotes.find((note) => note.id === ids.secret)?.content).toBe(
      'Thuissituatie speelt mee.',
    );
  });

  it('gives a restricted user the results without a single note', async () => {
    expect(await scoreNotesOf('restricted')).toEqual(new Set());
    expect(await groupNotesOf('restricted')).toEqual(new Set());
    const group = readYearClassResult(
      (await call('restricted', 'GET', `/year_classes/${f.groupA.id}/result/`)).json(),
    );
    expect(group.pupils.flatMap((p) => p.scores).length).toBeGreaterThan(0);
  });
});
