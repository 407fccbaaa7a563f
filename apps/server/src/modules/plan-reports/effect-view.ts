import type {
  EffectFigures,
  EffectMomentPair,
  EffectResult,
  InstructionGroupEffect,
  PlanEffectStatus,
  PupilEffect,
} from '@leerzicht/contract';
import type { EffectAggregateRow, EffectMomentRow, PupilEffectRow } from './effect-repository';

/* The effect rows as the contract has them. */

function resultOf(row: PupilEffectRow, prefix: 'b' | 'a'): EffectResult | null {
  const result =
    prefix === 'b'
      ? {
          calendarYear: row.b_calendar_year,
          yearTime: row.b_year_time,
          grade: row.b_grade,
          provider: row.b_provider,
          testVersion: row.b_test_version,
          testDate: row.b_test_date,
          abilityScore: row.b_ability,
          roman: row.b_roman,
          nationalAbilityScore: row.b_norm,
        }
      : {
          calendarYear: row.a_calendar_year,
          yearTime: row.a_year_time,
          grade: row.a_grade,
          provider: row.a_provider,
          testVersion: row.a_test_version,
          testDate: row.a_test_date,
          abilityScore: row.a_ability,
          roman: row.a_roman,
          nationalAbilityScore: row.a_norm,
        };
  const { calendarYear, yearTime, grade, provider, testVersion, abilityScore } = result;
  if (
    calendarYear === null ||
    yearTime === null ||
    grade === null ||
    provider === null ||
    testVersion === null ||
    abilityScore === null
  )
    return null;
  return { ...result, calendarYear, yearTime, grade, provider, testVersion, abilityScore };
}

export function toPupilEffect(row: PupilEffectRow): PupilEffect {
  return {
    pupilId: row.pupil_id,
    approach: row.approach,
    status: row.status,
    before: resultOf(row, 'b'),
    after: resultOf(row, 'a'),
    growth: row.growth,
    nationalGrowth: row.national_growth,
    levelChange: row.level_change,
  };
}

export function toFigures(row: EffectAggregateRow): EffectFigures {
  return {
    pupilCount: row.pupil_count,
    measuredCount: row.measured_count,
    meanGrowth: row.mean_growth,
    nationalGrowth: row.national_growth,
    nationalCount: row.national_count,
    levels: { up: row.level_up, same: row.level_same, down: row.level_down },
    notMeasured: {
      excluded: row.excluded,
      noResultBefore: row.no_result_before,
      noResultAfter: row.no_result_after,
      testChanged: row.test_changed,
    },
  };
}

/** The figures of nobody: a group without pupils. */
export const NO_FIGURES: EffectFigures = {
  pupilCount: 0,
  measuredCount: 0,
  meanGrowth: null,
  nationalGrowth: null,
  nationalCount: 0,
  levels: { up: 0, same: 0, down: 0 },
  notMeasured: { excluded: 0, noResultBefore: 0, noResultAfter: 0, testChanged: 0 },
};

/** The instruction groups' rows (the whole group's, approach null, left out). */
export function toGroupEffects(rows: readonly EffectAggregateRow[]): InstructionGroupEffect[] {
  return rows.flatMap((row) =>
    row.approach === null ? [] : [{ approach: row.approach, ...toFigures(row) }],
  );
}

export function toMomentPair(row: EffectMomentRow): EffectMomentPair {
  return {
    from: { calendarYear: row.b_calendar_year, yearTime: row.b_year_time, grade: row.b_grade },
    to: { calendarYear: row.a_calendar_year, yearTime: row.a_year_time, grade: row.a_grade },
    provider: row.provider,
    testVersion: row.test_version,
    pupilCount: row.pupil_count,
  };
}

export function planEffectStatus(
  plan: { startDate: string | null; endDate: string | null },
  total: EffectFigures,
): PlanEffectStatus {
  if (plan.startDate === null) return 'noStartDate';
  if (plan.endDate === null) return 'noEndDate';
  return total.measuredCount > 0 ? 'measured' : 'noResults';
}
