import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProviderCode, YearTime } from '@leerzicht/contract';
import { auditLog } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createNationalScore, createPupil, createUser } from '../helpers/factories';
import { buildResultsSchool, type InsertedScore } from '../helpers/results-fixture';
import { signIn } from '../helpers/sign-in';
import { pdfText } from '../helpers/pdf-text';

/*
 * GET /pupils/{id}/report/: the one-page report for parents. The test reads the PDF's text back with pdf.js and
 * checks, per subject, the latest counted result's moment, level and trend against what it works out itself from
 * the inserted rows (provider priority CITO, DIA, IEP at a moment; levels compared with the result before); then
 * the school year and language options, bad input, the role and tenant matrix (as the pupil page, demo sessions
 * included) and the audit of the read.
 */
const NOW = new Date('2026-03-01T10:00:00Z'); // school year 2025

const ROMANS = ['I', 'II', 'III', 'IV', 'V'] as const;
const PRIORITY: TestProviderCode[] = ['CITO', 'DIA', 'IEP'];
const TIME_ORDER: Record<YearTime, number> = { B: 0, M: 1, X: 2, E: 3 };
const SUBJECTS = [
  { code: 'SP', nl: 'Spelling', en: 'Spelling' },
  { code: 'RW', nl: 'Rekenen-Wiskunde', en: 'Mathematics' },
] as const;
const TEXT = {
  nl: {
    time: { B: 'begin', M: 'midden', X: 'tussentijds', E: 'eind' },
    group: 'groep',
    level: 'Niveau',
    meaning: [
      'ruim boven het gemiddelde',
      'boven het gemiddelde',
      'zoals de meeste kinderen',
      'iets onder het gemiddelde',
      'duidelijk onder het gemiddelde',
    ],
    trend: {
      up: 'omhoog: een hoger niveau',
      steady: 'gelijk gebleven',
      down: 'omlaag: een lager niveau',
      first: 'eerste uitslag',
    },
  },
  en: {
    time: { B: 'start of', M: 'middle of', X: 'during', E: 'end of' },
    group: 'group',
    level: 'Level',
    meaning: [
      'well above average',
      'above average',
      'like most children',
      'a little below average',
      'clearly below average',
    ],
    trend: {
      up: 'up: a higher level',
      steady: 'the same',
      down: 'down: a lower level',
      first: 'first result',
    },
  },
} as const;

/** The table row the report should print for a subject, worked out from the inserted rows. */
function expectedRow(
  rows: readonly InsertedScore[],
  pupilId: number,
  subject: (typeof SUBJECTS)[number],
  calendarYear: number,
  lang: 'nl' | 'en',
): string | null {
  const own = rows.filter(
    (row) => row.pupilId === pupilId && row.subject === subject.code && row.calendarYear <= calendarYear,
  );
  const moments = [...new Set(own.map((row) => `${row.calendarYear}|${row.yearTime}`))].sort((a, b) => {
    const [ya, ta] = a.split('|') as [string, YearTime];
    const [yb, tb] = b.split('|') as [string, YearTime];
    return Number(ya) - Number(yb) || TIME_ORDER[ta] - TIME_ORDER[tb];
  });
  const counted = moments.map((moment) => {
    const atMoment = own.filter((row) => `${row.calendarYear}|${row.yearTime}` === moment);
    return [...atMoment].sort((a, b) => PRIORITY.indexOf(a.provider) - PRIORITY.indexOf(b.provider))[0]!;
  });
  const latest = counted.at(-1);
  if (!latest) return null;
  const before = counted.at(-2);
  const rank = ROMANS.indexOf(latest.roman);
  const previous = before ? ROMANS.indexOf(before.roman) : null;
  const t = TEXT[lang];
  const trend =
    previous === null
      ? t.trend.first
      : rank < previous
        ? t.trend.up
        : rank > previous
          ? t.trend.down
          : t.trend.steady;
  const year = `${latest.calendarYear}-${latest.calendarYear + 1}`;
  return [
    lang === 'en' ? subject.en : subject.nl,
    `${t.time[latest.yearTime]} ${t.group} ${latest.grade}, ${year}`,
    `${t.level} ${latest.roman}`,
    t.meaning[rank],
    trend,
  ].join(' ');
}

describe('GET /pupils/{id}/report/', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof buildResultsSchool>>;
  const tokens: Record<string, string> = {};
  const get = (who: string, url: string) =>
    t.app.inject(authed(tokens[who] ?? '', { method: 'GET', url: api(url) }));
  const first = <T>(list: readonly T[], index: number): T => {
    const found = list[index];
    if (found === undefined) throw new Error('fixture');
    return found;
  };

  async function report(who: string, pupilId: number, query = '') {
    const response = await get(who, `/pupils/${pupilId}/report/?school_id=${f.school.id}${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return {
      ...(await pdfText(response.rawPayload)),
      disposition: String(response.headers['content-disposition']),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildResultsSchool(t.database.db);
    for (const [who, user] of Object.entries(f.users)) tokens[who] = await signIn(t, user);
    const demo = await createUser(t.database.db, { firstName: 'Demo', isDemo: true });
    if (!demo) throw new Error('demo user');
    await addMember(t.database.db, f.school.id, demo.id, { isSchoolSuperuser: true });
    tokens.demo = await signIn(t, demo);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("prints per subject the latest result's level, what it means and its trend, on one page", async () => {
    const jan = first(f.cohort1, 0);
    const { text, pages, disposition } = await report('superuser', jan.id);
    expect(pages).toBe(1);
    expect(disposition).toBe('attachment; filename="rapport-jan-van-dijk.pdf"');
    for (const part of [
      'Rapport voor ouders',
      'Leerling: Jan van Dijk',
      'School: Resultatenschool',
      // The pupil's latest school year at the school, and its group.
      'Groep: Groep 6',
      'Schooljaar: 2025-2026',
      'Datum: 1 maart 2026',
      'Niveau III: zoals de meeste kinderen van deze leeftijd.',
    ])
      expect(text).toContain(part);
    for (const subject of SUBJECTS) {
      const row = expectedRow(f.rows, jan.id, subject, 2025, 'nl');
      expect(row).not.toBeNull();
      expect(text).toContain(row);
    }
    // No jargon for parents.
    for (const word of ['percentiel', 'vaardigheidsscore', 'CITO'])
      expect(text.toLowerCase()).not.toContain(word.toLowerCase());
  });

  it('reports on an earlier school year with the group of that year, and in English', async () => {
    const anna = first(f.cohort1, 1);
    const earlier = await report('teacher', anna.id, '&calendar_year=2024');
    expect(earlier.text).toContain('Groep: Groep 5');
    expect(earlier.text).toContain('Schooljaar: 2024-2025');
    for (const subject of SUBJECTS)
      expect(earlier.text).toContain(expectedRow(f.rows, anna.id, subject, 2024, 'nl'));

    const english = await report('senco', anna.id, '&lang=en');
    expect(english.text).toContain('Report for parents');
    expect(english.text).toContain('Group: Groep 6');
    expect(english.text).toContain('Level III: like most children of this age.');
    for (const subject of SUBJECTS)
      expect(english.text).toContain(expectedRow(f.rows, anna.id, subject, 2025, 'en'));
  });

  it('prints the result the provider priority counts where a moment has several', async () => {
    // Mila has DIA and IEP for spelling in 2025: DIA counts.
    const mila = first(f.cohort2, 0);
    const { text } = await report('superuser', mila.id);
    for (const subject of SUBJECTS) expect(text).toContain(expectedRow(f.rows, mila.id, subject, 2025, 'nl'));
  });

  it('says a level went down, stayed the same or is the first, reads A-E levels, and skips results without one', async () => {
    const db = t.database.db;
    const lotte = await createPupil(
      db,
      f.school.id,
      { firstName: 'Lotte', lastName: 'Steeg' },
      { yearClassId: f.groups.g6.id, grade: 6 },
    );
    const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
    // [subject, school year, moment, level]; the level is I-V, A-E, or null for a result without a level.
    const inserted: [string, 'SP' | 'RW' | 'TBL' | 'DMT', number, YearTime, string | null][] = [
      ['Spelling', 'SP', 2025, 'B', 'II'],
      ['Spelling', 'SP', 2025, 'M', 'IV'],
      ['Rekenen-Wiskunde', 'RW', 2024, 'E', 'III'],
      ['Rekenen-Wiskunde', 'RW', 2025, 'M', 'III'],
      ['Begrijpend lezen', 'TBL', 2025, 'M', 'B'],
      ['Technisch lezen (DMT)', 'DMT', 2025, 'M', null],
    ];
    for (const [, subject, calendarYear, yearTime, level] of inserted) {
      const roman = ROMANS.find((value) => value === level);
      const letter = LETTERS.find((value) => value === level);
      await createNationalScore(db, {
        schoolId: f.school.id,
        pupilId: lotte.id,
        yearClassId: f.groups.g6.id,
        subject,
        calendarYear,
        yearTime,
        grade: calendarYear === 2025 ? 6 : 5,
        abilityScore: 100,
        percentile: null,
        roman,
        alphabetical: letter,
        levelValue:
          level === null ? null : 5 - (roman ? ROMANS.indexOf(roman) : LETTERS.indexOf(letter ?? 'A')),
      });
    }
    const { text } = await report('superuser', lotte.id);
    const t_ = TEXT.nl;
    const rankOf = (level: string) =>
      Math.max(
        ROMANS.findIndex((value) => value === level),
        LETTERS.findIndex((value) => value === level),
      );
    for (const name of ['Spelling', 'Rekenen-Wiskunde', 'Begrijpend lezen']) {
      const own = inserted.filter((row) => row[0] === name);
      const latest = own.at(-1)!;
      const before = own.at(-2);
      const rank = rankOf(latest[4] ?? '');
      const previous = before ? rankOf(before[4] ?? '') : null;
      const trend =
        previous === null
          ? t_.trend.first
          : rank < previous
            ? t_.trend.up
            : rank > previous
              ? t_.trend.down
              : t_.trend.steady;
      const grade = latest[2] === 2025 ? 6 : 5;
      expect(text).toContain(
        `${name} ${t_.time[latest[3]]} groep ${grade}, ${latest[2]}-${latest[2] + 1} Niveau ${latest[4]} ${t_.meaning[rank]} ${trend}`,
      );
    }
    // The three trends all occur, and the result without a level is not printed.
    for (const trend of [t_.trend.down, t_.trend.steady, t_.trend.first]) expect(text).toContain(trend);
    expect(text).not.toContain('Technisch lezen');
  });

  it('refuses bad input with a message per field', async () => {
    const jan = first(f.cohort1, 0);
    for (const query of ['&calendar_year=abc', '&lang=fr']) {
      const response = await get('superuser', `/pupils/${jan.id}/report/?school_id=${f.school.id}${query}`);
      expect(response.statusCode).toBe(400);
      const field = query.startsWith('&lang') ? 'lang' : 'calendar_year';
      expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
    }
    expect((await get('superuser', `/pupils/${jan.id}/report/`)).statusCode).toBe(400);
  });

  it('answers as the pupil page: a teacher only for pupils of their groups, 404 for another school', async () => {
    const jan = first(f.cohort1, 0);
    const mila = first(f.cohort2, 0);
    const cases: [string, number, number, number][] = [
      ['superuser', jan.id, f.school.id, 200],
      ['senco', mila.id, f.school.id, 200],
      ['teacher', jan.id, f.school.id, 200],
      ['teacher', mila.id, f.school.id, 404],
      ['outsider', jan.id, f.school.id, 404],
      ['superuser', f.otherPupil.id, f.school.id, 404],
      ['superuser', f.otherPupil.id, f.other.id, 404],
      ['superuser', jan.id, f.other.id, 404],
      ['demo', jan.id, f.school.id, 200],
      ['superuser', 2147483647, f.school.id, 404],
    ];
    for (const [who, pupilId, schoolId, status] of cases) {
      const response = await get(who, `/pupils/${pupilId}/report/?school_id=${schoolId}`);
      expect([who, pupilId, schoolId, response.statusCode]).toEqual([who, pupilId, schoolId, status]);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api(`/pupils/${jan.id}/report/?school_id=${f.school.id}`),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('audits the report as a read of pupil data of the school', async () => {
    const jan = first(f.cohort1, 0);
    const reads = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'pupil_data.read'),
            eq(auditLog.actorUserId, f.users.senco.id),
            like(auditLog.entity, '%/report/%'),
          ),
        );
    const before = (await reads()).length;
    await report('senco', jan.id);
    await expect.poll(async () => (await reads()).length).toBe(before + 1);
    expect((await reads()).at(-1)?.schoolId).toBe(f.school.id);
  });
});
