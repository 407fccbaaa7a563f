import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shortMomentLabel } from '../../../entities/results';
import type { SubjectTrends, UserSettings } from '@leerzicht/contract';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  aggregate,
  exam,
  schoolHistory,
  schoolHistoryResponse,
  SETTINGS,
} from '../../../test/result-fixtures';
import { cohortTrends, groupTrends } from './subject-trends.fixture';

const SP = 2;
const history = schoolHistory({
  exams: [exam(2025, 'M', [{ subjectId: SP, school: aggregate(50, 20), grades: [], yearClasses: [] }])],
});

function serve(trends: SubjectTrends, settings: UserSettings = SETTINGS) {
  let current = settings;
  const requests: FakeRequest[] = [];
  signIn();
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': () => jsonResponse(current),
    'PUT /api/1.0/user-settings/update/': (request) => {
      current = { ...current, ...(request.body as object) };
      return jsonResponse(current);
    },
    'GET /api/1.0/school_history/1/': schoolHistoryResponse(history),
    'GET /api/1.0/schools/1/subject_trends/': (request) => {
      requests.push(request);
      return jsonResponse(request.url.searchParams.get('view') === 'group' ? groupTrends() : trends);
    },
  });
  return requests;
}

const nl = (value: number) => new Intl.NumberFormat('nl', { maximumFractionDigits: 1 }).format(value);
/** The test's own naming: the grade in 2025-2026, or the school year of groep 8 for a cohort that left. */
const cohortLabel = (cohort: number) =>
  2025 - cohort + 1 > 8
    ? `Cohort ${cohort} (groep 8 in ${cohort + 7}-${cohort + 8})`
    : `Cohort ${cohort} (nu groep ${2025 - cohort + 1})`;

async function tableOf(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Tabel' }, { timeout: 10_000 }));
  return screen.getByRole('table', { name: /per cohort|per groep/ });
}

describe('subject page trends', () => {
  it('shows the six latest cohorts by default, in words as "Cohort 2019 (nu groep 7)", and no more than six', async () => {
    const trends = cohortTrends(2012, 2021);
    serve(trends);
    const { user } = renderApp('/app/schools/1/subjects/2');
    await user.click(
      await screen.findByRole('button', { name: 'Reeksen kiezen (6 van 10 getoond)' }, { timeout: 10_000 }),
    );
    const picker = screen.getByRole('group', { name: /Kies welke reeksen/ });
    const boxes = within(picker).getAllByRole('checkbox');
    expect(boxes).toHaveLength(trends.series.length);
    const latest = trends.series.slice(-6).map((series) => cohortLabel(series.cohort ?? 0));
    expect(
      within(picker)
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.getAttribute('value')),
    ).toEqual(trends.series.slice(-6).map((series) => series.key));
    // The cohort that finished groep 8 in 2019-2020 is named so.
    expect(within(picker).getByLabelText('Cohort 2012 (groep 8 in 2019-2020)')).toBeDisabled();

    const table = await tableOf(user);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Moment', ...latest.flatMap((label) => [label, `Landelijke norm ${label}`])]);
    const chosen = trends.series.slice(-6);
    const moments = [
      ...new Map(chosen.flatMap((s) => s.points).map((p) => [`${p.calendarYear}-${p.yearTime}`, p])).values(),
    ].sort((a, b) => a.calendarYear - b.calendarYear || (a.yearTime === 'M' ? -1 : 1));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[0]?.textContent)).toEqual(moments.map(shortMomentLabel));
    rows.forEach((row, index) => {
      const moment = moments[index];
      const expected = chosen.flatMap((series) => {
        const point = series.points.find(
          (p) => p.calendarYear === moment?.calendarYear && p.yearTime === moment.yearTime,
        );
        return point ? [nl(point.meanAbilityScore ?? 0), nl(point.nationalAbilityScore ?? 0)] : ['–', '–'];
      });
      expect(Array.from(row.children, (cell) => cell.textContent).slice(1)).toEqual(expected);
    });

    // A seventh cannot be chosen until one is dropped.
    const oldest = within(picker).getByLabelText(cohortLabel(2015));
    expect(oldest).toBeDisabled();
    await user.click(within(picker).getByLabelText(cohortLabel(2016)));
    expect(oldest).toBeEnabled();
    await user.click(oldest);
    expect(within(table).getAllByRole('columnheader')[1]?.textContent).toBe(cohortLabel(2015));
  });

  it('shows percentiles with the national average, and leaves the national lines out when switched off', async () => {
    serve(cohortTrends(2016, 2018));
    const { user } = renderApp('/app/schools/1/subjects/2');
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Maat' }, { timeout: 10_000 })).getByRole(
        'radio',
        {
          name: 'Percentiel',
        },
      ),
    );
    const trends = cohortTrends(2016, 2018);
    let table = await tableOf(user);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Moment',
      ...trends.series.map((series) => cohortLabel(series.cohort ?? 0)),
      'Landelijk gemiddelde',
    ]);
    const first = within(table).getAllByRole('row')[1];
    const firstMoment = trends.series
      .flatMap((s) => s.points)
      .sort((a, b) => a.calendarYear - b.calendarYear || (a.yearTime === 'M' ? -1 : 1))[0];
    expect(first?.children[0]?.textContent).toBe(firstMoment ? shortMomentLabel(firstMoment) : '');
    expect(first?.lastElementChild?.textContent).toBe('50');

    await user.click(screen.getByRole('switch', { name: 'Landelijk gemiddelde tonen' }));
    table = screen.getByRole('table', { name: /per cohort/ });
    expect(within(table).queryByRole('columnheader', { name: 'Landelijk gemiddelde' })).toBeNull();
  });

  it("asks for the school year's groups in the group view and names them", async () => {
    const requests = serve(cohortTrends(2016, 2018));
    const { user } = renderApp('/app/schools/1/subjects/2');
    await user.click(await screen.findByRole('radio', { name: 'Per groep' }, { timeout: 10_000 }));
    await user.click(
      await screen.findByRole('button', { name: /Reeksen kiezen \(1 van 1/ }, { timeout: 10_000 }),
    );
    expect(screen.getByLabelText('Groep 6A')).toBeChecked();
    const last = requests.at(-1)?.url.searchParams;
    expect(last?.get('view')).toBe('group');
    expect(last?.get('school_year')).toBe(String(profile.currentSchoolYear));
    expect(last?.get('subject_id')).toBe(String(SP));
  });
});
