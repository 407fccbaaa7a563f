import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approachSuggestionSchema,
  type Approach,
  type TestProviderCode,
  type YearTime,
} from '@leerzicht/contract';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createApproach,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createNationalScore, type Pupil } from '../helpers/factories';
import { rowCounts } from '../helpers/row-counts';

const NOW = new Date('2026-03-01T10:00:00Z');
const ROMANS = ['I', 'II', 'III', 'IV', 'V'] as const;
type Roman = (typeof ROMANS)[number];
const ORDER: Approach[] = ['enriched', 'basic', 'intensive', 'undefined'];
const PRIORITY: Record<TestProviderCode, number> = { CITO: 1, DIA: 2, IEP: 3 };
const TIME_RANK: Record<YearTime, number> = { B: 0, M: 1, X: 2, E: 3 };

interface Result {
  id: number;
  pupilId: number;
  subject: 'RW' | 'SP';
  provider: TestProviderCode;
  calendarYear: number;
  yearTime: YearTime;
  roman: Roman | null;
  levelValue: number | null;
}

describe('GET /pupil_approaches/suggestion/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  const results: Result[] = [];
  const current = new Map<number, Approach>();
  const get = (who: keyof CareTokens, query: string) =>
    t.app.inject(authed(tokens[who], { method: 'GET', url: api(`/pupil_approaches/suggestion/?${query}`) }));
  const pupil = (index: number) => getOf(f.pupilsA[index], `pupil ${index}`);

  // The proposal worked out from the inserted results: of each moment the result of the provider with the highest
  // priority counts; of the counted results with a level the latest up to the group's year decides.
  function expected(pupils: Pupil[], untilYear: number, enrichedFrom: Roman, intensiveFrom: Roman) {
    const levelOf = (result: Result): Roman | null =>
      result.roman ??
      (result.levelValue && result.levelValue > 0 ? (ROMANS[5 - result.levelValue] ?? null) : null);
    const rows = pupils.map((p) => {
      const mine = results.filter(
        (r) => r.pupilId === p.id && r.subject === 'RW' && r.calendarYear <= untilYear,
      );
      const counted = mine.filter(
        (r) =>
          !mine.some(
            (other) =>
              other.calendarYear === r.calendarYear &&
              other.yearTime === r.yearTime &&
              PRIORITY[other.provider] < PRIORITY[r.provider],
          ),
      );
      const latest = counted
        .filter((r) => levelOf(r) !== null)
        .sort((a, b) => b.calendarYear - a.calendarYear || TIME_RANK[b.yearTime] - TIME_RANK[a.yearTime])[0];
      const level = latest ? levelOf(latest) : null;
      const now = current.get(p.id) ?? 'undefined';
      const suggested: Approach =
        level === null
          ? now
          : ROMANS.indexOf(level) <= ROMANS.indexOf(enrichedFrom)
            ? 'enriched'
            : ROMANS.indexOf(level) >= ROMANS.indexOf(intensiveFrom)
              ? 'intensive'
              : 'basic';
      return { p, suggested, now, scoreId: latest?.id ?? null, level };
    });
    rows.sort(
      (a, b) =>
        ORDER.indexOf(a.suggested) - ORDER.indexOf(b.suggested) ||
        `${a.p.lastName} ${a.p.firstName}`.localeCompare(`${b.p.lastName} ${b.p.firstName}`, 'nl'),
    );
    return rows.map((row) => [row.p.id, row.now, row.suggested, row.scoreId, row.level]);
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    f = await buildCareSchool(db, 2025);
    tokens = await careTokens(t, f);
    const add = async (
      index: number,
      values: Omit<Result, 'id' | 'pupilId' | 'subject' | 'levelValue'> & {
        subject?: 'RW' | 'SP';
        levelValue?: number | null;
        alphabetical?: 'A' | 'B' | 'C' | 'D' | 'E';
      },
    ) => {
      const { subject = 'RW', alphabetical, ...rest } = values;
      const levelValue =
        values.levelValue !== undefined
          ? values.levelValue
          : values.roman
            ? 5 - ROMANS.indexOf(values.roman)
            : null;
      const row = await createNationalScore(db, {
        schoolId: f.school.id,
        pupilId: pupil(index).id,
        yearClassId: values.calendarYear === 2025 ? f.groupA.id : f.groupOld.id,
        grade: values.calendarYear === 2025 ? 5 : 4,
        subject,
        provider: values.provider,
        calendarYear: values.calendarYear,
        yearTime: values.yearTime,
        roman: values.roman,
        levelValue,
        alphabetical: alphabetical ?? null,
      });
      results.push({ ...rest, id: row.id, pupilId: pupil(index).id, subject, levelValue });
    };
    // Jan van Dijk: the latest moment decides (II); last year's group sees last year's result (V).
    await add(0, { provider: 'CITO', calendarYear: 2025, yearTime: 'B', roman: 'IV' });
    await add(0, { provider: 'CITO', calendarYear: 2025, yearTime: 'M', roman: 'II' });
    await add(0, { provider: 'CITO', calendarYear: 2024, yearTime: 'E', roman: 'V' });
    // Eva de Boer: CITO and DIA at the same moment; only CITO's IV counts, not DIA's I.
    await add(1, { provider: 'DIA', calendarYear: 2025, yearTime: 'M', roman: 'I' });
    await add(1, { provider: 'CITO', calendarYear: 2025, yearTime: 'M', roman: 'IV' });
    // Anna Zwart: an older A-E test, level C (value 3).
    await add(2, {
      provider: 'IEP',
      calendarYear: 2025,
      yearTime: 'B',
      roman: null,
      alphabetical: 'C',
      levelValue: 3,
    });
    // Piet Bakker: no mathematics result (a spelling one only) and a current approach that stays.
    await add(3, { provider: 'CITO', calendarYear: 2025, yearTime: 'M', roman: 'I', subject: 'SP' });
    await createApproach(db, {
      schoolId: f.school.id,
      pupilId: pupil(3).id,
      subjectId: SUBJECT_IDS.RW,
      calendarYear: 2025,
      yearClassId: f.groupA.id,
      approach: 'intensive',
    });
    current.set(pupil(3).id, 'intensive');
    // Sara van den Berg: the latest result has no level, the one before it (III) decides.
    await add(4, { provider: 'CITO', calendarYear: 2025, yearTime: 'B', roman: 'III' });
    await add(4, { provider: 'CITO', calendarYear: 2025, yearTime: 'M', roman: null, levelValue: 0 });
  }, 60_000);
  afterAll(() => t.close());

  const shown = (body: ReturnType<typeof approachSuggestionSchema.parse>) =>
    body.pupils.map((row) => [
      row.pupilId,
      row.currentApproach,
      row.suggestedApproach,
      row.basedOn?.scoreId ?? null,
      row.basedOn?.level ?? null,
    ]);

  it("proposes from each pupil's latest counted result, with the default levels II and IV", async () => {
    const before = await rowCounts(t.database.db);
    const response = await get('teacher', `yearclass_id=${f.groupA.id}&subject_id=${SUBJECT_IDS.RW}`);
    expect(response.statusCode).toBe(200);
    const body = approachSuggestionSchema.parse(response.json());
    expect(body).toMatchObject({ calendarYear: 2025, enrichedFrom: 'II', intensiveFrom: 'IV' });
    expect(shown(body)).toEqual(expected(f.pupilsA, 2025, 'II', 'IV'));
    const eva = body.pupils.find((row) => row.pupilId === pupil(1).id);
    expect(eva).toMatchObject({
      suggestedApproach: 'intensive',
      basedOn: { provider: 'CITO', calendarYear: 2025, yearTime: 'M', level: 'IV' },
    });
    // Nothing changed but the audit of the read.
    const after = await rowCounts(t.database.db);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });

  it('takes other levels, and the group of last year its own results', async () => {
    const strict = approachSuggestionSchema.parse(
      (
        await get(
          'senco',
          `yearclass_id=${f.groupA.id}&subject_id=${SUBJECT_IDS.RW}&enriched_from=I&intensive_from=V`,
        )
      ).json(),
    );
    expect(shown(strict)).toEqual(expected(f.pupilsA, 2025, 'I', 'V'));
    const wide = approachSuggestionSchema.parse(
      (
        await get(
          'senco',
          `yearclass_id=${f.groupA.id}&subject_id=${SUBJECT_IDS.RW}&enriched_from=III&intensive_from=IV`,
        )
      ).json(),
    );
    expect(shown(wide)).toEqual(expected(f.pupilsA, 2025, 'III', 'IV'));
    const lastYear = approachSuggestionSchema.parse(
      (await get('superuser', `yearclass_id=${f.groupOld.id}&subject_id=${SUBJECT_IDS.RW}`)).json(),
    );
    expect(shown(lastYear)).toEqual(expected([pupil(0)], 2024, 'II', 'IV'));
    expect(lastYear.pupils[0]?.suggestedApproach).toBe('intensive');
  });

  it('refuses bad levels per field, other groups and other schools', async () => {
    const group = `yearclass_id=${f.groupA.id}&subject_id=${SUBJECT_IDS.RW}`;
    const invalid: [string, string][] = [
      [`${group}&enriched_from=IV&intensive_from=II`, 'enriched_from'],
      [`${group}&enriched_from=III&intensive_from=III`, 'enriched_from'],
      [`${group}&enriched_from=VI`, 'enriched_from'],
      [`${group}&intensive_from=iv`, 'intensive_from'],
      [`yearclass_id=${f.groupA.id}`, 'subject_id'],
      [`yearclass_id=${f.groupA.id}&subject_id=999`, 'subject_id'],
    ];
    for (const [query, field] of invalid) {
      const response = await get('superuser', query);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    for (const [who, query, status] of [
      ['otherTeacher', group, 404],
      ['outsider', group, 404],
      ['teacher', `yearclass_id=${f.groupB.id}&subject_id=${SUBJECT_IDS.RW}`, 404],
      ['impersonated', group, 200],
    ] as const) {
      expect([who, (await get(who, query)).statusCode]).toEqual([who, status]);
    }
  });
});
