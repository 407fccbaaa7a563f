import { fullName, type GroupGoals, type ScoreBand } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_BACKGROUND } from '../../../lib/band-colours';
import { fakeApi, jsonResponse, silenceExpectedErrors } from '../../../test/fake-api';
import { signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { shellReplies } from '../../../test/shell-fixtures';

/* Group 18 of the shell fixtures (grade 8, has goals): two Pluspunt tests, two domains, two test types. */
const test = (id: number, block: number) => ({
  id,
  name: `Pluspunt groep 8 blok ${block}`,
  methodId: 1,
  methodName: 'Pluspunt',
  subjectId: 4,
  grade: 8,
  block,
  chapter: `Blok ${block}`,
  maxScore: 40,
});
const section = (
  id: number,
  testId: number,
  code: string,
  goalName: string,
  domain: [number, string],
  subtype: [number, string] | null,
  maxScore: number,
) => ({
  id,
  code,
  testId,
  subtypeId: subtype?.[0] ?? null,
  subtypeName: subtype?.[1] ?? null,
  goalId: id * 10,
  goalName,
  name: `Deel ${code}`,
  details: `Blok ${testId - 800}: ${goalName}`,
  domainId: domain[0],
  domainName: domain[1],
  maxScore,
});
const GETALLEN: [number, string] = [1, 'Getallen'];
const METEN: [number, string] = [2, 'Meten'];
const BASIS: [number, string] = [1, 'Basisvaardigheden'];
const TOEPASSEN: [number, string] = [2, 'Toepassen'];

const goals: GroupGoals = {
  group: { id: 18, schoolId: 1, name: 'Groep 8', grade: 8, calendarYear: 2025 },
  tests: [test(801, 1), test(802, 2)],
  testSections: [
    section(11, 801, 'A', 'Optellen en aftrekken', GETALLEN, BASIS, 10),
    section(12, 801, 'B', 'Klokkijken', METEN, TOEPASSEN, 8),
    section(21, 802, 'A', 'Delen met rest', GETALLEN, BASIS, 12),
    section(22, 802, 'B', 'Omtrek', METEN, null, 6),
  ],
  // Meten comes first in the catalogue.
  domains: [
    { id: 2, code: 'MM', name: 'Meten', subjectId: 4 },
    { id: 1, code: 'GET', name: 'Getallen', subjectId: 4 },
  ],
  testTypes: [
    { id: 1, name: 'Basisvaardigheden' },
    { id: 2, name: 'Toepassen' },
  ],
  pupils: [
    {
      id: 7,
      firstName: 'Jan',
      lastNamePrefix: 'van',
      lastName: 'Dijk',
      grade: 8,
      scores: [
        { testSectionId: 11, score: 9, maxScore: 10 },
        { testSectionId: 12, score: 5, maxScore: 8 },
        { testSectionId: 21, score: 6, maxScore: 12 },
      ],
    },
    {
      id: 8,
      firstName: 'Eva',
      lastNamePrefix: 'de',
      lastName: 'Boer',
      grade: 8,
      scores: [
        { testSectionId: 11, score: 7.5, maxScore: 10 },
        { testSectionId: 22, score: 6, maxScore: 6 },
        { testSectionId: 12, score: 6.4, maxScore: 8 },
      ],
    },
    { id: 9, firstName: 'Piet', lastNamePrefix: '', lastName: 'Zwart', grade: 8, scores: [] },
  ],
};

/* The oracle: the share of the points, whole percent; good from 80%, middle from 65%, low below. */
const percentOf = (points: { score: number; maxScore: number }) =>
  Math.round((100 * points.score) / points.maxScore);
const bandOf = (percent: number): ScoreBand => (percent >= 80 ? 'good' : percent >= 65 ? 'middle' : 'low');

/** The section ids in column order: per domain (catalogue order), per test (test order), section order. */
function columnOrder(
  data: GroupGoals,
  keep: (s: GroupGoals['testSections'][number]) => boolean = () => true,
) {
  return data.domains.flatMap((domain) =>
    data.tests.flatMap((t) =>
      data.testSections
        .filter((s) => s.domainId === domain.id && s.testId === t.id && keep(s))
        .map((s) => s.id),
    ),
  );
}

function serve(data: GroupGoals | Response = goals) {
  signIn();
  return fakeApi({
    ...shellReplies(),
    'GET /api/1.0/year_classes/18/goals/': data instanceof Response ? data : jsonResponse(data),
  });
}

const table = () => screen.findByTestId('goals-table');

/** The data cells of a body or footer row, after its row header. */
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');

function expectCells(cells: HTMLElement[], points: ({ score: number; maxScore: number } | undefined)[]) {
  expect(cells).toHaveLength(points.length);
  points.forEach((point, index) => {
    const cell = cells[index] as HTMLElement;
    if (!point) {
      expect(cell).toHaveTextContent('–geen resultaat');
      expect(cell).not.toHaveAttribute('data-band');
      return;
    }
    const percent = percentOf(point);
    const band = bandOf(percent);
    expect(cell).toHaveTextContent(`${percent}%`);
    expect(cell).toHaveAttribute('data-band', band);
    expect(cell.style.background).toBe(BAND_BACKGROUND[band]);
  });
}

describe('test overview page', () => {
  it('shows the title marked beta, the legend, and per pupil and goal the share of the points, coloured', async () => {
    serve();
    renderApp('/app/schools/1/groups/18/goals');
    const grid = await table();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Toetsoverzicht Groep 8');
    expect(within(heading).getByText('bèta')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Toetsoverzicht Groep 8 - OBS De Regenboog - Leerzicht'));
    expect(screen.getByTestId('goal-legend')).toHaveTextContent(/80% of meer van de punten/);

    // Column groups: the domains in the catalogue's order, under each its tests, under those the goals.
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    const order = columnOrder(goals);
    const sectionOf = (id: number) => goals.testSections.find((s) => s.id === id);
    expect(headers).toEqual([
      'Leerling',
      'Meten',
      'Getallen',
      'Blok 1',
      'Blok 2',
      'Blok 1',
      'Blok 2',
      ...order.map((id) => `${sectionOf(id)?.code}${sectionOf(id)?.goalName}`),
    ]);

    const rows = within(grid).getAllByRole('row').slice(3);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      ...goals.pupils.map((pupil) => fullName(pupil)),
      'Hele groep',
    ]);
    goals.pupils.forEach((pupil, index) =>
      expectCells(
        cellsOf(rows[index] as HTMLElement),
        order.map((id) => pupil.scores.find((score) => score.testSectionId === id)),
      ),
    );
    // The group: every point scored over every point possible, of the pupils with a result.
    expectCells(
      cellsOf(rows.at(-1) as HTMLElement),
      order.map((id) => {
        const scores = goals.pupils.flatMap((p) => p.scores.filter((s) => s.testSectionId === id));
        return scores.length === 0
          ? undefined
          : {
              score: scores.reduce((sum, s) => sum + s.score, 0),
              maxScore: scores.reduce((sum, s) => sum + s.maxScore, 0),
            };
      }),
    );
    // The points themselves, for whoever points at a cell.
    const jan = cellsOf(rows[0] as HTMLElement);
    expect(jan[0]).toHaveAttribute('title', 'Meten, Blok 1 B: Klokkijken: 5 van 8 punten');
  });

  it("leads from a pupil's name to the pupil's page", async () => {
    serve();
    renderApp('/app/schools/1/groups/18/goals');
    const grid = await table();
    for (const pupil of goals.pupils) {
      expect(within(grid).getByRole('link', { name: fullName(pupil) })).toHaveAttribute(
        'href',
        `/app/schools/1/pupils/${pupil.id}`,
      );
    }
  });

  it('filters by domain and by test type, says when nothing is left, and shows all again', async () => {
    serve();
    const { user, router } = renderApp('/app/schools/1/groups/18/goals');
    const grid = await table();
    const sectionHeaders = () =>
      within(screen.getByTestId('goals-table'))
        .getAllByRole('columnheader')
        .filter((th) => th.getAttribute('scope') === 'col' && th.textContent !== 'Leerling')
        .map((th) => th.textContent);
    const labelOf = (id: number) => {
      const s = goals.testSections.find((item) => item.id === id);
      return `${s?.code}${s?.goalName}`;
    };
    expect(grid).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Domein'), 'Getallen');
    await waitFor(() =>
      expect(sectionHeaders()).toEqual(columnOrder(goals, (s) => s.domainId === 1).map(labelOf)),
    );
    expect(router.state.location.search).toBe('?domain=1');
    const jan = within(screen.getByTestId('goals-table')).getAllByRole('row')[3] as HTMLElement;
    expectCells(cellsOf(jan), [
      { score: 9, maxScore: 10 },
      { score: 6, maxScore: 12 },
    ]);

    await user.selectOptions(screen.getByLabelText('Domein'), 'Alle domeinen');
    await waitFor(() => expect(sectionHeaders()).toHaveLength(goals.testSections.length));
    await user.selectOptions(screen.getByLabelText('Toetstype'), 'Toepassen');
    await waitFor(() =>
      expect(sectionHeaders()).toEqual(columnOrder(goals, (s) => s.subtypeId === 2).map(labelOf)),
    );

    await user.selectOptions(screen.getByLabelText('Domein'), 'Getallen');
    expect(await screen.findByTestId('goals-empty')).toHaveTextContent(
      'Bij dit domein en dit toetstype horen geen doelen van deze groep.',
    );
    expect(screen.queryByTestId('goals-table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alle doelen tonen' }));
    await waitFor(() => expect(sectionHeaders()).toEqual(columnOrder(goals).map(labelOf)));
    expect(router.state.location.search).toBe('');
  });

  it('opens with the filter of the address, and ignores ids it does not know', async () => {
    serve();
    renderApp('/app/schools/1/groups/18/goals?type=1&domain=99');
    await table();
    expect(screen.getByLabelText('Domein')).toHaveValue('');
    expect(screen.getByLabelText('Toetstype')).toHaveValue('1');
    const codes = within(screen.getByTestId('goals-table'))
      .getAllByRole('columnheader')
      .filter((th) => th.getAttribute('scope') === 'col' && th.textContent !== 'Leerling');
    expect(codes).toHaveLength(goals.testSections.filter((s) => s.subtypeId === 1).length);
  });

  it('says why there is nothing to show: no goals yet, no pupils, a grade below 3', async () => {
    serve({ ...goals, tests: [], testSections: [], domains: [], testTypes: [] });
    const first = renderApp('/app/schools/1/groups/18/goals');
    expect(await screen.findByTestId('goals-empty')).toHaveTextContent(
      'Deze groep heeft in schooljaar 2025-2026 nog geen methodetoets gemaakt',
    );
    expect(screen.queryByTestId('goal-filters')).not.toBeInTheDocument();
    first.unmount();

    serve({ ...goals, pupils: [] });
    const second = renderApp('/app/schools/1/groups/18/goals');
    expect(await screen.findByTestId('goals-empty')).toHaveTextContent(
      'Deze groep heeft (nog) geen leerlingen.',
    );
    second.unmount();

    serve({ ...goals, group: { ...goals.group, grade: 2 } });
    renderApp('/app/schools/1/groups/18/goals');
    expect(await screen.findByTestId('goals-empty')).toHaveTextContent(
      'Het toetsoverzicht begint in groep 3; deze groep zit in groep 2.',
    );
  });

  it('shows the not-found view for a group the user may not see', async () => {
    silenceExpectedErrors();
    serve(jsonResponse({ status: 404, detail: 'Not found.' }, 404));
    renderApp('/app/schools/1/groups/18/goals');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});
