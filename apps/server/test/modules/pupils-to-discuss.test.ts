import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  pupilsToDiscussSchema,
  type DiscussReason,
  type PerformanceLetter,
  type PupilsToDiscuss,
  type SubjectCode,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createCatalog,
  createMethodScore,
  createNationalScore,
  createPupil,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
  type YearClass,
} from '../helpers/factories';
import { signIn } from '../helpers/sign-in';
import { auditLog, nationalNorms, yearClassPupils } from '../../src/db/schema/index';
import { buildCatalog, PROVIDER_IDS, SUBJECT_IDS } from '../../src/seed/catalog';

/*
 * Pupils constructed to meet each signal and pupils just short of one. The expected lists come from a small oracle
 * below that reads only what this file inserted (and the norm rows of the catalogue), written from the rules as the
 * contract states them.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
const ROMANS = ['I', 'II', 'III', 'IV', 'V'] as const;
const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
type Level = (typeof ROMANS)[number] | (typeof LETTERS)[number];
const ORDER: Record<YearTime, number> = { B: 0, X: 1, M: 2, E: 3 };

interface Row {
  pupilId: number;
  subject: SubjectCode;
  provider: TestProviderCode;
  calendarYear: number;
  yearTime: YearTime;
  grade: number;
  ability: number;
  level: Level;
}
interface MethodRow {
  pupilId: number;
  subject: SubjectCode;
  calendarYear: number;
  performance: PerformanceLetter;
}

const PRIORITY: Record<TestProviderCode, number> = { CITO: 1, DIA: 2, IEP: 3 };
const valueOf = (level: Level) =>
  5 -
  ((ROMANS as readonly string[]).indexOf(level) + 1 || (LETTERS as readonly string[]).indexOf(level) + 1) +
  1;
const systemOf = (level: Level) => ((ROMANS as readonly string[]).includes(level) ? 'roman' : 'letter');
const before = (a: Row, b: { calendarYear: number; yearTime: YearTime }) =>
  a.calendarYear - b.calendarYear || ORDER[a.yearTime] - ORDER[b.yearTime];

/** The oracle: the reasons of one pupil in a list of school year `year`, subject by subject in `subjects` order. */
function expectedReasons(
  rows: readonly Row[],
  methods: readonly MethodRow[],
  norm: (provider: TestProviderCode, subject: SubjectCode, grade: number, time: YearTime) => number | null,
  pupilId: number,
  year: number,
  subjects: readonly SubjectCode[],
): DiscussReason[] {
  const reasons: DiscussReason[] = [];
  for (const subject of subjects) {
    // Counted: per moment the result of the provider with the best priority.
    const mine = rows.filter(
      (r) => r.pupilId === pupilId && r.subject === subject && r.calendarYear <= year && r.grade >= 3,
    );
    const counted = mine
      .filter(
        (r) =>
          !mine.some(
            (o) =>
              o.calendarYear === r.calendarYear &&
              o.yearTime === r.yearTime &&
              PRIORITY[o.provider] < PRIORITY[r.provider],
          ),
      )
      .sort(before);
    const last = counted.at(-1);
    if (!last || last.calendarYear < year - 1) continue;
    const prev = counted.at(-2);
    const subjectId = SUBJECT_IDS[subject];
    const at = (r: Row) => ({ calendarYear: r.calendarYear, yearTime: r.yearTime, grade: r.grade });
    const step = (a: Row, b: Row) => {
      const growth = Math.round((b.ability - a.ability) * 100) / 100;
      const normA = norm(a.provider, subject, a.grade, a.yearTime);
      const normB = norm(b.provider, subject, b.grade, b.yearTime);
      const expected = normA === null || normB === null ? null : Math.round((normB - normA) * 100) / 100;
      return {
        from: { ...at(a), abilityScore: a.ability },
        to: { ...at(b), abilityScore: b.ability },
        growth,
        expectedGrowth: expected,
        stalled: expected !== null && expected > 0 ? growth < expected / 2 : growth <= 0,
      };
    };
    const first = counted.at(-3);
    if (first && prev && first.provider === last.provider && prev.provider === last.provider) {
      const { stalled: earlierStalled, ...earlier } = step(first, prev);
      const { stalled: laterStalled, ...later } = step(prev, last);
      if (earlierStalled && laterStalled)
        reasons.push({ code: 'GROWTH_STALLED', subjectId, provider: last.provider, steps: [earlier, later] });
    }
    const drop = (from: Row, comparedWith: 'PREVIOUS' | 'BEST_OF_YEAR'): DiscussReason => ({
      code: 'LEVEL_DROP',
      subjectId,
      comparedWith,
      from: { ...at(from), level: from.level },
      to: { ...at(last), level: last.level },
      drop: valueOf(from.level) - valueOf(last.level),
    });
    const sameSystem = (r: Row) => systemOf(r.level) === systemOf(last.level);
    if (prev && sameSystem(prev) && valueOf(prev.level) - valueOf(last.level) >= 2)
      reasons.push(drop(prev, 'PREVIOUS'));
    else {
      const window = counted
        .slice(0, -1)
        .filter(
          (r) =>
            sameSystem(r) && before(r, { calendarYear: last.calendarYear - 1, yearTime: last.yearTime }) >= 0,
        );
      const best = window.reduce<Row | null>(
        (b, r) => (b === null || valueOf(r.level) > valueOf(b.level) ? r : b),
        null,
      );
      if (best && valueOf(best.level) - valueOf(last.level) >= 2) reasons.push(drop(best, 'BEST_OF_YEAR'));
    }
    const letters = methods.filter(
      (m) =>
        m.pupilId === pupilId &&
        m.subject === subject &&
        m.calendarYear >= last.calendarYear &&
        m.calendarYear <= year,
    );
    const n = letters.length;
    const g = letters.filter((m) => m.performance === 'G').length;
    const o = letters.filter((m) => m.performance === 'O').length;
    const national = { ...at(last), level: last.level };
    if (n >= 3 && valueOf(last.level) <= 2 && 3 * g >= 2 * n)
      reasons.push({
        code: 'METHOD_MISMATCH',
        subjectId,
        direction: 'METHOD_HIGHER',
        national,
        letter: 'G',
        letterCount: g,
        methodCount: n,
      });
    else if (n >= 3 && valueOf(last.level) >= 4 && 3 * o >= 2 * n)
      reasons.push({
        code: 'METHOD_MISMATCH',
        subjectId,
        direction: 'METHOD_LOWER',
        national,
        letter: 'O',
        letterCount: o,
        methodCount: n,
      });
  }
  return reasons;
}

describe('pupils to discuss', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const rows: Row[] = [];
  const methodRows: MethodRow[] = [];
  const norms = new Map<string, number>();
  const names = new Map<string, number>();
  let school: { id: number };
  let g5: YearClass;
  let g6: YearClass;
  let g6b: YearClass;
  let otherGroup: YearClass;
  let excludedId = 0;
  const subjectsInOrder: SubjectCode[] = [];

  const norm = (provider: TestProviderCode, subject: SubjectCode, grade: number, time: YearTime) =>
    norms.get(`${PROVIDER_IDS[provider]}:${SUBJECT_IDS[subject]}:${grade}:${time}`) ?? null;
  const knownNorm = (provider: TestProviderCode, subject: SubjectCode, grade: number, time: YearTime) => {
    const value = norm(provider, subject, grade, time);
    if (value === null) throw new Error(`no norm ${provider} ${subject} ${grade}${time}`);
    return value;
  };
  const get = (who: string, url: string) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(url) }));
  const list = async (who: string, url: string): Promise<PupilsToDiscuss> => {
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return pupilsToDiscussSchema.parse(response.json());
  };
  /** The oracle's list for the pupils of `groups` (by id) in school year `year`. */
  const expectedList = (pupilIds: readonly number[], year: number) =>
    pupilIds
      .map((id) => ({ id, reasons: expectedReasons(rows, methodRows, norm, id, year, subjectsInOrder) }))
      .filter((p) => p.reasons.length > 0)
      .sort((a, b) => a.id - b.id);
  const actualList = (body: PupilsToDiscuss) =>
    body.pupils.map((p) => ({ id: p.id, reasons: p.reasons })).sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    await createCatalog(db);
    // Without the norm of Woordenschat E5 growth falls back to "0 or less".
    await db
      .delete(nationalNorms)
      .where(
        and(
          eq(nationalNorms.providerId, PROVIDER_IDS.CITO),
          eq(nationalNorms.subjectId, SUBJECT_IDS.WST),
          eq(nationalNorms.grade, 5),
          eq(nationalNorms.yearTime, 'E'),
        ),
      );
    for (const n of await db.select().from(nationalNorms))
      norms.set(`${n.providerId}:${n.subjectId}:${n.grade}:${n.yearTime}`, n.abilityScore);
    const catalog = buildCatalog();
    subjectsInOrder.push(
      ...[...catalog.subjects]
        .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
        .map((s) => s.code),
    );
    const rwTestId = catalog.methodTests.find((m) => m.subjectId === SUBJECT_IDS.RW)?.id;
    if (rwTestId === undefined) throw new Error('no RW method test');

    school = await createSchool(db, { name: 'Bespreekschool' });
    const other = await createSchool(db, { name: 'Andere school' });
    g5 = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: 2024 });
    g6 = await createYearClass(db, school.id, { name: 'Groep 6', grade: 6, calendarYear: 2025 });
    g6b = await createYearClass(db, school.id, { name: 'Groep 6b', grade: 6, calendarYear: 2025 });
    otherGroup = await createYearClass(db, other.id, { name: 'Groep 6', grade: 6, calendarYear: 2025 });

    const users = {
      superuser: await createUser(db),
      senco: await createUser(db),
      teacher: await createUser(db),
      otherTeacher: await createUser(db),
      restricted: await createUser(db, { isRestricted: true }),
      outsider: await createUser(db),
    };
    await addMember(db, school.id, users.superuser.id, { isSchoolSuperuser: true });
    await addMember(db, school.id, users.senco.id, { isSenco: true });
    await addMember(db, school.id, users.teacher.id);
    await addMember(db, school.id, users.otherTeacher.id);
    await addMember(db, school.id, users.restricted.id);
    await addMember(db, other.id, users.outsider.id, { isSchoolSuperuser: true });
    await permitGroup(db, school.id, users.teacher.id, g6.id);
    await permitGroup(db, school.id, users.restricted.id, g6.id);
    await permitGroup(db, school.id, users.otherTeacher.id, g6b.id);
    for (const [who, user] of Object.entries(users)) tokens[who] = await signIn(t, user);

    // Ability scores on the norm: growth exactly as expected unless a case says otherwise.
    const onNorm = (subject: SubjectCode, grade: number, time: YearTime, shift = 0) =>
      Math.round(knownNorm('CITO', subject, grade, time)) + shift;
    const halfRW = (knownNorm('CITO', 'RW', 6, 'M') - knownNorm('CITO', 'RW', 5, 'E')) / 2;
    type Result = [YearTime, number, number, Level, TestProviderCode?, SubjectCode?];
    const addPupil = async (
      name: string,
      group: YearClass,
      results: Result[],
      letters: (PerformanceLetter | [PerformanceLetter, number])[] = [],
      values: { citoIsExcluded?: boolean } = {},
    ) => {
      const pupil = await createPupil(db, school.id, { firstName: name, lastName: 'Test', ...values });
      await db
        .insert(yearClassPupils)
        .values({ schoolId: school.id, yearClassId: group.id, pupilId: pupil.id, grade: group.grade });
      if (group.calendarYear === 2025)
        await db
          .insert(yearClassPupils)
          .values({ schoolId: school.id, yearClassId: g5.id, pupilId: pupil.id, grade: 5 });
      for (const [yearTime, calendarYear, ability, level, provider = 'CITO', subject = 'RW'] of results) {
        const grade = 6 - (2025 - calendarYear);
        const roman = (ROMANS as readonly string[]).includes(level)
          ? (level as (typeof ROMANS)[number])
          : null;
        const alphabetical = roman ? null : (level as (typeof LETTERS)[number]);
        await createNationalScore(db, {
          schoolId: school.id,
          pupilId: pupil.id,
          yearClassId: calendarYear === 2025 ? group.id : g5.id,
          subject,
          provider,
          calendarYear,
          yearTime,
          grade,
          abilityScore: ability,
          roman,
          alphabetical,
          levelValue: valueOf(level),
        });
        rows.push({ pupilId: pupil.id, subject, provider, calendarYear, yearTime, grade, ability, level });
      }
      for (const [index, entry] of letters.entries()) {
        const [performance, calendarYear] = typeof entry === 'string' ? [entry, group.calendarYear] : entry;
        await createMethodScore(db, {
          schoolId: school.id,
          pupilId: pupil.id,
          yearClassId: group.id,
          methodTestId: rwTestId,
          calendarYear,
          score: 10,
          performance,
          testDate: `${calendarYear}-10-${String(index + 10)}`,
        });
        methodRows.push({ pupilId: pupil.id, subject: 'RW', calendarYear, performance });
      }
      names.set(name, pupil.id);
      return pupil;
    };
    const e5 = onNorm('RW', 5, 'E');
    const m6 = onNorm('RW', 6, 'M');
    // (a) growth over the last two steps: both below half the expected growth; the last one at half; the first fine.
    const m5 = onNorm('RW', 5, 'M');
    const halfM5E5 = (knownNorm('CITO', 'RW', 5, 'E') - knownNorm('CITO', 'RW', 5, 'M')) / 2;
    const slowE5 = m5 + Math.ceil(halfM5E5) - 1;
    await addPupil('Stil', g6, [
      ['M', 2024, m5, 'III'],
      ['E', 2024, slowE5, 'III'],
      ['M', 2025, slowE5 + Math.ceil(halfRW) - 1, 'III'],
    ]);
    await addPupil('Groeier', g6, [
      ['M', 2024, m5, 'III'],
      ['E', 2024, slowE5, 'III'],
      ['M', 2025, slowE5 + Math.ceil(halfRW), 'III'],
    ]);
    await addPupil('Eenmaal', g6, [
      ['M', 2024, m5, 'III'],
      ['E', 2024, e5, 'III'],
      ['M', 2025, e5 + Math.ceil(halfRW) - 1, 'III'],
    ]);
    // Without a norm: growth of 0 or less counts (Woordenschat E5 has no norm here), a little growth does not.
    const wstM5 = onNorm('WST', 5, 'M');
    await addPupil('Zondernorm', g6, [
      ['M', 2024, wstM5, 'III', 'CITO', 'WST'],
      ['E', 2024, wstM5, 'III', 'CITO', 'WST'],
      ['M', 2025, wstM5 - 1, 'III', 'CITO', 'WST'],
    ]);
    await addPupil('Beetjegroei', g6, [
      ['M', 2024, wstM5, 'III', 'CITO', 'WST'],
      ['E', 2024, wstM5 + 1, 'III', 'CITO', 'WST'],
      ['M', 2025, wstM5 + 2, 'III', 'CITO', 'WST'],
    ]);
    // A change of provider: the scales differ, so no growth is read across it.
    await addPupil('Wissel', g6, [
      ['M', 2024, m5, 'III'],
      ['E', 2024, m5, 'III'],
      ['M', 2025, Math.round(knownNorm('DIA', 'RW', 6, 'M')) - 30, 'III', 'DIA'],
    ]);
    // (b) levels: two down at once; one down; from the best of the year; best older than a year; across systems.
    await addPupil('Valler', g6, [
      ['E', 2024, e5, 'II'],
      ['M', 2025, m6, 'IV'],
    ]);
    await addPupil('Zakker', g6, [
      ['E', 2024, e5, 'II'],
      ['M', 2025, m6, 'III'],
    ]);
    await addPupil('Beste', g6, [
      ['M', 2024, onNorm('RW', 5, 'M'), 'I'],
      ['E', 2024, e5, 'II'],
      ['M', 2025, m6, 'III'],
    ]);
    await addPupil('Oud', g6, [
      ['B', 2024, onNorm('RW', 5, 'B'), 'I'],
      ['E', 2024, e5, 'II'],
      ['M', 2025, m6, 'III'],
    ]);
    await addPupil('Lovs', g6, [
      ['E', 2024, e5, 'A'],
      ['M', 2025, m6, 'IV'],
    ]);
    // (c) method against national.
    await addPupil(
      'Methodegoed',
      g6,
      [
        ['E', 2024, e5, 'IV'],
        ['M', 2025, m6, 'IV'],
      ],
      ['G', 'G', 'V'],
    );
    await addPupil(
      'Halfgoed',
      g6,
      [
        ['E', 2024, e5, 'V'],
        ['M', 2025, m6, 'V'],
      ],
      ['G', 'V', 'V', 'G'],
    );
    await addPupil(
      'Tweegoed',
      g6,
      [
        ['E', 2024, e5, 'V'],
        ['M', 2025, m6, 'V'],
      ],
      ['G', 'G'],
    );
    await addPupil(
      'Methodezwak',
      g6,
      [
        ['E', 2024, e5, 'I'],
        ['M', 2025, m6, 'I'],
      ],
      ['O', 'O', 'O'],
    );
    await addPupil(
      'Halfzwak',
      g6,
      [
        ['E', 2024, e5, 'II'],
        ['M', 2025, m6, 'II'],
      ],
      ['O', 'O', 'M', 'G'],
    );
    await addPupil(
      'Midden',
      g6,
      [
        ['E', 2024, e5, 'III'],
        ['M', 2025, m6, 'III'],
      ],
      ['O', 'O', 'O'],
    );
    // Method results from the national result's school year on: last year's count when that result is last year's,
    // not when it is this year's.
    await addPupil(
      'Vorigjaar',
      g6,
      [['E', 2024, e5, 'V']],
      [
        ['G', 2024],
        ['G', 2024],
        ['V', 2025],
      ],
    );
    await addPupil(
      'Oudemethode',
      g6,
      [
        ['E', 2024, e5, 'IV'],
        ['M', 2025, m6, 'IV'],
      ],
      [['G', 2024], ['G', 2024], 'G'],
    );
    // Provider priority: the DIA result would be a fall of two levels, but CITO counts.
    await addPupil('Prioriteit', g6, [
      ['E', 2024, e5, 'III'],
      ['M', 2025, m6, 'III'],
      ['M', 2025, Math.round(knownNorm('DIA', 'RW', 6, 'M')), 'V', 'DIA'],
    ]);
    // Two subjects, two reasons; and an excluded pupil who is listed (marked).
    await addPupil('Dubbel', g6, [
      ['E', 2024, e5, 'I'],
      ['M', 2025, m6, 'III'],
      ['M', 2024, onNorm('SP', 5, 'M'), 'III', 'CITO', 'SP'],
      ['E', 2024, onNorm('SP', 5, 'M'), 'III', 'CITO', 'SP'],
      ['M', 2025, onNorm('SP', 5, 'M') - 1, 'III', 'CITO', 'SP'],
    ]);
    excludedId = (
      await addPupil(
        'Uitgesloten',
        g6,
        [
          ['E', 2024, e5, 'I'],
          ['M', 2025, m6, 'IV'],
        ],
        [],
        { citoIsExcluded: true },
      )
    ).id;
    // Not recent: the last results are from two school years before.
    await addPupil('Vroeger', g6, [
      ['B', 2023, 40, 'I'],
      ['M', 2023, 38, 'IV'],
    ]);
    // The other group of the year.
    await addPupil('Anders', g6b, [
      ['E', 2024, e5, 'I'],
      ['M', 2025, m6, 'III'],
    ]);
    // Another school's pupil with a fall, never in this school's lists.
    const stranger = await createPupil(db, other.id, { firstName: 'Vreemd', lastName: 'Kind' });
    await db
      .insert(yearClassPupils)
      .values({ schoolId: other.id, yearClassId: otherGroup.id, pupilId: stranger.id, grade: 6 });
    for (const [yearTime, calendarYear, level] of [
      ['E', 2024, 'I'],
      ['M', 2025, 'V'],
    ] as const)
      await createNationalScore(db, {
        schoolId: other.id,
        pupilId: stranger.id,
        yearClassId: otherGroup.id,
        subject: 'RW',
        calendarYear,
        yearTime,
        grade: calendarYear === 2025 ? 6 : 5,
        abilityScore: 50,
        roman: level,
        levelValue: valueOf(level),
      });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const groupPupils = (group: YearClass) =>
    t.database.db
      .select({ id: yearClassPupils.pupilId })
      .from(yearClassPupils)
      .where(eq(yearClassPupils.yearClassId, group.id))
      .then((found) => found.map((row) => row.id));

  it("lists the group's pupils with each signal and leaves out those just short of one", async () => {
    const body = await list('teacher', `/year_classes/${g6.id}/pupils_to_discuss/`);
    expect(body).toMatchObject({ schoolId: school.id, calendarYear: 2025 });
    const ids = await groupPupils(g6);
    expect(body.pupilCount).toBe(ids.length);
    const expected = expectedList(ids, 2025);
    expect(actualList(body)).toEqual(expected);
    const byName = (name: string) =>
      expected.find((p) => p.id === names.get(name))?.reasons.map((r) => r.code) ?? [];
    // The constructed cases, as the oracle sees them (guards against an oracle that lists nobody).
    expect(byName('Stil')).toEqual(['GROWTH_STALLED']);
    expect(byName('Valler')).toEqual(['LEVEL_DROP']);
    expect(byName('Beste')).toEqual(['LEVEL_DROP']);
    expect(byName('Methodegoed')).toEqual(['METHOD_MISMATCH']);
    expect(byName('Methodezwak')).toEqual(['METHOD_MISMATCH']);
    expect(byName('Vorigjaar')).toEqual(['METHOD_MISMATCH']);
    expect(byName('Zondernorm')).toEqual(['GROWTH_STALLED']);
    expect(body.pupils.find((p) => p.id === names.get('Zondernorm'))?.reasons[0]).toMatchObject({
      steps: [
        { expectedGrowth: null, growth: 0 },
        { expectedGrowth: null, growth: -1 },
      ],
    });
    // Spelling (position 1) before Rekenen-Wiskunde (position 4).
    expect(byName('Dubbel')).toEqual(['GROWTH_STALLED', 'LEVEL_DROP']);
    for (const name of [
      'Groeier',
      'Eenmaal',
      'Zakker',
      'Oud',
      'Lovs',
      'Halfgoed',
      'Tweegoed',
      'Halfzwak',
      'Midden',
      'Prioriteit',
      'Oudemethode',
      'Beetjegroei',
      'Wissel',
      'Vroeger',
    ])
      expect(byName(name), name).toEqual([]);
    const beste = body.pupils.find((p) => p.id === names.get('Beste'))?.reasons[0];
    expect(beste).toMatchObject({
      comparedWith: 'BEST_OF_YEAR',
      from: { level: 'I' },
      to: { level: 'III' },
      drop: 2,
    });
    const excluded = body.pupils.find((p) => p.id === excludedId);
    expect(excluded).toMatchObject({
      citoIsExcluded: true,
      yearClassId: g6.id,
      yearClassName: 'Groep 6',
      grade: 6,
    });
    expect(body.pupils.filter((p) => p.id !== excludedId).every((p) => !p.citoIsExcluded)).toBe(true);
  });

  it('lists the whole school for sencos and superusers, only their groups for teachers', async () => {
    const all = [...(await groupPupils(g6)), ...(await groupPupils(g6b))];
    for (const who of ['superuser', 'senco']) {
      const body = await list(who, `/schools/${school.id}/pupils_to_discuss/`);
      expect(body.calendarYear).toBe(2025);
      expect(actualList(body)).toEqual(expectedList(all, 2025));
      // Groups in order (Groep 6 before Groep 6b), pupils listed once.
      const groupOrder = body.pupils.map((p) => p.yearClassId);
      expect(groupOrder).toEqual(
        [...groupOrder].sort((a, b) => (a === g6.id ? 0 : 1) - (b === g6.id ? 0 : 1)),
      );
      expect(new Set(body.pupils.map((p) => p.id)).size).toBe(body.pupils.length);
    }
    const teacher = await list('teacher', `/schools/${school.id}/pupils_to_discuss/`);
    expect(actualList(teacher)).toEqual(expectedList(await groupPupils(g6), 2025));
    const other = await list('otherTeacher', `/schools/${school.id}/pupils_to_discuss/`);
    expect(actualList(other)).toEqual(expectedList(await groupPupils(g6b), 2025));
    expect(other.pupils.map((p) => p.id)).toEqual([names.get('Anders')]);
    const restricted = await list('restricted', `/schools/${school.id}/pupils_to_discuss/`);
    expect(actualList(restricted)).toEqual(actualList(teacher));
  });

  it('looks at an earlier school year with its groups and results up to that year', async () => {
    const body = await list('superuser', `/schools/${school.id}/pupils_to_discuss/?calendar_year=2024`);
    expect(body.calendarYear).toBe(2024);
    const ids = await groupPupils(g5);
    expect(body.pupilCount).toBe(ids.length);
    expect(actualList(body)).toEqual(expectedList(ids, 2024));
    expect(body.pupils.every((p) => p.yearClassId === g5.id)).toBe(true);
    expect(
      (await list('superuser', `/schools/${school.id}/pupils_to_discuss/?calendar_year=2030`)).pupils,
    ).toEqual([]);
  });

  it('refuses other groups and schools: 404; no session 401; bad input 400', async () => {
    expect((await get('otherTeacher', `/year_classes/${g6.id}/pupils_to_discuss/`)).statusCode).toBe(404);
    expect((await get('teacher', `/year_classes/${g6b.id}/pupils_to_discuss/`)).statusCode).toBe(404);
    expect((await get('outsider', `/year_classes/${g6.id}/pupils_to_discuss/`)).statusCode).toBe(404);
    expect((await get('outsider', `/schools/${school.id}/pupils_to_discuss/`)).statusCode).toBe(404);
    expect((await get('superuser', `/year_classes/${otherGroup.id}/pupils_to_discuss/`)).statusCode).toBe(
      404,
    );
    expect((await get('superuser', `/year_classes/999999/pupils_to_discuss/`)).statusCode).toBe(404);
    const outsiderList = await list('outsider', `/year_classes/${otherGroup.id}/pupils_to_discuss/`);
    expect(outsiderList.pupils.map((p) => p.firstName)).toEqual(['Vreemd']);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/schools/${school.id}/pupils_to_discuss/`) }))
        .statusCode,
    ).toBe(401);
    const bad = await get('superuser', `/schools/${school.id}/pupils_to_discuss/?calendar_year=twee`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors?: object }).errors ?? {})).toContain('calendar_year');
    expect((await get('superuser', '/year_classes/0/pupils_to_discuss/')).statusCode).toBe(400);
  });

  it('audits the read of pupil data', async () => {
    const db = t.database.db;
    const reads = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'pupil_data.read'), eq(auditLog.schoolId, school.id)))
        .then((found) => found.filter((e) => e.entity.includes('pupils_to_discuss')));
    const known = (await reads()).length;
    await list('senco', `/year_classes/${g6.id}/pupils_to_discuss/`);
    await expect.poll(async () => (await reads()).length).toBe(known + 1);
  });
});
