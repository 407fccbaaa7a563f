import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  APPROACHES,
  LEVEL_CHANGES,
  PUPIL_EFFECT_STATUSES,
  ROMAN_LEVELS,
  TEST_PROVIDERS,
  YEAR_TIMES,
} from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../scores/index';
import { approachOrder, pupilEffects, type EffectScope } from './effect-sql';

/* The effect queries: each pupil's figures, their aggregates per instruction group and the moments used. */

const count = z.number().int();
const nullableInt = z.number().int().nullable();
const yearTime = z.enum(YEAR_TIMES).nullable();
const provider = z.enum(TEST_PROVIDERS).nullable();
const roman = z.enum(ROMAN_LEVELS).nullable();

export const pupilEffectRowSchema = z.object({
  pupil_id: z.number().int(),
  approach: z.enum(APPROACHES),
  status: z.enum(PUPIL_EFFECT_STATUSES),
  b_calendar_year: nullableInt,
  b_year_time: yearTime,
  b_grade: nullableInt,
  b_provider: provider,
  b_test_version: z.string().nullable(),
  b_test_date: z.string().nullable(),
  b_ability: z.number().nullable(),
  b_roman: roman,
  b_norm: z.number().nullable(),
  a_calendar_year: nullableInt,
  a_year_time: yearTime,
  a_grade: nullableInt,
  a_provider: provider,
  a_test_version: z.string().nullable(),
  a_test_date: z.string().nullable(),
  a_ability: z.number().nullable(),
  a_roman: roman,
  a_norm: z.number().nullable(),
  growth: z.number().nullable(),
  national_growth: z.number().nullable(),
  level_change: z.enum(LEVEL_CHANGES).nullable(),
});
export type PupilEffectRow = z.output<typeof pupilEffectRowSchema>;

/** A result's columns cast for the driver: numerics as float8 (rounded to 2 decimals where computed). */
const resultSelect = (prefix: 'b' | 'a') =>
  sql.raw(`e.${prefix}_calendar_year, e.${prefix}_year_time, e.${prefix}_grade, e.${prefix}_provider,
    e.${prefix}_test_version, e.${prefix}_test_date, e.${prefix}_ability::float8 as ${prefix}_ability,
    e.${prefix}_roman, e.${prefix}_norm::float8 as ${prefix}_norm`);

/** Every pupil of the group with the figures, by instruction group then name. */
export function listPupilEffects(db: Db, scope: EffectScope): Promise<PupilEffectRow[]> {
  return selectRows(
    db,
    pupilEffectRowSchema,
    sql`select e.pupil_id, e.approach, e.status, ${resultSelect('b')}, ${resultSelect('a')},
      round(e.growth, 2)::float8 as growth, round(e.national_growth, 2)::float8 as national_growth, e.level_change
    from ${pupilEffects(scope)} e
    order by ${approachOrder(sql`e.approach`)}, e.last_name, e.first_name, e.pupil_id`,
  );
}

export const effectAggregateRowSchema = z.object({
  /** null: the row of the whole group. */
  approach: z.enum(APPROACHES).nullable(),
  pupil_count: count,
  measured_count: count,
  mean_growth: z.number().nullable(),
  national_growth: z.number().nullable(),
  national_count: count,
  level_up: count,
  level_same: count,
  level_down: count,
  excluded: count,
  no_result_before: count,
  no_result_after: count,
  test_changed: count,
});
export type EffectAggregateRow = z.output<typeof effectAggregateRowSchema>;

/**
 * The figures per instruction group (in the contract's order) and, last, of the whole group (GROUPING SETS: one
 * pass). Means are of the measured pupils (the national one of those with both norms), rounded to 2 decimals.
 */
export function listEffectAggregates(db: Db, scope: EffectScope): Promise<EffectAggregateRow[]> {
  return selectRows(
    db,
    effectAggregateRowSchema,
    sql`select case when grouping(e.approach) = 0 then e.approach end as approach,
      count(*)::int as pupil_count,
      (count(*) filter (where e.status = 'measured'))::int as measured_count,
      round(avg(e.growth), 2)::float8 as mean_growth,
      round(avg(e.national_growth), 2)::float8 as national_growth,
      count(e.national_growth)::int as national_count,
      (count(*) filter (where e.level_change = 'up'))::int as level_up,
      (count(*) filter (where e.level_change = 'same'))::int as level_same,
      (count(*) filter (where e.level_change = 'down'))::int as level_down,
      (count(*) filter (where e.status = 'excluded'))::int as excluded,
      (count(*) filter (where e.status = 'noResultBefore'))::int as no_result_before,
      (count(*) filter (where e.status = 'noResultAfter'))::int as no_result_after,
      (count(*) filter (where e.status = 'testChanged'))::int as test_changed
    from ${pupilEffects(scope)} e
    group by grouping sets ((e.approach), ())
    order by grouping(e.approach), ${approachOrder(sql`e.approach`)}`,
  );
}

export const effectMomentRowSchema = z.object({
  b_calendar_year: count,
  b_year_time: z.enum(YEAR_TIMES),
  b_grade: count,
  a_calendar_year: count,
  a_year_time: z.enum(YEAR_TIMES),
  a_grade: count,
  provider: z.enum(TEST_PROVIDERS),
  test_version: z.string(),
  pupil_count: count,
});
export type EffectMomentRow = z.output<typeof effectMomentRowSchema>;

/** The pairs of moments (of one provider and test version) the measured pupils' growth was read between. */
export function listEffectMoments(db: Db, scope: EffectScope): Promise<EffectMomentRow[]> {
  return selectRows(
    db,
    effectMomentRowSchema,
    sql`select e.b_calendar_year, e.b_year_time, e.b_grade, e.a_calendar_year, e.a_year_time, e.a_grade,
      e.a_provider as provider, e.a_test_version as test_version, count(*)::int as pupil_count
    from ${pupilEffects(scope)} e
    where e.status = 'measured'
    group by e.b_calendar_year, e.b_year_time, e.b_time_rank, e.b_grade, e.a_calendar_year, e.a_year_time,
      e.a_time_rank, e.a_grade, e.a_provider, e.a_provider_priority, e.a_test_version
    order by e.b_calendar_year, e.b_time_rank, e.b_grade, e.a_calendar_year, e.a_time_rank, e.a_grade,
      e.a_provider_priority, e.a_test_version`,
  );
}
