import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { yearTimeSchema } from '@leerzicht/contract';
import { rowDecoderOf } from '../../src/db/row-decoder';
import { groupScoreRowSchema, nationalScoreRowSchema } from '../../src/modules/scores/score-rows';

/** What zod itself gives for `value`: its output, or the issues of its error. */
function byZod(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { output: result.data } : { issues: result.error.issues };
}

/** The same for the compiled reader. */
function byDecoder(schema: z.ZodType, value: unknown) {
  try {
    return { output: rowDecoderOf(schema)(value) };
  } catch (error) {
    if (error instanceof z.ZodError) return { issues: error.issues };
    throw error;
  }
}

const row = z.object({
  id: z.number().int(),
  name: z.string(),
  mean: z.number().nullable(),
  time: yearTimeSchema,
  counted: z.boolean(),
  kind: z.literal('national'),
  years: z.array(z.number().int()),
  details: z.unknown(),
});
const goodRow = {
  id: 7,
  name: 'Groep 5a',
  mean: 41.5,
  time: 'M',
  counted: true,
  kind: 'national',
  years: [2024, 2025],
  details: { a: 1 },
};

/** A group result row as the group statement sends it (groupScoreRowSchema's tuple). */
const groupTuple = [
  11,
  3,
  4,
  2,
  1,
  'CITO',
  2025,
  'M',
  '2026-01-20',
  40,
  141.5,
  55,
  'B',
  'II',
  '3.0',
  null,
  24,
  false,
  '1F',
  '2F',
  true,
  130,
  2024,
  'E',
];

const cases: [string, z.ZodType, unknown][] = [
  ['a valid object row', row, goodRow],
  ['an extra key (stripped)', row, { ...goodRow, extra: 'left out' }],
  ['a fraction for an integer', row, { ...goodRow, id: 7.5 }],
  ['an unsafe integer', row, { ...goodRow, id: 2 ** 60 }],
  ['a string for a number', row, { ...goodRow, mean: '41.5' }],
  ['NaN for a number', row, { ...goodRow, mean: Number.NaN }],
  ['Infinity for a number', row, { ...goodRow, mean: Number.POSITIVE_INFINITY }],
  ['a null for a nullable', row, { ...goodRow, mean: null }],
  ['a moment outside the enum', row, { ...goodRow, time: 'Q' }],
  ['another literal', row, { ...goodRow, kind: 'method' }],
  ['a missing key', row, { id: 7, name: 'x' }],
  ['an array for the row', row, [goodRow]],
  ['a bad array element', row, { ...goodRow, years: [2024, '2025'] }],
  ['a valid group tuple', groupScoreRowSchema, groupTuple],
  [
    'a group tuple of the first result (no previous)',
    groupScoreRowSchema,
    [...groupTuple.slice(0, 21), null, null, null],
  ],
  ['a short group tuple', groupScoreRowSchema, groupTuple.slice(0, 23)],
  ['a long group tuple', groupScoreRowSchema, [...groupTuple, 1]],
  ['a group tuple with a bad moment', groupScoreRowSchema, groupTuple.map((v, i) => (i === 7 ? 'Z' : v))],
  ['an array of group tuples', z.array(groupScoreRowSchema), [groupTuple, groupTuple]],
  ['a string with a check (left to zod)', z.string().min(3), 'ab'],
  ['a coerced number (left to zod)', z.coerce.number(), '12'],
  ['a date (left to zod)', z.object({ at: z.date() }), { at: new Date(0) }],
  ['an optional field present', z.object({ a: z.number().optional() }), { a: 1 }],
  ['an optional field absent', z.object({ a: z.number().optional() }), {}],
  ['a union', z.union([z.number(), z.string()]), 'x'],
  [
    'a failing transform issue',
    z.number().transform((value, ctx) => {
      if (value > 1) ctx.addIssue({ code: 'custom', message: 'too big' });
      return value * 2;
    }),
    3,
  ],
  ['a passing transform', z.number().transform((value) => value * 2), 1],
];

describe('rowDecoderOf', () => {
  it.each(cases)('answers %s as zod does', (_, schema, value) => {
    expect(byDecoder(schema, value)).toEqual(byZod(schema, value));
  });

  it('gives a national result row with its growth, computed from the row as zod gives it', () => {
    const [first] = z.array(groupScoreRowSchema).parse([groupTuple]);
    // Growth: this ability score (141.5) less the previous one (130) of the same test, a moment apart.
    expect(first?.growth).toBe(141.5 - 130);
    expect(rowDecoderOf(groupScoreRowSchema)(groupTuple)).toEqual(first);
  });

  it('reads a national result row object as zod does', () => {
    const value = {
      id: 1,
      pupilId: 2,
      yearClassId: 3,
      yearClassName: 'Groep 4',
      nationalTestId: 4,
      subjectId: 5,
      providerId: 1,
      provider: 'CITO',
      calendarYear: 2025,
      yearTime: 'B',
      grade: 4,
      testDate: null,
      levelValue: null,
      abilityScore: 120.25,
      percentile: 40,
      alphabetical: 'C',
      roman: 'III',
      testVersion: '3.0',
      functionalLevel: null,
      dle: null,
      dleAboveScale: false,
      referenceLevel: null,
      projectedReferenceLevel: null,
      isCounted: true,
      previousAbilityScore: null,
      previousCalendarYear: null,
      previousYearTime: null,
    };
    expect(byDecoder(nationalScoreRowSchema, value)).toEqual(byZod(nationalScoreRowSchema, value));
    expect(byDecoder(nationalScoreRowSchema, { ...value, grade: '4' })).toEqual(
      byZod(nationalScoreRowSchema, { ...value, grade: '4' }),
    );
  });
});
