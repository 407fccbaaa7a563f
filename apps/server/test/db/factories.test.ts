import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteCategories, schools, users, yearClassPupils } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createMember } from '../helpers/auth';
import { createPupil, createSchool, createYearClass } from '../helpers/factories';
import { createGroupPlan, createNoteCategoryTree, noteCategoryLayers } from '../helpers/plan-factories';
import { signIn } from '../helpers/sign-in';

describe('test factories and sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  });
  afterAll(() => t.close());

  it('starts every file from an empty migrated database', async () => {
    expect(await t.database.db.select().from(schools)).toEqual([]);
    expect(await t.database.db.select().from(users)).toEqual([]);
  });

  it('makes the missing school of a group and the missing group of a pupil', async () => {
    const yearClass = await createYearClass(t.database.db, { grade: 3 });
    const [school] = await t.database.db.select().from(schools).where(eq(schools.id, yearClass.schoolId));
    expect(school).toBeDefined();
    expect(yearClass.grade).toBe(3);

    const pupil = await createPupil(t.database.db);
    const [enrolment] = await t.database.db
      .select()
      .from(yearClassPupils)
      .where(eq(yearClassPupils.pupilId, pupil.id));
    expect(enrolment).toMatchObject({ yearClassId: pupil.yearClassId, schoolId: pupil.schoolId, grade: 5 });

    const inGroup = await createPupil(t.database.db, { yearClass, grade: 4 });
    expect(inGroup).toMatchObject({ schoolId: yearClass.schoolId, yearClassId: yearClass.id, grade: 4 });

    const other = await createSchool(t.database.db);
    const inSchool = await createPupil(t.database.db, { schoolId: other.id });
    expect(inSchool.schoolId).toBe(other.id);
  });

  it('creates a note category tree of N layers from a nested spec', async () => {
    const plan = await createGroupPlan(t.database.db);
    const { roots, all } = await createNoteCategoryTree(t.database.db, noteCategoryLayers(3, 2), {
      groupPlanId: plan.id,
    });
    expect(roots).toHaveLength(2);
    expect(all).toHaveLength(2 + 4 + 8);
    const stored = await t.database.db
      .select()
      .from(noteCategories)
      .where(eq(noteCategories.groupPlanId, plan.id));
    expect(stored).toHaveLength(14);
    expect(stored.every((row) => row.schoolId === plan.schoolId)).toBe(true);
    const leaf = roots[1]?.children[0]?.children[1];
    expect(leaf).toMatchObject({ name: 'Categorie 2.1.2', layer: 'PUPIL', position: 1 });
    expect(roots[0]?.children[1]).toMatchObject({ layer: 'INSTRUCTION', parentNoteCategoryId: roots[0]?.id });

    const named = await createNoteCategoryTree(t.database.db, [
      { name: 'Rekenen', children: [{ name: 'Verlengde instructie', layer: 'PUPIL' }] },
    ]);
    expect(named.roots[0]).toMatchObject({ name: 'Rekenen', layer: 'GROUP', parentNoteCategoryId: null });
    expect(named.all[1]).toMatchObject({ name: 'Verlengde instructie', layer: 'PUPIL' });
  });

  it('signs a member in without the login route', async () => {
    const { user } = await createMember(t.database.db);
    const token = await signIn(t, user);
    const profile = await t.app.inject(authed(token, { method: 'GET', url: api('/profile/') }));
    expect(profile.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.lastLogin).toEqual(t.clock.now);
  });
});
