import { sql, type SQL } from 'drizzle-orm';
import { APPROACHES, ROMAN_LEVELS } from '@leerzicht/contract';
import { countedResults } from '../scores/index';

/*
 * The measured effect of a group plan, per pupil of the plan's group, as one SQL relation (pupilEffects) that the
 * effect queries aggregate. The score rules are the scores module's (countedResults): only the result of the
 * provider that counts for the pupil, subject and moment, the moment's date where a result has no
 * test date (`moment_date`), exam order (`time_rank`), the pupil's exclusion flag and the norm of the result's
 * provider, grade and moment (`norm_ability`). What this file adds:
 * - before: the pupil's last counted result with an ability score dated on or before the plan's start date;
 * - after: the first such result dated after the plan's end date (and after the start date, should a plan's end lie
 *   before its start);
 * - growth only within one provider and test version (their scales differ), as the scores module's growth;
 * - pupils excluded from national tests are never measured;
 * - the instruction group: the pupil's approach for the subject in the group's school year, 'undefined' without one.
 * Ability scores and norms are `real`: they are read through numeric (six significant digits, as PostgreSQL prints
 * them) so that differences and means are those of the numbers the school sees, not of their binary noise.
 */

export interface EffectScope {
  schoolId: number;
  yearClassId: number;
  subjectId: number;
  /** The group's school year: the year of the instruction groups. */
  calendarYear: number;
  /** 'YYYY-MM-DD'; null: no period start (nobody has a "before"). */
  startDate: string | null;
  /** 'YYYY-MM-DD'; null: no period end (nobody has an "after"). */
  endDate: string | null;
}

/** `array_position(array['a', 'b', …], column)`: the 1-based place of a value in a list of the contract. */
function positionIn(values: readonly string[], column: SQL): SQL {
  return sql`array_position(array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[], ${column})`;
}

/** The place of an instruction group in the contract's order (enriched, basic, intensive, undefined). */
export const approachOrder = (column: SQL): SQL => positionIn(APPROACHES, column);

/** A result's columns under a prefix (`b_`, `a_`), with its ability and norm read through numeric. */
function resultColumns(alias: 'b' | 'a'): SQL {
  return sql.raw(`${alias}.id as ${alias}_id, ${alias}.calendar_year as ${alias}_calendar_year,
    ${alias}.year_time as ${alias}_year_time, ${alias}.time_rank as ${alias}_time_rank, ${alias}.grade as ${alias}_grade,
    ${alias}.provider as ${alias}_provider, ${alias}.provider_id as ${alias}_provider_id,
    ${alias}.provider_priority as ${alias}_provider_priority, ${alias}.test_version as ${alias}_test_version,
    ${alias}.test_date::text as ${alias}_test_date, ${alias}.ability_score::numeric as ${alias}_ability,
    ${alias}.roman as ${alias}_roman, ${alias}.norm_ability::numeric as ${alias}_norm`);
}

/**
 * One row per pupil of the plan's group: `approach`, `status` (the contract's PUPIL_EFFECT_STATUSES), the two
 * results (`b_*`, `a_*`, null where missing), `growth` and `national_growth` (numeric, unrounded; null unless
 * measured, the national one also without both norms) and `level_change` ('up' towards I, 'same', 'down'; null
 * unless measured with a level at both moments). Also `last_name`, `first_name` for ordering.
 */
export function pupilEffects(scope: EffectScope): SQL {
  const scores = countedResults({
    schoolId: scope.schoolId,
    subjectId: scope.subjectId,
    pupilsOfGroup: scope.yearClassId,
  });
  const before = scope.startDate === null ? sql`false` : sql`c.on_date <= ${scope.startDate}::date`;
  const after =
    scope.endDate === null
      ? sql`false`
      : sql`c.on_date > ${scope.endDate}::date and c.on_date > ${scope.startDate ?? scope.endDate}::date`;
  const romanRank = (column: SQL) => positionIn(ROMAN_LEVELS, column);
  return sql`(
    with members as (
      select m.pupil_id, p.first_name, p.last_name, p.cito_is_excluded,
        coalesce(pa.approach, 'undefined') as approach
      from year_class_pupils m
      join pupils p on p.id = m.pupil_id and p.school_id = m.school_id
      left join pupil_approaches pa on pa.school_id = m.school_id and pa.pupil_id = m.pupil_id
        and pa.subject_id = ${scope.subjectId} and pa.calendar_year = ${scope.calendarYear}
      where m.school_id = ${scope.schoolId} and m.year_class_id = ${scope.yearClassId}
    ),
    counted as (
      select c.*, coalesce(c.test_date, c.moment_date) as on_date
      from ${scores}
      where c.ability_score is not null
    ),
    before as (
      select distinct on (c.pupil_id) c.* from counted c where ${before}
      order by c.pupil_id, c.calendar_year desc, c.time_rank desc, c.on_date desc, c.id desc
    ),
    after as (
      select distinct on (c.pupil_id) c.* from counted c where ${after}
      order by c.pupil_id, c.calendar_year, c.time_rank, c.on_date, c.id
    ),
    paired as (
      select m.pupil_id, m.first_name, m.last_name, m.approach,
        case
          when m.cito_is_excluded then 'excluded'
          when b.id is null then 'noResultBefore'
          when a.id is null then 'noResultAfter'
          when b.provider_id <> a.provider_id or b.test_version <> a.test_version then 'testChanged'
          else 'measured'
        end as status,
        ${resultColumns('b')},
        ${resultColumns('a')}
      from members m
      left join before b on b.pupil_id = m.pupil_id
      left join after a on a.pupil_id = m.pupil_id
    )
    select e.*,
      case when e.status = 'measured' then e.a_ability - e.b_ability end as growth,
      case when e.status = 'measured' then e.a_norm - e.b_norm end as national_growth,
      case when e.status <> 'measured' or e.a_roman is null or e.b_roman is null then null
        when ${romanRank(sql`e.a_roman`)} < ${romanRank(sql`e.b_roman`)} then 'up'
        when ${romanRank(sql`e.a_roman`)} = ${romanRank(sql`e.b_roman`)} then 'same'
        else 'down'
      end as level_change
    from paired e
  )`;
}
