import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROACHES,
  momentDate,
  planEffectSchema,
  ROMAN_LEVELS,
  YEAR_TIME_ORDER,
  type Approach,
  type EffectFigures,
  type PlanEffect,
  type PupilEffectStatus,
  type RomanLevel,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { nationalNorms, nationalTests, testProviders } from '../../src/db/schema/index';
import { lovsTestId, SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createApproach,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createNationalScore, createPupil, type Pupil } from '../helpers/factories';
import { createGroupPlan } from '../helpers/plan-factories';

/*
 * GET /group_plans/{id}/effect/: the measured effect of a plan per instruction group. The test inserts national
 * results of the plan's subject around the plan's period for pupils in three instruction groups and without one,
 * with the cases the rules are about (a later result of a lower-priority provider, a provider change, a test
 * version change, an excluded pupil, a pupil without a later result, a result inside the period), and checks the
 * answer against figures it works out itself from the rows it inserted (and the catalogue's priorities, versions
 * and norms). Then the role and tenant matrix.
 */
const NOW = new Date('2026-07-10T10:00:00Z'); // school year 2025, after the E moment
const YEAR = 2025;
const { RW, SP } = SUBJECT_IDS;
const START = '2025-10-01';
const END = '2026-03-31';

type Who = keyof CareTokens;
type Score = Awaited<ReturnType<typeof createNationalScore>>;

interface ScoreSpec {
  calendarYear?: number;
  yearTime: YearTime;
  grade?: number;
  testDate?: string | null;
  ability: number | null;
  roman?: RomanLevel | null;
  provider?: TestProviderCode;
  nationalTestId?: number;
  subject?: 'RW' | 'SP';
}

interface PupilSpec {
  name: string;
  approach: Approach | null;
  excluded?: boolean;
  scores: ScoreSpec[];
}

/** The pupils of the plan's group beyond the care school's five (who have no results: nothing before). */
const PUPILS: PupilSpec[] = [
  {
    // Before: B5 (later than E4 of last year); after: E5 (M5 lies inside the period). Level II -> I.
    name: 'Lotte Verrijkt',
    approach: 'enriched',
    scores: [
      { calendarYear: 2024, yearTime: 'E', grade: 4, testDate: '2025-06-10', ability: 190, roman: 'II' },
      { yearTime: 'B', testDate: '2025-09-20', ability: 200, roman: 'II' },
      { yearTime: 'M', testDate: '2026-01-20', ability: 205, roman: 'II' },
      { yearTime: 'E', testDate: '2026-06-10', ability: 215.5, roman: 'I' },
      // Another subject: not this plan's.
      { yearTime: 'E', testDate: '2026-06-10', ability: 400, roman: 'I', subject: 'SP' },
    ],
  },
  {
    // B5 without a test date (its moment date, 15 September, lies before the start); at E5 CITO counts, not DIA.
    name: 'Bram Verrijkt',
    approach: 'enriched',
    scores: [
      { yearTime: 'B', testDate: null, ability: 180, roman: 'III' },
      { yearTime: 'E', testDate: '2026-06-12', ability: 188, roman: 'III' },
      { yearTime: 'E', testDate: '2026-06-11', ability: 300, roman: 'I', provider: 'DIA' },
    ],
  },
  {
    name: 'Cas Basis',
    approach: 'basic',
    scores: [
      { yearTime: 'B', testDate: '2025-09-18', ability: 195.5, roman: 'III' },
      { yearTime: 'E', testDate: '2026-06-09', ability: 201, roman: 'IV' },
    ],
  },
  {
    // No level after: growth, but no level change.
    name: 'Dewi Basis',
    approach: 'basic',
    scores: [
      { yearTime: 'B', testDate: '2025-09-18', ability: 170, roman: 'IV' },
      { yearTime: 'E', testDate: '2026-06-09', ability: 182, roman: null },
    ],
  },
  {
    // Provider change: CITO before, only DIA after: left out.
    name: 'Emre Wissel',
    approach: 'basic',
    scores: [
      { yearTime: 'B', testDate: '2025-09-18', ability: 175, roman: 'IV' },
      { yearTime: 'E', testDate: '2026-06-09', ability: 260, roman: 'III', provider: 'DIA' },
    ],
  },
  {
    // Test version change: CITO LOVS 2.0 before, CITO 3.0 after: left out.
    name: 'Fenna Versie',
    approach: 'basic',
    scores: [
      { yearTime: 'B', testDate: '2025-09-18', ability: 120, roman: null, nationalTestId: lovsTestId('RW') },
      { yearTime: 'E', testDate: '2026-06-09', ability: 190, roman: 'III' },
    ],
  },
  {
    name: 'Gijs Intensief',
    approach: 'intensive',
    scores: [
      { yearTime: 'B', testDate: '2025-09-25', ability: 150, roman: 'V' },
      { yearTime: 'E', testDate: '2026-06-15', ability: 162.5, roman: 'IV' },
    ],
  },
  {
    // Excluded from national tests: never measured.
    name: 'Hanna Uitgesloten',
    approach: 'intensive',
    excluded: true,
    scores: [
      { yearTime: 'B', testDate: '2025-09-25', ability: 140, roman: 'V' },
      { yearTime: 'E', testDate: '2026-06-15', ability: 170, roman: 'III' },
    ],
  },
  {
    // No result after the end date (M5 lies inside the period).
    name: 'Ivo Later',
    approach: 'intensive',
    scores: [
      { yearTime: 'B', testDate: '2025-09-25', ability: 145, roman: 'V' },
      { yearTime: 'M', testDate: '2026-01-22', ability: 150, roman: 'V' },
    ],
  },
  {
    // No instruction group: 'undefined'. Its last result before the start is without an ability score: the one
    // before that counts.
    name: 'Jesse Zonder',
    approach: null,
    scores: [
      { calendarYear: 2024, yearTime: 'E', grade: 4, testDate: '2025-06-12', ability: 160, roman: 'III' },
      { yearTime: 'B', testDate: '2025-09-19', ability: null, roman: 'III' },
      { yearTime: 'E', testDate: '2026-06-16', ability: 171.5, roman: 'III' },
    ],
  },
  {
    // Stored as 'undefined', without results.
    name: 'Kim Onbepaald',
    approach: 'undefined',
    scores: [],
  },
];

interface Catalog {
  priority: Map<number, number>;
  providerCode: Map<number, string>;
  version: Map<number, string>;
  norm: (providerId: number, grade: number, yearTime: YearTime) => number | null;
}

interface Member {
  pupilId: number;
  approach: Approach;
  excluded: boolean;
}

interface ExpectedPupil {
  status: PupilEffectStatus;
  before: Score | null;
  after: Score | null;
  growth: number | null;
  nationalGrowth: number | null;
  levelChange: 'up' | 'same' | 'down' | null;
}

const byMoment = (a: Score, b: Score) =>
  a.calendarYear - b.calendarYear || YEAR_TIME_ORDER[a.yearTime] - YEAR_TIME_ORDER[b.yearTime];
const dateOf = (score: Score) => score.testDate ?? momentDate(score);

/** The oracle: a pupil's figures from the rows inserted, by the rules the issue states. */
function expectedPupil(
  member: Member,
  scores: readonly Score[],
  catalog: Catalog,
  period: { start: string | null; end: string | null },
): ExpectedPupil {
  // Counted: per moment the result of the provider with the lowest priority.
  const mine = scores.filter((s) => s.pupilId === member.pupilId && s.subjectId === RW);
  const counted = mine.filter(
    (s) =>
      !mine.some(
        (other) =>
          other.calendarYear === s.calendarYear &&
          other.yearTime === s.yearTime &&
          ((catalog.priority.get(other.providerId) ?? 0) < (catalog.priority.get(s.providerId) ?? 0) ||
            (other.providerId === s.providerId && other.id < s.id)),
      ),
  );
  const usable = counted
    .filter((s) => s.abilityScore !== null)
    .sort((a, b) => byMoment(a, b) || dateOf(a).localeCompare(dateOf(b)) || a.id - b.id);
  const { start, end } = period;
  const before = start === null ? null : (usable.filter((s) => dateOf(s) <= start).at(-1) ?? null);
  const after =
    end === null ? null : (usable.find((s) => dateOf(s) > end && dateOf(s) > (start ?? end)) ?? null);
  const none = { before, after, growth: null, nationalGrowth: null, levelChange: null };
  if (member.excluded) return { status: 'excluded', ...none };
  if (!before) return { status: 'noResultBefore', ...none };
  if (!after) return { status: 'noResultAfter', ...none };
  if (
    before.providerId !== after.providerId ||
    catalog.version.get(before.nationalTestId) !== catalog.version.get(after.nationalTestId)
  )
    return { status: 'testChanged', ...none };
  const normBefore = catalog.norm(before.providerId, before.grade, before.yearTime);
  const normAfter = catalog.norm(after.providerId, after.grade, after.yearTime);
  const rank = (roman: string | null) => (roman === null ? null : ROMAN_LEVELS.indexOf(roman as RomanLevel));
  const [from, to] = [rank(before.roman), rank(after.roman)];
  return {
    status: 'measured',
    before,
    after,
    growth: (after.abilityScore ?? 0) - (before.abilityScore ?? 0),
    nationalGrowth: normBefore === null || normAfter === null ? null : normAfter - normBefore,
    levelChange: from === null || to === null ? null : to < from ? 'up' : to === from ? 'same' : 'down',
  };
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

function expectedFigures(pupils: readonly ExpectedPupil[]) {
  const measured = pupils.filter((p) => p.status === 'measured');
  const national = measured.flatMap((p) => (p.nationalGrowth === null ? [] : [p.nationalGrowth]));
  const count = (status: PupilEffectStatus) => pupils.filter((p) => p.status === status).length;
  const levels = (change: 'up' | 'same' | 'down') => measured.filter((p) => p.levelChange === change).length;
  return {
    counts: {
      pupilCount: pupils.length,
      measuredCount: measured.length,
      nationalCount: national.length,
      levels: { up: levels('up'), same: levels('same'), down: levels('down') },
      notMeasured: {
        excluded: count('excluded'),
        noResultBefore: count('noResultBefore'),
        noResultAfter: count('noResultAfter'),
        testChanged: count('testChanged'),
      },
    },
    meanGrowth: mean(measured.map((p) => p.growth ?? 0)),
    nationalGrowth: mean(national),
  };
}

/** A mean the server rounds to 2 decimals: within half a hundredth of the exact one. */
function expectMean(actual: number | null, exact: number | null, what: string) {
  if (exact === null) {
    expect(actual, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual ?? Number.NaN) - exact), `${what}: ${actual} vs ${exact}`).toBeLessThanOrEqual(
    0.005001,
  );
}

function expectFigures(actual: EffectFigures, pupils: readonly ExpectedPupil[], what: string) {
  const expected = expectedFigures(pupils);
  expect(
    {
      pupilCount: actual.pupilCount,
      measuredCount: actual.measuredCount,
      nationalCount: actual.nationalCount,
      levels: actual.levels,
      notMeasured: actual.notMeasured,
    },
    what,
  ).toEqual(expected.counts);
  expectMean(actual.meanGrowth, expected.meanGrowth, `${what} meanGrowth`);
  expectMean(actual.nationalGrowth, expected.nationalGrowth, `${what} nationalGrowth`);
}

describe('GET /group_plans/{id}/effect/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  let catalog: Catalog;
  const scores: Score[] = [];
  const members: Member[] = [];
  const named = new Map<string, Pupil>();
  const db = () => t.database.db;
  const call = (who: Who, url: string) => t.app.inject(authed(tokens[who], { method: 'GET', url: api(url) }));
  const pupil = (name: string) => {
    const found = named.get(name);
    if (!found) throw new Error(`no pupil ${name}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(db(), YEAR);
    tokens = await careTokens(t, f);
    for (const p of f.pupilsA) members.push({ pupilId: p.id, approach: 'undefined', excluded: false });
    for (const spec of PUPILS) {
      const [firstName = '', lastName = ''] = spec.name.split(' ');
      const created = await createPupil(
        db(),
        f.school.id,
        { firstName, lastName, citoIsExcluded: spec.excluded ?? false },
        { yearClassId: f.groupA.id, grade: 5 },
      );
      named.set(spec.name, created);
      members.push({
        pupilId: created.id,
        approach: spec.approach ?? 'undefined',
        excluded: spec.excluded ?? false,
      });
      if (spec.approach !== null)
        await createApproach(db(), {
          schoolId: f.school.id,
          pupilId: created.id,
          subjectId: RW,
          calendarYear: YEAR,
          approach: spec.approach,
          yearClassId: f.groupA.id,
        });
      for (const score of spec.scores) {
        const calendarYear = score.calendarYear ?? YEAR;
        scores.push(
          await createNationalScore(db(), {
            schoolId: f.school.id,
            pupilId: created.id,
            yearClassId: calendarYear === YEAR ? f.groupA.id : f.groupOld.id,
            subject: score.subject ?? 'RW',
            provider: score.provider ?? 'CITO',
            ...(score.nationalTestId ? { nationalTestId: score.nationalTestId } : {}),
            calendarYear,
            yearTime: score.yearTime,
            grade: score.grade ?? 5,
            testDate: score.testDate ?? null,
            abilityScore: score.ability,
            roman: score.roman ?? null,
          }),
        );
      }
    }
    // Instruction groups of another subject and of another school year do not count.
    await createApproach(db(), {
      schoolId: f.school.id,
      pupilId: pupil('Jesse Zonder').id,
      subjectId: RW,
      calendarYear: YEAR - 1,
      approach: 'enriched',
    });
    await createApproach(db(), {
      schoolId: f.school.id,
      pupilId: pupil('Kim Onbepaald').id,
      subjectId: SP,
      calendarYear: YEAR,
      approach: 'intensive',
    });
    // A pupil of another group with results around the period: not in this plan.
    const stranger = f.pupilsB[0];
    if (!stranger) throw new Error('no pupil B');
    for (const [yearTime, testDate, ability] of [
      ['B', '2025-09-18', 100],
      ['E', '2026-06-09', 300],
    ] as const)
      scores.push(
        await createNationalScore(db(), {
          schoolId: f.school.id,
          pupilId: stranger.id,
          yearClassId: f.groupB.id,
          subject: 'RW',
          calendarYear: YEAR,
          yearTime,
          grade: 6,
          testDate,
          abilityScore: ability,
          roman: 'III',
        }),
      );

    const providers = await db().select().from(testProviders);
    const tests = await db().select().from(nationalTests);
    const norms = await db().select().from(nationalNorms);
    catalog = {
      priority: new Map(providers.map((p) => [p.id, p.priority])),
      providerCode: new Map(providers.map((p) => [p.id, p.code])),
      version: new Map(tests.map((test) => [test.id, test.version])),
      norm: (providerId, grade, yearTime) =>
        norms.find(
          (n) =>
            n.providerId === providerId && n.subjectId === RW && n.grade === grade && n.yearTime === yearTime,
        )?.abilityScore ?? null,
    };
  });

  afterAll(() => t.close());

  async function effectOf(planId: number, who: Who = 'teacher'): Promise<PlanEffect> {
    const response = await call(who, `/group_plans/${planId}/effect/`);
    expect(response.statusCode, response.body).toBe(200);
    return planEffectSchema.parse(response.json());
  }

  function expectedPupils(period: { start: string | null; end: string | null }) {
    return new Map(
      members.map((m) => [m.pupilId, { member: m, ...expectedPupil(m, scores, catalog, period) }]),
    );
  }

  it('measures growth and level change per instruction group against figures worked out from the rows', async () => {
    const plan = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupA.id,
      subjectId: RW,
      startDate: START,
      endDate: END,
    });
    const effect = await effectOf(plan.id);
    const expected = expectedPupils({ start: START, end: END });

    expect(effect).toMatchObject({
      planId: plan.id,
      subjectId: RW,
      yearclassId: f.groupA.id,
      calendarYear: YEAR,
      startDate: START,
      endDate: END,
      status: 'measured',
    });

    // Each pupil of the group once, with the oracle's status, results and figures.
    expect(effect.pupils.map((p) => p.pupilId).sort((a, b) => a - b)).toEqual(
      members.map((m) => m.pupilId).sort((a, b) => a - b),
    );
    for (const actual of effect.pupils) {
      const want = expected.get(actual.pupilId);
      if (!want) throw new Error(`unexpected pupil ${actual.pupilId}`);
      const what = `pupil ${actual.pupilId}`;
      expect({ approach: actual.approach, status: actual.status, level: actual.levelChange }, what).toEqual({
        approach: want.member.approach,
        status: want.status,
        level: want.levelChange,
      });
      const result = (
        score: { calendarYear: number; yearTime: YearTime; abilityScore: number | null } | null,
      ) =>
        score && {
          calendarYear: score.calendarYear,
          yearTime: score.yearTime,
          abilityScore: score.abilityScore,
        };
      expect([result(actual.before), result(actual.after)], what).toEqual([
        result(want.before),
        result(want.after),
      ]);
      if (want.status === 'measured') {
        expect(actual.after?.abilityScore, what).toBe(want.after?.abilityScore);
        expect(actual.growth, what).toBeCloseTo(want.growth ?? Number.NaN, 6);
        if (want.nationalGrowth === null) expect(actual.nationalGrowth, what).toBeNull();
        else expect(actual.nationalGrowth, what).toBeCloseTo(want.nationalGrowth, 2);
      } else {
        expect([actual.growth, actual.nationalGrowth], what).toEqual([null, null]);
      }
    }

    // The rules the oracle encodes, spelled out on the pupils made for them.
    const statusOf = (name: string) => effect.pupils.find((p) => p.pupilId === pupil(name).id);
    expect(statusOf('Lotte Verrijkt')).toMatchObject({
      status: 'measured',
      before: { calendarYear: YEAR, yearTime: 'B', abilityScore: 200 },
      after: { calendarYear: YEAR, yearTime: 'E', abilityScore: 215.5, roman: 'I' },
      growth: 15.5,
      levelChange: 'up',
    });
    expect(statusOf('Bram Verrijkt')).toMatchObject({ growth: 8, after: { provider: 'CITO' } });
    expect(statusOf('Emre Wissel')?.status).toBe('testChanged');
    expect(statusOf('Fenna Versie')?.status).toBe('testChanged');
    expect(statusOf('Hanna Uitgesloten')?.status).toBe('excluded');
    expect(statusOf('Ivo Later')?.status).toBe('noResultAfter');
    expect(statusOf('Jesse Zonder')).toMatchObject({
      approach: 'undefined',
      status: 'measured',
      before: { calendarYear: YEAR - 1, yearTime: 'E', grade: 4 },
      growth: 11.5,
    });
    expect(statusOf('Kim Onbepaald')).toMatchObject({ approach: 'undefined', status: 'noResultBefore' });

    // Per instruction group (in the contract's order, those with pupils) and for the whole group.
    const all = [...expected.values()];
    const approaches = APPROACHES.filter((a) => all.some((p) => p.member.approach === a));
    expect(effect.groups.map((g) => g.approach)).toEqual(approaches);
    expect(approaches).toEqual(['enriched', 'basic', 'intensive', 'undefined']);
    for (const group of effect.groups) {
      expectFigures(
        group,
        all.filter((p) => p.member.approach === group.approach),
        group.approach,
      );
    }
    expectFigures(effect.total, all, 'total');
    expect(effect.total.measuredCount).toBe(6);

    // The moments used: per pair of moments (and test) the measured pupils.
    const pairs = new Map<string, number>();
    for (const p of all) {
      if (p.status !== 'measured' || !p.before || !p.after) continue;
      const key = [
        p.before.calendarYear,
        p.before.yearTime,
        p.before.grade,
        p.after.calendarYear,
        p.after.yearTime,
        p.after.grade,
        catalog.providerCode.get(p.after.providerId),
        catalog.version.get(p.after.nationalTestId),
      ].join('|');
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    const answered = new Map(
      effect.moments.map((m) => [
        [
          m.from.calendarYear,
          m.from.yearTime,
          m.from.grade,
          m.to.calendarYear,
          m.to.yearTime,
          m.to.grade,
          m.provider,
          m.testVersion,
        ].join('|'),
        m.pupilCount,
      ]),
    );
    expect(answered).toEqual(pairs);
    expect(effect.moments.length).toBe(2);
  });

  it('says so when there is no end date, no start date, or no result after the period yet', async () => {
    const base = { schoolId: f.school.id, yearClassId: f.groupA.id, subjectId: RW };
    const open = await effectOf(
      (await createGroupPlan(db(), { ...base, startDate: START, endDate: null })).id,
    );
    expect(open.status).toBe('noEndDate');
    expect(open.total.measuredCount).toBe(0);
    expect(open.moments).toEqual([]);
    expectFigures(open.total, [...expectedPupils({ start: START, end: null }).values()], 'no end');

    const unstarted = await effectOf(
      (await createGroupPlan(db(), { ...base, startDate: null, endDate: END })).id,
    );
    expect(unstarted.status).toBe('noStartDate');
    expect(unstarted.total.notMeasured.noResultBefore + unstarted.total.notMeasured.excluded).toBe(
      members.length,
    );

    // A period that ends after the last results: nobody measured yet.
    const current = await effectOf(
      (await createGroupPlan(db(), { ...base, startDate: '2026-03-01', endDate: '2026-06-30' })).id,
    );
    expect(current.status).toBe('noResults');
    expectFigures(
      current.total,
      [...expectedPupils({ start: '2026-03-01', end: '2026-06-30' }).values()],
      'later',
    );
    expect(current.groups.every((g) => g.meanGrowth === null && g.nationalGrowth === null)).toBe(true);
  });

  it('answers by role and tenant as the plan itself', async () => {
    const planA = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupA.id,
      subjectId: RW,
      startDate: START,
      endDate: END,
    });
    const planB = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupB.id,
      subjectId: RW,
    });
    const otherSchool = await createGroupPlan(db(), { schoolId: f.other.id, subjectId: RW });
    const cases: [Who, number, number][] = [
      ['superuser', planA.id, 200],
      ['senco', planA.id, 200],
      ['teacher', planA.id, 200],
      ['teacher', planB.id, 404],
      ['otherTeacher', planA.id, 404],
      ['otherTeacher', planB.id, 200],
      ['restricted', planA.id, 403],
      ['outsider', planA.id, 404],
      ['superuser', otherSchool.id, 404],
      ['demo', planA.id, 200],
      ['impersonated', planA.id, 200],
      ['impersonated', planB.id, 404],
      ['superuser', 2147483647, 404],
    ];
    for (const [who, planId, status] of cases) {
      const response = await call(who, `/group_plans/${planId}/effect/`);
      expect([who, planId, response.statusCode]).toEqual([who, planId, status]);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/group_plans/${planA.id}/effect/`) });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('superuser', '/group_plans/abc/effect/')).statusCode).toBe(400);
  });
});
