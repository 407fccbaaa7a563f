import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  alphabeticalLevelForPercentile,
  compareNames,
  levelValueForAlphabetical,
  levelValueForRoman,
  ALPHABETICAL_LEVELS,
  ROMAN_LEVELS,
  romanLevelForPercentile,
  schoolYearOf,
} from '@leerzicht/contract';
import { createTestDb, type TestDatabase } from '../helpers/db';
import { queryRows } from '../helpers/query';
import { createSecretBox } from '../../src/platform/secret-box';
import { verifyPassword } from '../../src/platform/passwords';
import {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  isDatabaseEmpty,
  isMomentPast,
  momentsOf,
  seedDemo,
  type SeedSummary,
} from '../../src/seed/index';
import * as s from '../../src/db/schema/index';

const TODAY = new Date('2026-11-21T12:00:00Z');
const CURRENT = schoolYearOf(TODAY);
const secretBox = createSecretBox('test-key-material-test-key-material');

let database: TestDatabase;
let summary: SeedSummary;

function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(database.db, query);
}

beforeAll(async () => {
  database = await createTestDb();
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  summary = await seedDemo(database.db, {
    today: TODAY,
    providerDomain: 'leerzicht.example',
    encryptSecret: (plain) => secretBox.encrypt(plain),
  });
});

afterAll(async () => {
  await database.destroy();
});

describe('seedDemo', () => {
  it('loads a realistic amount of data and marks the database non-empty', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    expect(summary.schools).toBe(3);
    expect(summary.pupils).toBeGreaterThan(500);
    expect(summary.nationalTestScores).toBeGreaterThan(10_000);
  });

  it('moves the id sequences past the seeded ids', async () => {
    const [school] = await database.db
      .insert(s.schools)
      .values({ brinCode: '00XX', name: 'Nieuwe school', startYear: CURRENT })
      .returning({ id: s.schools.id });
    expect(school?.id).toBe(4);
    await database.db.delete(s.schools).where(sql`${s.schools.id} = 4`);
  });

  it('puts every pupil in exactly one group per school year', async () => {
    const doubles = await rows(sql`
      select ycp.pupil_id, yc.calendar_year, count(*)::int as n
      from year_class_pupils ycp join year_classes yc on yc.id = ycp.year_class_id
      group by ycp.pupil_id, yc.calendar_year having count(*) <> 1`);
    expect(doubles).toEqual([]);
    const mismatched = await rows(sql`
      select ycp.id from year_class_pupils ycp join year_classes yc on yc.id = ycp.year_class_id
      where ycp.school_id <> yc.school_id or ycp.grade > yc.grade`);
    expect(mismatched).toEqual([]);
  });

  it('gives each result one level system, in line with the percentile', async () => {
    const combos = await rows<{
      percentile: number | null;
      roman: string | null;
      level_value: number | null;
      alphabetical: string | null;
      version: string;
    }>(sql`select distinct s.percentile, s.roman, s.level_value, s.alphabetical, nt.version
      from national_test_scores s join national_tests nt on nt.id = s.national_test_id`);
    expect(combos.length).toBeGreaterThan(50);
    for (const combo of combos) {
      const percentile = combo.percentile ?? -1;
      if (combo.version === '2.0' && combo.alphabetical !== null) {
        // The older LOVS tests: A-E only.
        expect(combo.roman).toBeNull();
        expect(combo.alphabetical).toBe(alphabeticalLevelForPercentile(percentile));
        expect(combo.level_value).toBe(
          levelValueForAlphabetical(ALPHABETICAL_LEVELS.find((level) => level === combo.alphabetical)),
        );
      } else {
        expect(combo.alphabetical).toBeNull();
        expect(combo.roman).toBe(romanLevelForPercentile(percentile));
        expect(combo.level_value).toBe(
          levelValueForRoman(ROMAN_LEVELS.find((level) => level === combo.roman)),
        );
      }
    }
    expect(combos.some((combo) => combo.alphabetical !== null)).toBe(true);
    const incomplete = await rows(sql`
      select id from national_test_scores
      where ability_score is null or functional_level is null or test_date is null or (grade >= 3 and dle is null)`);
    expect(incomplete).toEqual([]);
  });

  it('has national results for every grade 3-8 group at each past moment, and none in the future', async () => {
    const groups = await rows<{ id: number; calendar_year: number; grade: number }>(
      sql`select id, calendar_year, grade from year_classes where grade >= 3`,
    );
    const present = await rows<{ year_class_id: number; year_time: string }>(
      sql`select distinct year_class_id, year_time from national_test_scores`,
    );
    const seen = new Set(present.map((row) => `${row.year_class_id}:${row.year_time}`));
    const missing: string[] = [];
    const unexpected: string[] = [];
    for (const group of groups) {
      for (const moment of momentsOf(group.grade, group.calendar_year)) {
        const key = `${group.id}:${moment}`;
        if (isMomentPast(group.calendar_year, moment, TODAY) && !seen.has(key)) missing.push(key);
        if (!isMomentPast(group.calendar_year, moment, TODAY) && seen.has(key)) unexpected.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(groups.some((group) => group.calendar_year === CURRENT)).toBe(true);
  });

  it('sorts seeded names on the word after the particle', async () => {
    const pupils = await database.db
      .select({
        firstName: s.pupils.firstName,
        lastNamePrefix: s.pupils.lastNamePrefix,
        lastName: s.pupils.lastName,
      })
      .from(s.pupils)
      .where(sql`${s.pupils.schoolId} = 1`);
    const sorted = [...pupils].sort(compareNames);
    const initials = sorted.map((p) => p.lastName.charAt(0).toUpperCase());
    // Initials appear in blocks: once a letter is left it never comes back.
    const blocks = initials.filter((letter, index) => index === 0 || letter !== initials[index - 1]);
    expect(new Set(blocks).size).toBe(blocks.length);
    const berg = sorted.findIndex((p) => p.lastNamePrefix.startsWith('van d') && p.lastName === 'Berg');
    expect(berg).toBeGreaterThanOrEqual(0);
    expect(initials[berg]).toBe('B');
    expect(sorted.some((p) => p.lastNamePrefix !== '')).toBe(true);
  });

  it('creates the seven accounts with their memberships and permissions', async () => {
    const users = await database.db.select().from(s.users).orderBy(s.users.id);
    expect(users.map((u) => u.username)).toEqual([
      'directeur',
      'leerkracht',
      'ib',
      'beheer',
      'tweestaps',
      'demo',
      'geenlicentie',
    ]);
    expect(users.find((u) => u.username === 'beheer')?.email).toBe('beheer@leerzicht.example');
    // Provider staff is a role on the account: only beheer has it, not merely an address in the provider domain.
    expect(users.filter((u) => u.isProviderStaff).map((u) => u.username)).toEqual(['beheer']);
    expect(users.find((u) => u.username === 'demo')?.isDemo).toBe(true);
    const directeur = users.find((u) => u.username === 'directeur');
    expect(await verifyPassword(directeur?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const tweestaps = users.find((u) => u.username === 'tweestaps');
    expect(tweestaps?.totpActive).toBe(true);
    expect(secretBox.decrypt(tweestaps?.totpSecretEnc ?? '')).toBe(DEMO_TOTP_SECRET);
    expect((await database.db.select().from(s.userSettings)).length).toBe(7);

    const memberships = await rows<{
      username: string;
      brin_code: string;
      is_school_superuser: boolean;
      is_senco: boolean;
    }>(sql`
      select u.username, sc.brin_code, m.is_school_superuser, m.is_senco
      from school_memberships m join users u on u.id = m.user_id join schools sc on sc.id = m.school_id
      order by u.id, sc.id`);
    expect(
      memberships.map(
        (m) => `${m.username}@${m.brin_code}:${m.is_school_superuser ? 'S' : ''}${m.is_senco ? 'C' : ''}`,
      ),
    ).toEqual([
      'directeur@12AB:S',
      'directeur@34CD:S',
      'leerkracht@12AB:',
      'ib@12AB:C',
      'beheer@12AB:S',
      'tweestaps@12AB:',
      'demo@12AB:C',
      'geenlicentie@99ZZ:',
    ]);

    const permissions = await rows<{
      username: string;
      grade: number;
      calendar_year: number;
      name: string;
    }>(sql`
      select u.username, yc.grade, yc.calendar_year, yc.name
      from teacher_group_permissions p join users u on u.id = p.user_id join year_classes yc on yc.id = p.year_class_id`);
    const leerkracht = permissions.filter((p) => p.username === 'leerkracht');
    expect(leerkracht).toHaveLength(2);
    expect(leerkracht.every((p) => p.calendar_year === CURRENT)).toBe(true);
    expect(leerkracht.some((p) => p.grade >= 5)).toBe(true);
    expect(permissions.filter((p) => p.username === 'tweestaps').length).toBeGreaterThanOrEqual(1);
  });

  it('lets ability scores grow over the years for a pupil on average', async () => {
    const growth = await rows<{ subject_id: number; avg_growth: number; n: number }>(sql`
      with ordered as (
        select subject_id, provider_id, ability_score,
          lag(ability_score) over (partition by pupil_id, subject_id, provider_id order by calendar_year, year_time) as previous,
          lag(calendar_year) over (partition by pupil_id, subject_id, provider_id order by calendar_year, year_time) as previous_year
        from national_test_scores where year_time = 'E'
      )
      select subject_id, avg(ability_score - previous)::float8 as avg_growth, count(*)::int as n
      from ordered where previous is not null group by subject_id order by subject_id`);
    expect(growth.length).toBe(7);
    for (const row of growth) {
      expect(row.n).toBeGreaterThan(20);
      expect(row.avg_growth).toBeGreaterThan(0);
    }
  });

  it('gives Het Kompas DIA and IEP results beside CITO', async () => {
    const providers = await rows<{ code: string; n: number }>(sql`
      select tp.code, count(*)::int as n from national_test_scores nts
      join test_providers tp on tp.id = nts.provider_id join schools sc on sc.id = nts.school_id
      where sc.brin_code = '34CD' group by tp.code order by tp.code`);
    expect(providers.map((p) => p.code)).toEqual(['CITO', 'DIA', 'IEP']);
  });

  it('gives excluded pupils results, so that leaving them out shows in the aggregates', async () => {
    const [excluded] = await rows<{ pupils: number; scores: number }>(sql`
      select count(distinct p.id)::int as pupils, count(nts.id)::int as scores
      from pupils p join national_test_scores nts on nts.pupil_id = p.id where p.cito_is_excluded`);
    expect(excluded?.pupils).toBeGreaterThan(0);
    expect(excluded?.scores).toBeGreaterThan(0);
  });

  it('keeps the school outflow totals equal to the pupil advices', async () => {
    const diff = await rows(sql`
      select a.school_id, a.calendar_year from (
        select school_id, calendar_year, outflow_advice as advice, count(*)::int as n from pupil_outflow_advice group by 1, 2, 3
      ) a full join school_outflow o using (school_id, calendar_year, advice)
      where a.n is distinct from o.count`);
    expect(diff).toEqual([]);
  });

  it('gives the current Regenboog groups method results with goals', async () => {
    const withGoals = await rows<{ name: string }>(sql`
      select distinct yc.name from year_classes yc
      join method_test_scores mts on mts.year_class_id = yc.id
      join test_sections ts on ts.method_test_id = mts.method_test_id and ts.goal_id is not null
      where yc.school_id = 1 and yc.calendar_year = ${CURRENT}`);
    expect(withGoals.length).toBeGreaterThanOrEqual(8);
  });
});
