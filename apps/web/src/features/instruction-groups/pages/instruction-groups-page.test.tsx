import type { ApproachSuggestion, PupilApproachRow } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { SUBJECTS } from '../../../test/result-fixtures';

const subjects = SUBJECTS.slice(0, 2);

const row = (
  pupilId: number,
  firstName: string,
  approach: PupilApproachRow['approach'],
): PupilApproachRow => ({
  pupilId,
  firstName,
  lastNamePrefix: '',
  lastName: 'Test',
  subjectId: 2,
  calendarYear: 2025,
  approach,
  yearclassId: approach === 'undefined' ? null : 18,
  yearclassName: approach === 'undefined' ? null : 'Groep 6A',
  dateChanged: null,
  changedByName: null,
});

const rows = [
  row(1, 'Anna', 'enriched'),
  row(2, 'Bram', 'basic'),
  row(3, 'Cas', 'basic'),
  row(4, 'Dewi', 'undefined'),
];

const suggestion: ApproachSuggestion = {
  yearclassId: 18,
  subjectId: 2,
  calendarYear: 2025,
  enrichedFrom: 'II',
  intensiveFrom: 'IV',
  pupils: [
    {
      pupilId: 1,
      firstName: 'Anna',
      lastNamePrefix: '',
      lastName: 'Test',
      currentApproach: 'enriched',
      suggestedApproach: 'enriched',
      basedOn: { scoreId: 9, provider: 'CITO', calendarYear: 2025, yearTime: 'M', level: 'I' },
    },
    {
      pupilId: 2,
      firstName: 'Bram',
      lastNamePrefix: '',
      lastName: 'Test',
      currentApproach: 'basic',
      suggestedApproach: 'intensive',
      basedOn: { scoreId: 10, provider: 'CITO', calendarYear: 2025, yearTime: 'M', level: 'V' },
    },
    {
      pupilId: 3,
      firstName: 'Cas',
      lastNamePrefix: '',
      lastName: 'Test',
      currentApproach: 'basic',
      suggestedApproach: 'basic',
      basedOn: { scoreId: 11, provider: 'CITO', calendarYear: 2025, yearTime: 'M', level: 'III' },
    },
    {
      pupilId: 4,
      firstName: 'Dewi',
      lastNamePrefix: '',
      lastName: 'Test',
      currentApproach: 'undefined',
      suggestedApproach: 'undefined',
      basedOn: null,
    },
  ],
};

function serve() {
  signIn();
  const posts: FakeRequest[] = [];
  const fetch = fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/subjects/': jsonResponse(subjects),
    'GET /api/1.0/pupil_approaches/': jsonResponse(rows),
    'GET /api/1.0/pupil_approaches/suggestion/': jsonResponse(suggestion),
    'POST /api/1.0/pupil_approaches/': (request) => {
      posts.push(request);
      return jsonResponse({ ...rows[1], approach: 'intensive' });
    },
    'POST /api/1.0/pupil_approaches/batch/': (request) => {
      posts.push(request);
      return jsonResponse({ changedCount: 1, approaches: rows });
    },
  });
  return { fetch, posts };
}

describe('instruction groups page', () => {
  it('shows the pupils in the four columns and moves one with the select (keyboard) to another group', async () => {
    const { posts } = serve();
    const { user } = renderApp('/app/schools/1/groups/18/instruction-groups');
    const board = await screen.findByTestId('approach-board');
    // Spelling comes first by position; the columns hold the server's rows.
    const column = (name: RegExp) => within(board).getByRole('region', { name });
    for (const [name, approach] of [
      [/^Verrijkt/, 'enriched'],
      [/^Basis/, 'basic'],
      [/^Intensief/, 'intensive'],
      [/^Nog niet ingedeeld/, 'undefined'],
    ] as const) {
      const expected = rows.filter((r) => r.approach === approach).map((r) => `${r.firstName} Test`);
      const cards = within(column(name))
        .queryAllByText(/ Test$/)
        .map((node) => node.textContent);
      expect(cards).toEqual(expected);
    }
    await user.selectOptions(
      within(board).getByRole('combobox', { name: 'Instructiegroep van Bram Test' }),
      'intensive',
    );
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({ pupilId: 2, subjectId: 2, yearclassId: 18, approach: 'intensive' });
  });

  it('suggests from the results, shows what it rests on, and saves only the changes after review', async () => {
    const { posts } = serve();
    const { user } = renderApp('/app/schools/1/groups/18/instruction-groups');
    await screen.findByTestId('approach-board');
    await user.click(screen.getByRole('button', { name: 'Voorstel maken' }));
    const table = await screen.findByTestId('approach-suggestion');
    const changed = suggestion.pupils.filter((p) => p.suggestedApproach !== p.currentApproach);
    expect(
      screen.getByText(
        `Het voorstel verplaatst ${changed.length} leerling. Bekijk het en sla het op of verwerp het.`,
      ),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Bram Test/ })).toHaveTextContent('V · CITO M 2025-2026');
    expect(within(table).getByRole('row', { name: /Dewi Test/ })).toHaveTextContent('Geen resultaat');
    await user.click(screen.getByRole('button', { name: 'Voorstel opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({
      yearclassId: 18,
      subjectId: 2,
      approaches: changed.map((p) => ({ pupilId: p.pupilId, approach: p.suggestedApproach })),
    });
    expect(await screen.findByText('Het voorstel is opgeslagen.')).toBeInTheDocument();
  });

  it('refuses a suggestion whose intensive level is not below the enriched one, and discards without saving', async () => {
    const { posts } = serve();
    const { user } = renderApp('/app/schools/1/groups/18/instruction-groups');
    await screen.findByTestId('approach-board');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Intensief: vanaf niveau' }), 'II');
    expect(screen.getByText('Kies voor intensief een lager niveau dan voor verrijkt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voorstel maken' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Intensief: vanaf niveau' }), 'IV');
    await user.click(screen.getByRole('button', { name: 'Voorstel maken' }));
    await screen.findByTestId('approach-suggestion');
    await user.click(screen.getByRole('button', { name: 'Verwerpen' }));
    expect(screen.queryByTestId('approach-suggestion')).toBeNull();
    expect(posts).toHaveLength(0);
  });
});
