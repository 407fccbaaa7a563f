import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { yearClassNoteSchema, readYearClassResult } from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { yearClassNotes } from '../../src/db/schema/index';

/*
 * A group's notes on a test moment (naming pupils of the group) and on a method test: created, changed and deleted
 * by those allowed, refused to others without a change, and shown with the group's results.
 */
const NOW = new Date('2026-03-01T10:00:00Z');

describe('group notes (test moment, method test)', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const call = (
    who: keyof CareTokens,
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
  ) => t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const noteCount = async () => (await t.database.db.select({ n: count() }).from(yearClassNotes))[0]?.n ?? -1;
  const moment = () => ({
    yearClassId: f.groupA.id,
    kind: 'test_moment',
    subjectId: SUBJECT_IDS.RW,
    calendarYear: 2025,
    yearTime: 'M',
  });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
  });
  afterAll(() => t.close());

  it('writes a test-moment note naming pupils of the group, shown with the group’s results', async () => {
    const related = f.pupilsA.slice(0, 2).map((p) => p.id);
    const response = await call('teacher', 'POST', '/year_class_notes/', {
      ...moment(),
      content: 'Breuken waren lastig voor deze twee.',
      relatedPupils: [...related, related[0]],
    });
    expect(response.statusCode).toBe(201);
    const note = yearClassNoteSchema.parse(response.json());
    expect(note).toMatchObject({
      kind: 'test_moment',
      yearTime: 'M',
      methodTestId: null,
      relatedPupilIds: related,
    });
    const result = readYearClassResult(
      (await call('teacher', 'GET', `/year_classes/${f.groupA.id}/result/`)).json(),
    );
    const shown = result.testMomentNotes.find((item) => item.id === note.id);
    expect(shown?.relatedPupils.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      [...related].sort((a, b) => a - b),
    );
  });

  it('refuses pupils outside the group, a moment without its time, and pupils on a method-test note', async () => {
    const before = await noteCount();
    const outsider = getOf(f.pupilsB[0], 'pupil B').id;
    const cases: [object, string][] = [
      [{ ...moment(), content: 'x', relatedPupils: [outsider] }, 'relatedPupils'],
      [{ ...moment(), yearTime: null, content: 'x' }, 'yearTime'],
      [
        { ...moment(), kind: 'method_test', yearTime: null, methodTestId: null, content: 'x' },
        'methodTestId',
      ],
      [{ ...moment(), content: '   ' }, 'content'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('teacher', 'POST', '/year_class_notes/', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    }
    expect(await noteCount()).toBe(before);
  });

  it('answers 404 for another group or school and 403 to restricted, demo and impersonated users, changing nothing', async () => {
    const before = await noteCount();
    const payload = { ...moment(), content: 'Mag niet' };
    expect(
      (await call('teacher', 'POST', '/year_class_notes/', { ...payload, yearClassId: f.groupB.id }))
        .statusCode,
    ).toBe(404);
    expect((await call('outsider', 'POST', '/year_class_notes/', payload)).statusCode).toBe(404);
    for (const who of ['restricted', 'demo', 'impersonated'] as const)
      expect((await call(who, 'POST', '/year_class_notes/', payload)).statusCode).toBe(403);
    expect(await noteCount()).toBe(before);
  });

  it('lets the author and the senco change and delete a note', async () => {
    const created = await call('teacher', 'POST', '/year_class_notes/', {
      ...moment(),
      content: 'Eerste versie',
    });
    const id = yearClassNoteSchema.parse(created.json()).id;
    const third = getOf(f.pupilsA[2], 'third pupil').id;
    const changed = await call('senco', 'PATCH', `/year_class_notes/${id}/`, {
      content: 'Aangevuld',
      relatedPupils: [third],
    });
    expect(changed.statusCode).toBe(200);
    expect(yearClassNoteSchema.parse(changed.json())).toMatchObject({
      content: 'Aangevuld',
      relatedPupilIds: [third],
    });
    expect((await call('teacher', 'DELETE', `/year_class_notes/${id}/`)).statusCode).toBe(204);
    expect((await call('teacher', 'DELETE', `/year_class_notes/${id}/`)).statusCode).toBe(404);
  });
});
