import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ALL_NOTE_KINDS, YEAR_TIMES } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../scores/index';

export interface AllNotesFilter {
  schoolId: number;
  yearClassId: number;
  category?: string;
  subjectId?: number;
  pupilId?: number;
  archived: 'true' | 'false' | 'all';
  /** Confidential notes of others are left out unless the reader sees them all. */
  reader: { userId: number; seesAllConfidential: boolean };
}

/*
 * The five kinds of note as one relation `a` with the same columns. The pupils are those ever enrolled in the group
 * (their notes follow them); group notes are the group's own. An observation counts as a note when it has a text.
 */
function allNotes(schoolId: number, yearClassId: number): SQL {
  const groupPupils = sql`(select ycp.pupil_id from year_class_pupils ycp where ycp.year_class_id = ${yearClassId})`;
  return sql`(
    select 'pupil' as kind, n.id, n.pupil_id, n.category, n.content, null::text as forward_looking, n.confidential,
      n.date_archived, '{}'::integer[] as related_pupil_ids, null::integer as subject_id,
      null::integer as calendar_year, null::text as year_time, null::text as test_name, n.author_id,
      n.date_created, n.date_changed
    from pupil_notes n where n.school_id = ${schoolId} and n.pupil_id in ${groupPupils}
    union all
    select case when sn.cito_test_score_id is null then 'method_score' else 'cito_score' end, sn.id, sn.pupil_id,
      sn.category, sn.content, sn.forward_looking, sn.confidential, null, '{}'::integer[],
      coalesce(ns.subject_id, ms.subject_id), coalesce(ns.calendar_year, ms.calendar_year), ns.year_time,
      coalesce(nt.name, mt.name), sn.author_id, sn.date_created, sn.date_changed
    from score_notes sn
    left join national_test_scores ns on ns.id = sn.cito_test_score_id
    left join national_tests nt on nt.id = ns.national_test_id
    left join method_test_scores ms on ms.id = sn.method_test_score_id
    left join method_tests mt on mt.id = ms.method_test_id
    where sn.school_id = ${schoolId} and sn.pupil_id in ${groupPupils}
    union all
    select g.kind, g.id, null, g.kind, g.content, null, g.confidential, null, g.related_pupil_ids, g.subject_id,
      g.calendar_year, g.year_time, mt.name, g.author_id, g.date_created, g.date_changed
    from year_class_notes g left join method_tests mt on mt.id = g.method_test_id
    where g.school_id = ${schoolId} and g.year_class_id = ${yearClassId}
    union all
    select 'social_emotional', o.id, o.pupil_id, 'social_emotional', o.content, null, o.confidential, null,
      '{}'::integer[], null, o.calendar_year, null, o.instrument, o.author_id, o.date_created, o.date_created
    from social_emotional_observations o
    where o.school_id = ${schoolId} and o.pupil_id in ${groupPupils} and o.content <> ''
  ) a`;
}

function whereOf(filter: AllNotesFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.category !== undefined)
    conditions.push(sql`(a.category = ${filter.category} or a.kind = ${filter.category})`);
  if (filter.subjectId !== undefined) conditions.push(sql`a.subject_id = ${filter.subjectId}`);
  if (filter.pupilId !== undefined)
    conditions.push(sql`(a.pupil_id = ${filter.pupilId} or ${filter.pupilId} = any(a.related_pupil_ids))`);
  if (filter.archived === 'false') conditions.push(sql`a.date_archived is null`);
  if (filter.archived === 'true') conditions.push(sql`a.date_archived is not null`);
  if (!filter.reader.seesAllConfidential)
    conditions.push(sql`(not a.confidential or a.author_id = ${filter.reader.userId})`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));
const pupilRef = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name_prefix: z.string(),
  last_name: z.string(),
});

const allNoteRowSchema = z.object({
  kind: z.enum(ALL_NOTE_KINDS),
  id: z.number().int(),
  category: z.string(),
  content: z.string(),
  forward_looking: z.string().nullable(),
  confidential: z.boolean(),
  date_archived: timestamp.nullable(),
  subject_id: z.number().int().nullable(),
  calendar_year: z.number().int().nullable(),
  year_time: z.enum(YEAR_TIMES).nullable(),
  test_name: z.string().nullable(),
  author_id: z.number().int().nullable(),
  author_first_name: z.string().nullable(),
  author_last_name: z.string().nullable(),
  date_created: timestamp,
  date_changed: timestamp,
  pupil: pupilRef.nullable(),
  related_pupils: z.array(pupilRef),
});
export type AllNoteRow = z.output<typeof allNoteRowSchema>;

const pupilJson = (alias: string) =>
  sql.raw(`jsonb_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name,
    'last_name_prefix', ${alias}.last_name_prefix, 'last_name', ${alias}.last_name)`);

const countRowSchema = z.object({ n: z.number().int() });

/** A page of the notes (newest first) and how many match in all. */
export async function listAllNotes(
  db: Db,
  filter: AllNotesFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AllNoteRow[] }> {
  const from = allNotes(filter.schoolId, filter.yearClassId);
  const where = whereOf(filter);
  const [total] = await selectRows(
    db,
    countRowSchema,
    sql`select count(*)::int as n from ${from} where ${where}`,
  );
  const rows = await selectRows(
    db,
    allNoteRowSchema,
    sql`select a.kind, a.id, a.category, a.content, a.forward_looking, a.confidential, a.date_archived,
      a.subject_id, a.calendar_year, a.year_time, a.test_name, a.author_id, u.first_name as author_first_name,
      u.last_name as author_last_name, a.date_created, a.date_changed,
      case when p.id is null then null else ${pupilJson('p')} end as pupil,
      coalesce((select jsonb_agg(${pupilJson('rp')} order by rp.last_name, rp.first_name)
        from pupils rp where rp.school_id = ${filter.schoolId} and rp.id = any(a.related_pupil_ids)), '[]'::jsonb)
        as related_pupils
    from ${from}
    left join users u on u.id = a.author_id
    left join pupils p on p.id = a.pupil_id
    where ${where}
    order by a.date_created desc, a.kind, a.id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  return { count: total?.n ?? 0, rows };
}
