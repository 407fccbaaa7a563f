import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { pupils, yearClassPupils, yearClasses } from '../../src/db/schema/index';
import { edexmlImporter } from '../../src/modules/uploads/edexml/index';
import {
  DEMO_EDEXML_NEW_PUPIL,
  DEMO_EDEXML_NEW_TEACHER,
  DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS,
} from '../../src/seed/demo-edexml';
import { REGENBOOG } from '../../src/seed/schools';
import { EDEXML_EXAMPLE, edexmlExample } from '../fixtures/uploads/edexml/write-example';
import { readUploadFile } from '../fixtures/uploads/results/results-upload-school';
import { EXAMPLES_DIR } from '../fixtures/uploads/results/write-examples';
import type { TestDatabase } from '../helpers/db';
import { EXAMPLES_TARGET, seedExamplesDemo } from '../helpers/examples-demo';
import { validateEdexml } from '../helpers/edexml-schema';
import { sha256 } from '../helpers/uploads';

/*
 * docs/uploads/examples/edexml-regenboog.xml: as its generator writes it, valid against the EDEXML 2.1 schema, and
 * on the demo seeded on EXAMPLES_TODAY it adds its one new pupil without a row error or a skipped row, names the
 * teacher without an account to invite and the one without an address, and changes nothing else.
 */

const filePath = path.join(EXAMPLES_DIR, EDEXML_EXAMPLE);

describe('the EDEXML example in docs/uploads/examples', () => {
  let database: TestDatabase;
  const target = EXAMPLES_TARGET;

  beforeAll(async () => {
    database = await seedExamplesDemo();
  }, 180_000);
  afterAll(async () => {
    await database.destroy();
  });

  it('is what its generator writes, and valid against the schema', async () => {
    const text = await readFile(filePath, 'utf8');
    expect(text).toBe(edexmlExample());
    expect((await validateEdexml([{ name: EDEXML_EXAMPLE, text }])).get(EDEXML_EXAMPLE)).toEqual([]);
  });

  it('adds its new pupil without errors and changes nothing else', async () => {
    const bytes = await readFile(filePath);
    const read = await readUploadFile(edexmlImporter, {
      path: filePath,
      fileName: EDEXML_EXAMPLE,
      size: (await stat(filePath)).size,
      sha256: sha256(bytes),
    });
    const db = database.db;
    const groups = await db
      .select({ id: yearClasses.id })
      .from(yearClasses)
      .where(and(eq(yearClasses.schoolId, REGENBOOG.id), eq(yearClasses.calendarYear, 2026)));
    const present = await db
      .selectDistinct({ id: pupils.id })
      .from(yearClassPupils)
      .innerJoin(pupils, eq(pupils.id, yearClassPupils.pupilId))
      .innerJoin(yearClasses, eq(yearClasses.id, yearClassPupils.yearClassId))
      .where(
        and(
          eq(yearClasses.schoolId, REGENBOOG.id),
          eq(yearClasses.calendarYear, 2026),
          isNull(pupils.dateLeft),
        ),
      );
    const plan = await read.plan(db, target);
    expect(plan.errors).toEqual([]);
    expect(plan.edexml?.skipped).toEqual([]);
    expect(plan.edexml?.notes).toEqual([]);
    expect(plan.counts).toEqual({
      pupils: { add: 1, change: 0, unchanged: present.length },
      groups: { add: 0, change: 0, unchanged: groups.length },
      teachers: { add: 0, change: 0, unchanged: 2 },
      pupilsLeft: 0,
    });
    expect(plan.teachers?.filter((teacher) => !teacher.hasAccount)).toEqual([
      {
        email: DEMO_EDEXML_NEW_TEACHER.email,
        name: DEMO_EDEXML_NEW_TEACHER.name,
        hasAccount: false,
        isMember: false,
        addressProblem: null,
        givenAddress: null,
        roles: [],
        roleDescriptions: [],
      },
      {
        email: null,
        name: DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS.name,
        hasAccount: false,
        isMember: false,
        addressProblem: 'missing',
        givenAddress: null,
        roles: [DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS.role],
        roleDescriptions: [],
      },
    ]);
    await db.transaction(async (tx) => plan.write(tx));
    const [noor] = await db.select().from(pupils).where(eq(pupils.externalKey, DEMO_EDEXML_NEW_PUPIL.key));
    expect(noor).toMatchObject({ schoolId: REGENBOOG.id, firstName: DEMO_EDEXML_NEW_PUPIL.firstName });
    const again = await read.plan(db, target);
    expect(again.counts.pupils).toEqual({ add: 0, change: 0, unchanged: present.length + 1 });
  });
});
