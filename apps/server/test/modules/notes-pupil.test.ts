import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { NOTE_LIMIT, pupilNoteListSchema, pupilNoteSchema } from '@leerzicht/contract';
import { permitGroup } from '../helpers/factories';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { pupilNotes } from '../../src/db/schema/index';

/*
 * Pupil notes: every call with the role and tenant matrix, confidential notes hidden from those who may not read
 * them, restricted users refused, and refused writes changing nothing. Expected lists are computed from the notes
 * this test created.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025

describe('pupil notes', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const call = (
    who: keyof CareTokens,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject(authed(tokens[who], { method, url: api(url), ...(payload ? { payload } : {}) }));
  const noteCount = async () => (await t.database.db.select({ n: count() }).from(pupilNotes))[0]?.n ?? -1;
  const pupil = () => getOf(f.pupilsA[0], 'pupil');
  const list = async (who: keyof CareTokens, query: string) => {
    const response = await call(who, 'GET', `/pupil_note/?pupil_id=${pupil().id}${query}`);
    expect(response.statusCode).toBe(200);
    return pupilNoteListSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(t.database.db, 2025);
    tokens = await careTokens(t, f);
    // A colleague who also teaches group A: reads the group's notes, may not change someone else's.
    await permitGroup(t.database.db, f.school.id, f.users.otherTeacher.id, f.groupA.id);
  });
  afterAll(() => t.close());

  it('lets a teacher write a note on a pupil of their group, with author and dates kept', async () => {
    const response = await call('teacher', 'POST', '/pupil_note/', {
      pupilId: pupil().id,
      content: '  Werkt geconcentreerd na de pauze.  ',
    });
    expect(response.statusCode).toBe(201);
    const note = pupilNoteSchema.parse(response.json());
    expect(note).toMatchObject({
      pupilId: pupil().id,
      category: 'general',
      content: 'Werkt geconcentreerd na de pauze.',
      confidential: false,
      dateArchived: null,
      authorId: f.users.teacher.id,
      canEdit: true,
    });
    expect(note.authorName).toContain('Tom');
    expect(note.dateCreated).toBe(NOW.toISOString());
  });

  it('hides confidential notes from teachers who did not write them', async () => {
    const secret = await call('senco', 'POST', '/pupil_note/', {
      pupilId: pupil().id,
      content: 'Zorgmelding: gesprek met ouders over thuissituatie.',
      category: 'social_emotional',
      confidential: true,
    });
    expect(secret.statusCode).toBe(201);
    const id = pupilNoteSchema.parse(secret.json()).id;
    const own = await call('teacher', 'POST', '/pupil_note/', {
      pupilId: pupil().id,
      content: 'Eigen vertrouwelijke aantekening.',
      confidential: true,
    });
    const ownId = pupilNoteSchema.parse(own.json()).id;
    const ids = async (who: keyof CareTokens) => (await list(who, '')).results.map((note) => note.id);
    expect(await ids('teacher')).toContain(ownId);
    expect(await ids('teacher')).not.toContain(id);
    expect(await ids('senco')).toEqual(expect.arrayContaining([id, ownId]));
    expect(await ids('superuser')).toEqual(expect.arrayContaining([id, ownId]));
    // Not even by its number: someone else's confidential note answers 404 to a teacher.
    expect((await call('teacher', 'PATCH', `/pupil_note/${id}/`, { content: 'x' })).statusCode).toBe(404);
  });

  it('refuses other groups and schools (404), restricted users (403) and anonymous callers (401)', async () => {
    const other = getOf(f.pupilsB[0], 'pupil B');
    expect((await call('teacher', 'GET', `/pupil_note/?pupil_id=${other.id}`)).statusCode).toBe(404);
    expect(
      (await call('teacher', 'POST', '/pupil_note/', { pupilId: other.id, content: 'Niet mijn groep' }))
        .statusCode,
    ).toBe(404);
    expect((await call('outsider', 'GET', `/pupil_note/?pupil_id=${pupil().id}`)).statusCode).toBe(404);
    expect((await call('restricted', 'GET', `/pupil_note/?pupil_id=${pupil().id}`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/pupil_note/?pupil_id=${pupil().id}`) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a colleague read a note but not change or delete it, and refuses demo and impersonated writes', async () => {
    const created = await call('teacher', 'POST', '/pupil_note/', {
      pupilId: pupil().id,
      content: 'Van Tom',
    });
    const note = pupilNoteSchema.parse(created.json());
    const before = await noteCount();
    // The colleague (otherTeacher, permitted on group A in beforeAll, not the author) reads the note, marked as
    // not theirs to change, and is refused changing or deleting it.
    const seen = (await list('otherTeacher', '')).results.find((candidate) => candidate.id === note.id);
    expect(seen).toMatchObject({
      id: note.id,
      content: 'Van Tom',
      authorId: f.users.teacher.id,
      canEdit: false,
    });
    const patched = await call('otherTeacher', 'PATCH', `/pupil_note/${note.id}/`, { content: 'Aangepast' });
    expect(patched.statusCode).toBe(403);
    const archived = await call('otherTeacher', 'PATCH', `/pupil_note/${note.id}/`, {
      dateArchived: '2026-02-20T09:00:00.000Z',
    });
    expect(archived.statusCode).toBe(403);
    expect((await call('otherTeacher', 'DELETE', `/pupil_note/${note.id}/`)).statusCode).toBe(403);
    // A restricted user of the same group reads no notes at all, and changes none.
    const asRestricted = await call('restricted', 'PATCH', `/pupil_note/${note.id}/`, {
      content: 'Aangepast',
    });
    expect(asRestricted.statusCode).toBe(403);
    for (const who of ['demo', 'impersonated'] as const) {
      expect(
        (await call(who, 'POST', '/pupil_note/', { pupilId: pupil().id, content: 'Demo' })).statusCode,
      ).toBe(403);
      expect((await call(who, 'DELETE', `/pupil_note/${note.id}/`)).statusCode).toBe(403);
    }
    expect(await noteCount()).toBe(before);
    const [stored] = await t.database.db.select().from(pupilNotes).where(eq(pupilNotes.id, note.id));
    expect(stored?.content).toBe('Van Tom');
    expect(stored?.dateArchived).toBeNull();
    const bySenco = await call('senco', 'PATCH', `/pupil_note/${note.id}/`, { content: 'Aangevuld door IB' });
    expect(bySenco.statusCode).toBe(200);
    expect(pupilNoteSchema.parse(bySenco.json()).content).toBe('Aangevuld door IB');
  });

  it('archives and restores a note: the active and archived lists follow', async () => {
    const created = await call('teacher', 'POST', '/pupil_note/', {
      pupilId: pupil().id,
      content: 'Te archiveren',
    });
    const id = pupilNoteSchema.parse(created.json()).id;
    const archivedAt = '2026-02-20T09:00:00.000Z';
    const archived = await call('teacher', 'PATCH', `/pupil_note/${id}/`, { dateArchived: archivedAt });
    expect(pupilNoteSchema.parse(archived.json()).dateArchived).toBe(archivedAt);
    expect((await list('teacher', '&archived=true')).results.map((n) => n.id)).toContain(id);
    expect((await list('teacher', '&archived=false')).results.map((n) => n.id)).not.toContain(id);
    const restored = await call('teacher', 'PATCH', `/pupil_note/${id}/`, { dateArchived: null });
    expect(pupilNoteSchema.parse(restored.json()).dateArchived).toBeNull();
    expect((await list('teacher', '&archived=false')).results.map((n) => n.id)).toContain(id);
    const removed = await call('teacher', 'DELETE', `/pupil_note/${id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await list('teacher', '')).results.map((n) => n.id)).not.toContain(id);
  });

  it('gives per-field errors for an empty or too long note and an unknown category, changing nothing', async () => {
    const before = await noteCount();
    const cases: [object, string][] = [
      [{ pupilId: pupil().id, content: '   ' }, 'content'],
      [{ pupilId: pupil().id, content: 'x'.repeat(NOTE_LIMIT + 1) }, 'content'],
      [{ pupilId: pupil().id, content: 'Goed', category: 'bestaat-niet' }, 'category'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('teacher', 'POST', '/pupil_note/', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
    }
    expect(await noteCount()).toBe(before);
    // The limit itself is fine.
    const atLimit = await call('teacher', 'POST', '/pupil_note/', {
      pupilId: pupil().id,
      content: 'y'.repeat(NOTE_LIMIT),
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it('pages the list newest first, with the count of every note the reader sees', async () => {
    const all = await list('superuser', '&limit=1000');
    const page = await list('superuser', '&limit=2&offset=1');
    expect(page.count).toBe(all.count);
    expect(page.results.map((n) => n.id)).toEqual(all.results.slice(1, 3).map((n) => n.id));
    const dates = all.results.map((n) => `${n.dateCreated}|${String(n.id).padStart(8, '0')}`);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("lists the school's categories, built-in ones first", async () => {
    const response = await call('teacher', 'GET', `/note_category_options/?school_id=${f.school.id}`);
    expect(response.statusCode).toBe(200);
    const codes = response.json<{ code: string | null }[]>().map((c) => c.code);
    expect(codes.slice(0, 4)).toEqual(['general', 'method_score', 'cito_score', 'social_emotional']);
    expect(
      (await call('outsider', 'GET', `/note_category_options/?school_id=${f.school.id}`)).statusCode,
    ).toBe(404);
  });
});
