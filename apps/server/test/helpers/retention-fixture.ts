import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  groupPlanNotes,
  groupPlans,
  noteCategories,
  pinnedPupils,
  pupilApproachLogs,
  pupilDoorstroomtoets,
  pupilApproaches,
  pupilNoteCategoryLinks,
  pupilNotes,
  pupilOutflowAdvice,
  scoreNotes,
  socialEmotionalObservations,
  testSectionScores,
  testSections,
  yearClassNotes,
} from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import {
  createCatalog,
  createMethodScore,
  createNationalScore,
  createPupil,
  createYearClass,
  type Pupil,
  type YearClass,
} from './factories';
import { queryRows } from './query';

/*
 * Pupils for the retention tests, each with a row in every table that holds pupil data, so that a removal can be
 * checked table by table. `tablesReferencingPupils` reads the tables from the database itself: a table added
 * later that references pupils is then counted too, and the fixture must give it a row.
 */

export interface LeftPupilSpec {
  firstName: string;
  lastNamePrefix?: string;
  lastName: string;
  dateLeft: string | null;
}

export async function createRetentionCatalog(db: Db) {
  const catalog = await createCatalog(db);
  const methodTestId = catalog.methodTests[0]?.id;
  if (methodTestId === undefined) throw new Error('no method test in the catalogue');
  const [section] = await db
    .insert(testSections)
    .values({ methodTestId, code: 'S1', name: 'Deel 1', maxScore: 10 })
    .returning();
  if (!section) throw new Error('no test section');
  return { methodTestId, sectionId: section.id };
}

/** Pupils enrolled in `group`, each with data in every pupil table (authored by `userId`). */
export async function createPupilsWithData(
  db: Db,
  catalog: { methodTestId: number; sectionId: number },
  group: YearClass,
  userId: number,
  specs: readonly LeftPupilSpec[],
): Promise<Pupil[]> {
  const schoolId = group.schoolId;
  const calendarYear = group.calendarYear;
  const subjectId = SUBJECT_IDS.RW;
  const [plan] = await db
    .insert(groupPlans)
    .values({ schoolId, name: 'Groepsplan rekenen', subjectId, yearClassId: group.id })
    .returning();
  if (!plan) throw new Error('no plan');
  const [category] = await db
    .insert(noteCategories)
    .values({ schoolId, name: 'Leerlingen', layer: 'PUPIL', groupPlanId: plan.id })
    .returning();
  if (!category) throw new Error('no note category');

  const made: Pupil[] = [];
  for (const spec of specs) {
    const pupil = await createPupil(db, {
      yearClass: group,
      firstName: spec.firstName,
      lastNamePrefix: spec.lastNamePrefix ?? '',
      lastName: spec.lastName,
      dateLeft: spec.dateLeft,
    });
    const pupilId = pupil.id;
    const national = await createNationalScore(db, {
      schoolId,
      pupilId,
      yearClassId: group.id,
      subject: 'RW',
      calendarYear,
      yearTime: 'M',
      grade: group.grade,
      abilityScore: 100,
    });
    const method = await createMethodScore(db, {
      schoolId,
      pupilId,
      yearClassId: group.id,
      methodTestId: catalog.methodTestId,
      calendarYear,
      score: 8,
      performance: 'G',
      testDate: `${calendarYear + 1}-01-15`,
    });
    await db.insert(testSectionScores).values({
      schoolId,
      pupilId,
      methodTestScoreId: method.id,
      testSectionId: catalog.sectionId,
      score: 8,
      maxScore: 10,
    });
    await db.insert(pupilNotes).values({ schoolId, pupilId, content: 'Notitie', authorId: userId });
    await db.insert(scoreNotes).values({
      schoolId,
      pupilId,
      citoTestScoreId: national.id,
      category: 'cito_score',
      content: 'Toetsnotitie',
      authorId: userId,
    });
    await db.insert(socialEmotionalObservations).values({
      schoolId,
      pupilId,
      yearClassId: group.id,
      calendarYear,
      observedOn: `${calendarYear}-10-01`,
      content: 'Observatie',
      authorId: userId,
    });
    await db
      .insert(pupilApproaches)
      .values({ schoolId, pupilId, subjectId, yearClassId: group.id, calendarYear, approach: 'basic' });
    await db.insert(pupilApproachLogs).values({
      schoolId,
      pupilId,
      subjectId,
      yearClassId: group.id,
      schoolYear: calendarYear,
      approach: 'basic',
    });
    await db.insert(pupilOutflowAdvice).values({ schoolId, pupilId, outflowAdvice: 'HAVO', calendarYear });
    await db.insert(pupilDoorstroomtoets).values({
      schoolId,
      pupilId,
      test: 'IEP',
      testDate: `${calendarYear + 1}-04-15`,
      calendarYear,
      lezen: '2F',
      taalverzorging: '1F',
      rekenen: '1S',
      advice: 'HAVO',
      createdById: userId,
    });
    await db
      .insert(groupPlanNotes)
      .values({ schoolId, noteCategoryId: category.id, pupilId, content: 'Plannotitie' });
    await db.insert(pupilNoteCategoryLinks).values({ schoolId, pupilId, noteCategoryId: category.id });
    await db.insert(pinnedPupils).values({ schoolId, userId, pupilId });
    made.push(pupil);
  }
  const subject = SUBJECT_IDS.RW;
  await db.insert(yearClassNotes).values({
    schoolId,
    yearClassId: group.id,
    kind: 'test_moment',
    subjectId: subject,
    calendarYear,
    yearTime: 'M',
    content: 'Groepsnotitie',
    relatedPupilIds: made.map((pupil) => pupil.id),
  });
  return made;
}

export async function createGroup(db: Db, schoolId: number, calendarYear: number, grade: number) {
  return createYearClass(db, schoolId, { name: `Groep ${grade} (${calendarYear})`, grade, calendarYear });
}

/** Every (table, column) with a foreign key to pupils, read from the database catalogue. */
export function tablesReferencingPupils(db: Db) {
  return queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select distinct c.conrelid::regclass::text as table_name, a.attname::text as column_name
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.confrelid = 'pupils'::regclass
        order by 1, 2`,
  );
}

/** Per table (and `pupils` itself), the rows that belong to these pupils. */
export async function pupilRowCounts(db: Db, pupilIds: readonly number[]): Promise<Record<string, number>> {
  const ids = sql`array[${sql.join(
    pupilIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const counts: Record<string, number> = {};
  const tables = [{ table_name: 'pupils', column_name: 'id' }, ...(await tablesReferencingPupils(db))];
  for (const { table_name, column_name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = any(${ids})`,
    );
    counts[table_name] = row?.n ?? -1;
  }
  const [related] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${yearClassNotes}, unnest(${yearClassNotes.relatedPupilIds}) as related(id)
        where related.id = any(${ids})`,
  );
  counts['year_class_notes.related_pupil_ids'] = related?.n ?? -1;
  return counts;
}
