import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GradeGrowthList, LevelCounts, YearGrade, YearTime } from '@leerzicht/contract';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { aggregate, SETTINGS, SUBJECTS } from '../../../test/result-fixtures';

const RW = 1;
const SP = 2;
const levels = (counts: [number, number, number, number, number]): LevelCounts => ({
  I: counts[0],
  II: counts[1],
  III: counts[2],
  IV: counts[3],
  V: counts[4],
});
const result = (subjectId: number, yearTime: YearTime, counts: [number, number, number, number, number]) => {
  const total = counts.reduce((a, b) => a + b, 0);
  return { ...aggregate(40 + total, total, levels(counts)), subjectId, yearTime };
};

const yearGrade: YearGrade = {
  id: 5,
  grade: 5,
  schoolId: 1,
  subjects: SUBJECTS,
  norms: [],
  cohorts: [
    {
      calendarYear: 2023,
      yearClasses: [{ id: 30, name: 'Groep 5' }],
      results: [
        // An older test with levels A-E only: counted pupils, no I-V distribution (left out of the level chart).
        { ...aggregate(50, 6), subjectId: SP, yearTime: 'B' as const },
        result(SP, 'M', [2, 1, 1, 0, 0]),
        result(SP, 'E', [3, 3, 1, 1, 0]),
        result(RW, 'M', [1, 1, 1, 1, 1]),
      ],
    },
    {
      calendarYear: 2024,
      yearClasses: [{ id: 40, name: 'Groep 5' }],
      results: [result(SP, 'M', [0, 2, 2, 1, 5])],
    },
  ],
};
const growth: GradeGrowthList = {
  schoolId: 1,
  grade: 5,
  growth: [
    { calendarYear: 2023, subjectId: SP, pupilCount: 4, meanGrowth: 7.25, normGrowth: 6, tests: [] },
    { calendarYear: 2024, subjectId: SP, pupilCount: 9, meanGrowth: 3.5, normGrowth: 6.5, tests: [] },
    { calendarYear: 2024, subjectId: RW, pupilCount: 2, meanGrowth: 1, normGrowth: 2, tests: [] },
  ],
};

function serve() {
  let settings = SETTINGS;
  signIn();
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': () => jsonResponse(settings),
    'PUT /api/1.0/user-settings/update/': (request) => {
      settings = { ...settings, ...(request.body as object) };
      return jsonResponse(settings);
    },
    'GET /api/1.0/schools/1/year_grades/5/': jsonResponse(yearGrade),
    'GET /api/1.0/schools/1/year_grades/5/growth/': jsonResponse(growth),
  });
}

const nl = (value: number) => new Intl.NumberFormat('nl', { maximumFractionDigits: 1 }).format(value);
/** The test's own shares: one decimal of the count over the total, per level I..V. */
const shares = (counts: number[]) => {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((count) => nl(Math.round((count / total) * 1000) / 10));
};
const cells = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

async function asTable(user: ReturnType<typeof renderApp>['user'], heading: string) {
  const card = (await screen.findByRole('heading', { name: heading }, { timeout: 10_000 })).closest(
    '.mantine-Card-root',
  );
  if (!(card instanceof HTMLElement)) throw new Error('no card');
  await user.click(within(card).getByRole('radio', { name: 'Tabel' }));
  return within(card).getByRole('table');
}

describe('grade page', () => {
  it("compares the grade's cohorts: levels per school year and moment, and growth from M to E against the norm", async () => {
    serve();
    const { user } = renderApp('/app/schools/1/years/5');
    // Spelling comes first (position 1) and has both cohorts.
    expect(
      await screen.findByRole('tab', { name: 'Spelling', selected: true }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const levelsTable = await asTable(user, 'Spelling: niveauverdeling I-V van groep 5 per schooljaar');
    expect(within(levelsTable).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['M 23-24', ...shares([2, 1, 1, 0, 0])],
      ['E 23-24', ...shares([3, 3, 1, 1, 0])],
      ['M 24-25', ...shares([0, 2, 2, 1, 5])],
      ['Landelijk gemiddelde', '20', '20', '20', '20', '20'],
    ]);
    const growthTable = await asTable(user, 'Spelling: groei van groep 5 van M naar E');
    const spelling = growth.growth.filter((item) => item.subjectId === SP);
    expect(within(growthTable).getAllByRole('row').slice(1).map(cells)).toEqual(
      spelling.map((item) => [
        `${item.calendarYear}-${item.calendarYear + 1} (${item.pupilCount} lln.)`,
        nl(item.meanGrowth ?? 0),
        nl(item.normGrowth ?? 0),
      ]),
    );

    // National average off: no national bar, no norm column.
    await user.click(screen.getByRole('switch', { name: 'Landelijk gemiddelde tonen' }));
    expect(within(levelsTable).queryByRole('rowheader', { name: 'Landelijk gemiddelde' })).toBeNull();
    expect(
      within(growthTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Schooljaar', 'Gemiddelde groei']);
  });

  it('shows another subject in its own tab', async () => {
    serve();
    const { user } = renderApp('/app/schools/1/years/5');
    await user.click(await screen.findByRole('tab', { name: 'Rekenen-Wiskunde' }, { timeout: 10_000 }));
    const table = await asTable(user, 'Rekenen-Wiskunde: groei van groep 5 van M naar E');
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([['2024-2025 (2 lln.)', '1', '2']]);
  });
});
