import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  groupPupil,
  methodScore,
  nationalScore,
  SETTINGS,
  yearClassResponse,
  yearClassResult,
} from '../../../test/result-fixtures';

const SP = 2;
const RW = 1;

function serve(result: ReturnType<typeof yearClassResult>, settings = SETTINGS) {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(settings),
    'GET /api/1.0/year_classes/40/result/': yearClassResponse(result),
  });
}

const score = (
  pupilId: number,
  subjectId: number,
  calendarYear: number,
  yearTime: 'M' | 'E',
  abilityScore: number,
  percentile: number,
  provider: 'CITO' | 'DIA' | 'IEP' = 'CITO',
  isCounted = true,
) =>
  nationalScore({
    pupilId,
    subjectId,
    calendarYear,
    yearTime,
    grade: 6,
    abilityScore,
    percentile,
    provider,
    isCounted,
  });

function bodyRows(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

describe('group results page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15));
  });
  afterEach(() => vi.useRealTimers());

  it('orders pupils by the word after the name particle and colours scores by the thresholds', async () => {
    serve(
      yearClassResult([
        groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 80)]),
        groupPupil(2, ['Anna', 'de', 'Boer'], [score(2, SP, 2024, 'E', 55, 20)]),
        groupPupil(3, ['Piet', '', 'Bakker'], [score(3, SP, 2024, 'E', 70, 50)]),
      ]),
    );
    renderApp('/app/schools/1/groups/40/results');

    const table = await screen.findByTestId('group-results');
    const rows = bodyRows(table);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Piet Bakker',
      'Anna de Boer',
      'Jan van Dijk',
    ]);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    // One verdict per result, from the level by default (I-II good, IV-V low): on ability, level and percentile.
    expect(
      cells(rows[2]!)
        .slice(1, 4)
        .map((cell) => cell.dataset.band),
    ).toEqual(['good', 'good', 'good']);
    expect(
      cells(rows[1]!)
        .slice(1, 4)
        .map((cell) => cell.dataset.band),
    ).toEqual(['low', 'low', 'low']);
    expect(
      cells(rows[0]!)
        .slice(1, 4)
        .map((cell) => cell.dataset.band),
    ).toEqual(['middle', 'middle', 'middle']);
    expect(cells(rows[2]!)[1]).toHaveTextContent('85 (goed)');
    expect(cells(rows[1]!)[3]).toHaveTextContent('20 (laag)');
    expect(cells(rows[2]!)[0]).toHaveTextContent('CITO 3.0');
  });

  it('sorts on a column with its sort button, pupils without a result last', async () => {
    const { user } = renderWith([
      groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 80)]),
      groupPupil(2, ['Anna', 'de', 'Boer'], [score(2, SP, 2024, 'E', 55, 20)]),
      groupPupil(3, ['Piet', '', 'Bakker'], [score(3, SP, 2024, 'E', 70, 50)]),
      groupPupil(4, ['Ali', '', 'Aydin'], [], { citoIsExcluded: true }),
    ]);
    const table = await screen.findByTestId('group-results');
    await user.click(within(table).getByRole('button', { name: /Percentiel/ }));
    const names = () => bodyRows(table).map((row) => within(row).getByRole('rowheader').textContent);
    expect(names()).toEqual(['Jan van Dijk', 'Piet Bakker', 'Anna de Boer', 'Ali Aydin']);
    expect(within(table).getByRole('columnheader', { name: /Percentiel/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(table).getByRole('button', { name: /Percentiel/ }));
    expect(names()).toEqual(['Anna de Boer', 'Piet Bakker', 'Jan van Dijk', 'Ali Aydin']);
    expect(
      within(table).getByText('Deze leerling is uitgesloten van de landelijke toetsen.'),
    ).toBeInTheDocument();
  });

  it('says how many pupils have a result at the chosen moment when some have none', async () => {
    const pupils = [
      groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 80)]),
      groupPupil(2, ['Anna', 'de', 'Boer'], [score(2, SP, 2023, 'E', 55, 20)]),
      groupPupil(3, ['Piet', '', 'Bakker'], [score(3, SP, 2023, 'E', 70, 50)]),
      groupPupil(4, ['Ali', '', 'Aydin'], []),
    ];
    const atLatest = pupils.filter((pupil) =>
      pupil.scores.some(
        (item) => item.subjectId === SP && item.calendarYear === 2024 && item.yearTime === 'E',
      ),
    ).length;
    const { user } = renderWith(pupils);
    expect(await screen.findByTestId('group-results-count')).toHaveTextContent(
      `${atLatest} van de ${pupils.length} leerlingen ${atLatest === 1 ? 'heeft' : 'hebben'} een resultaat op dit moment.`,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Toetsmoment' }), '2023-E');
    const atEarlier = pupils.filter((pupil) =>
      pupil.scores.some((item) => item.subjectId === SP && item.calendarYear === 2023),
    ).length;
    expect(screen.getByTestId('group-results-count')).toHaveTextContent(
      `${atEarlier} van de ${pupils.length} leerlingen ${atEarlier === 1 ? 'heeft' : 'hebben'} een resultaat op dit moment.`,
    );
  });

  it('says nothing of the count when every pupil has a result at the moment', async () => {
    renderWith([
      groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 80)]),
      groupPupil(2, ['Anna', 'de', 'Boer'], [score(2, SP, 2024, 'E', 55, 20)]),
    ]);
    await screen.findByTestId('group-results');
    expect(screen.queryByTestId('group-results-count')).toBeNull();
  });

  it('shows the result the server counts (isCounted), growth since the previous moment and earlier moments', async () => {
    const { user } = renderWith([
      groupPupil(
        1,
        ['Jan', 'van', 'Dijk'],
        [
          score(1, SP, 2024, 'E', 90, 70, 'IEP', false),
          score(1, SP, 2024, 'E', 72, 66, 'DIA'),
          score(1, SP, 2024, 'M', 64, 60, 'DIA'),
          score(1, SP, 2023, 'E', 40, 50, 'CITO'),
        ],
      ),
    ]);
    const table = await screen.findByTestId('group-results');
    const row = bodyRows(table)[0]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('DIA 2024');
    expect(cells[1]).toHaveTextContent('72');
    expect(cells[3]).toHaveTextContent('66');
    expect(cells[8]).toHaveTextContent('+8');
    expect(screen.getByRole('table', { name: 'Spelling, E 2024-2025' })).toBeInTheDocument();

    const select = screen.getByRole('combobox', { name: 'Toetsmoment' });
    // Moments newest first: by year, then B, X, M, E.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['E 2024-2025', 'M 2024-2025', 'E 2023-2024']);
    await user.selectOptions(select, '2023-E');
    const earlier = within(bodyRows(screen.getByTestId('group-results'))[0]!).getAllByRole('cell');
    expect(earlier[1]).toHaveTextContent('40');
    expect(earlier[8]).toHaveTextContent('–');
  });

  it('shows subjects as tabs in the order of their position', async () => {
    renderWith([groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, RW, 2024, 'E', 85, 80)])]);
    expect(await screen.findByRole('tab', { name: 'Rekenen-Wiskunde', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Spelling',
      'Begrijpend lezen',
      'Technisch lezen (DMT)',
      'Rekenen-Wiskunde',
      'Woordenschat',
    ]);
  });

  it('shows method results of the last 30 months only, with their letters', async () => {
    const { user } = renderWith([
      groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, RW, 2024, 'E', 85, 80)], {
        methodScores: [
          methodScore({
            pupilId: 1,
            subjectId: RW,
            testDate: '2023-09-20',
            performance: 'G',
            name: 'Blok 1 (oud)',
          }),
          methodScore({
            pupilId: 1,
            subjectId: RW,
            testDate: '2023-09-10',
            performance: 'O',
            name: 'Blok 0 (te oud)',
          }),
          methodScore({
            pupilId: 1,
            subjectId: RW,
            testDate: '2025-11-02',
            performance: 'O',
            name: 'Blok 4',
          }),
        ],
      }),
    ]);
    await user.click(await screen.findByRole('tab', { name: 'Rekenen-Wiskunde' }));
    const table = await screen.findByTestId('method-results');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Leerling', 'Blok 1 (oud)', 'Blok 4']);
    const cells = within(bodyRows(table)[0]!).getAllByRole('cell');
    expect(
      cells.map((cell) => [cell.querySelector('[data-letter]')?.textContent, cell.dataset.band]),
    ).toEqual([
      ['G', 'good'],
      ['O', 'low'],
    ]);
  });

  it('says why a group below grade 3 has no results', async () => {
    serve(yearClassResult([], { grade: 2, grades: [1, 2], name: 'Groep 1/2A' }));
    renderApp('/app/schools/1/groups/40/results');
    expect(
      await screen.findByText(
        'Resultaten van landelijke toetsen worden getoond vanaf groep 3; deze groep zit daaronder.',
      ),
    ).toBeInTheDocument();
  });

  it('marks the results with notes and adds a score note from the group table', async () => {
    const noted = score(1, SP, 2024, 'E', 85, 80);
    const plain = score(2, SP, 2024, 'E', 55, 20);
    const posts: unknown[] = [];
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/year_classes/40/result/': yearClassResponse(
        yearClassResult([
          groupPupil(1, ['Jan', 'van', 'Dijk'], [noted], {
            citoNotes: [
              {
                id: 3,
                pupilId: 1,
                citoTestScoreId: noted.id,
                methodTestScoreId: null,
                category: 'cito_score',
                content: 'Goed gegaan.',
                forwardLooking: null,
                confidential: false,
                authorId: 2,
                dateCreated: '2025-06-20T10:00:00Z',
              },
            ],
          }),
          groupPupil(2, ['Anna', 'de', 'Boer'], [plain]),
        ]),
      ),
      'POST /api/1.0/cito_score_note/': (request) => {
        posts.push(request.body);
        return jsonResponse(
          {
            id: 4,
            pupilId: 2,
            citoTestScoreId: plain.id,
            methodTestScoreId: null,
            category: 'cito_score',
            content: 'x',
            forwardLooking: null,
            dateCreated: '2026-03-15T10:00:00Z',
          },
          201,
        );
      },
    });
    const { user } = renderApp('/app/schools/1/groups/40/results');
    const table = await screen.findByTestId('group-results');
    const [anna, jan] = bodyRows(table);
    expect(within(jan!).getByRole('button', { name: /^Notities bij Jan van Dijk/ }).dataset.hasNotes).toBe(
      'true',
    );
    const annaButton = within(anna!).getByRole('button', { name: /^Notities bij Anna de Boer/ });
    expect(annaButton.dataset.hasNotes).toBeUndefined();
    await user.click(annaButton);
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Notitie bij dit resultaat/ }),
      'Spelling oefenen',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { citoTestScoreId: plain.id, content: 'Spelling oefenen', forwardLooking: null, confidential: false },
      ]),
    );
  });

  it("shows the group's notes on the chosen test moment with the pupils they name, and adds one", async () => {
    const posts: unknown[] = [];
    const base = yearClassResult([
      groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 80)]),
      groupPupil(2, ['Anna', 'de', 'Boer'], [score(2, SP, 2024, 'E', 55, 20)]),
    ]);
    const result = {
      ...base,
      testMomentNotes: [
        {
          id: 8,
          yearClassId: base.group.id,
          kind: 'test_moment' as const,
          subjectId: SP,
          calendarYear: 2024,
          yearTime: 'E' as const,
          methodTestId: null,
          content: 'Dictee ging moeizaam.',
          relatedPupilIds: [2],
          relatedPupils: [{ id: 2, firstName: 'Anna', lastNamePrefix: 'de', lastName: 'Boer' }],
          confidential: false,
          authorId: 3,
          dateCreated: '2025-06-20T10:00:00Z',
        },
      ],
    };
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/year_classes/40/result/': yearClassResponse(result),
      'POST /api/1.0/year_class_notes/': (request) => {
        posts.push(request.body);
        return jsonResponse({ ...result.testMomentNotes[0], id: 9 }, 201);
      },
    });
    const { user } = renderApp('/app/schools/1/groups/40/results');
    const notes = await screen.findByTestId('moment-notes');
    expect(within(notes).getByText('Dictee ging moeizaam.')).toBeInTheDocument();
    expect(within(notes).getByText('Over: Anna de Boer')).toBeInTheDocument();
    await user.type(
      within(notes).getByRole('textbox', { name: /^Nieuwe notitie/ }),
      'Herhalen na de vakantie',
    );
    await user.click(within(notes).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          yearClassId: base.group.id,
          kind: 'test_moment',
          subjectId: SP,
          calendarYear: 2024,
          yearTime: 'E',
          content: 'Herhalen na de vakantie',
          relatedPupils: [],
        },
      ]),
    );
  });

  it('colours every cell of a result by the percentile when the settings choose it', async () => {
    // Percentile 70 is level II: good by level, middle by percentile (75/25).
    serve(yearClassResult([groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 70)])]), {
      ...SETTINGS,
      verdictMeasure: 'percentile',
    });
    renderApp('/app/schools/1/groups/40/results');
    const table = await screen.findByTestId('group-results');
    // The settings arrive after the first render (the table does not wait for them).
    await waitFor(() =>
      expect(
        within(bodyRows(table)[0]!)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((cell) => cell.dataset.band),
      ).toEqual(['middle', 'middle', 'middle']),
    );
  });

  it('colours every cell of a result by its level by default, and leaves a result without a level uncoloured', async () => {
    serve(
      yearClassResult([
        groupPupil(1, ['Jan', 'van', 'Dijk'], [score(1, SP, 2024, 'E', 85, 70)]),
        groupPupil(
          2,
          ['Anna', 'de', 'Boer'],
          [{ ...score(2, SP, 2024, 'E', 50, 10), levelValue: 0, roman: null }],
        ),
      ]),
    );
    renderApp('/app/schools/1/groups/40/results');
    const table = await screen.findByTestId('group-results');
    const [anna, jan] = bodyRows(table);
    expect(
      within(jan!)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((cell) => cell.dataset.band),
    ).toEqual(['good', 'good', 'good']);
    expect(
      within(anna!)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((cell) => cell.dataset.band),
    ).toEqual([undefined, undefined, undefined]);
  });
});

function renderWith(pupils: ReturnType<typeof groupPupil>[]) {
  serve(yearClassResult(pupils));
  return renderApp('/app/schools/1/groups/40/results');
}
