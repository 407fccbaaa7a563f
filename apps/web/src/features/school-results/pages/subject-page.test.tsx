import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  aggregate,
  exam,
  schoolHistory,
  schoolHistoryResponse,
  SETTINGS,
} from '../../../test/result-fixtures';
import { cohortTrends } from './subject-trends.fixture';

const SP = 2;
const group = (
  yearClassId: number,
  yearClassName: string,
  grade: number,
  levels: [number, number, number, number, number],
) => ({
  ...aggregate(
    50,
    levels.reduce((a, b) => a + b, 0),
    { I: levels[0], II: levels[1], III: levels[2], IV: levels[3], V: levels[4] },
  ),
  yearClassId,
  yearClassName,
  grade,
});
const result = (groups: ReturnType<typeof group>[]) => ({
  subjectId: SP,
  school: aggregate(50, 20),
  grades: [],
  yearClasses: groups,
});

const history = schoolHistory({
  exams: [
    exam(2024, 'E', [result([group(41, 'Groep 5', 5, [1, 1, 1, 1, 1])])]),
    exam(2024, 'B', [result([group(40, 'Groep 5', 5, [2, 2, 0, 0, 0])])]),
    exam(2025, 'M', [
      result([group(51, 'Groep 6B', 6, [4, 0, 0, 0, 0]), group(50, 'Groep 6A', 6, [1, 1, 1, 0, 1])]),
    ]),
  ],
});

function serve() {
  signIn();
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/school_history/1/': schoolHistoryResponse(history),
    'GET /api/1.0/schools/1/subject_trends/': jsonResponse(cohortTrends(2018, 2020)),
  });
}

describe('subject page', () => {
  it('lists the moments newest first and shows the level distribution of the latest', async () => {
    serve();
    renderApp('/app/schools/1/subjects/2');
    const exams = await screen.findByTestId('subject-exams');
    expect(
      within(exams)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['M 2025-2026', 'E 2024-2025', 'B 2024-2025']);
    const levels = screen.getByTestId('group-levels');
    const rows = within(levels).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Groep 6A', '4', '50', '25', '25', '25', '0', '25'],
      ['Groep 6B', '4', '50', '100', '0', '0', '0', '0'],
    ]);
    expect(within(levels).getByRole('link', { name: 'Groep 6A' })).toHaveAttribute(
      'href',
      '/app/schools/1/groups/50/results',
    );
  });

  it('shows the distribution at a chosen moment', async () => {
    serve();
    renderApp('/app/schools/1/subjects/2/details/2024/B');
    expect(
      await screen.findByRole('heading', { name: 'Niveauverdeling per groep, B 2024-2025' }),
    ).toBeInTheDocument();
    const rows = within(screen.getByTestId('group-levels')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[0]?.textContent)).toEqual(['Groep 5']);
  });
});
