import {
  DEFAULT_USER_SETTINGS,
  type GroupObservations,
  type PupilDetail,
  type PupilObservations,
  type SocialEmotionalAspect,
  type SocialEmotionalObservation,
} from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const pupil: PupilDetail = {
  id: 7,
  schoolId: 1,
  firstName: 'Sanne',
  lastNamePrefix: 'van der',
  lastName: 'Berg',
  dateOfBirth: '2014-05-01',
  citoIsExcluded: false,
  showOutflowProfile: false,
  isPinned: false,
  pinId: null,
  current: { yearClassId: 18, yearClassName: 'Groep 6A', calendarYear: 2025, grade: 6 },
  enrolments: [],
  subjects: [],
  scores: [],
  methodScores: [],
  scoreNotes: [],
  approaches: [],
  outflowAdvice: { pupilId: 7, outflowAdvice: null, calendarYear: null, finalTestScore: null },
  norms: [],
};

const aspects: SocialEmotionalAspect[] = [
  { id: 1, schoolId: 1, code: 'welbevinden', name: null, position: 0, isArchived: false },
  { id: 2, schoolId: 1, code: 'werkhouding', name: 'Taakgerichtheid', position: 1, isArchived: false },
  { id: 3, schoolId: 1, code: null, name: 'Weerbaarheid', position: 2, isArchived: false },
];

function observation(
  id: number,
  observedOn: string,
  ratings: [number, number, number],
): SocialEmotionalObservation {
  return {
    id,
    pupilId: 7,
    yearClassId: 18,
    yearClassName: 'Groep 6A',
    calendarYear: 2025,
    observedOn,
    instrument: null,
    ratings: aspects.map((aspect, index) => ({
      aspectId: aspect.id,
      code: aspect.code,
      name: aspect.name,
      rating: ratings[index] ?? 3,
    })),
    mean: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100,
    content: id === 2 ? 'Gaat beter na gesprek' : '',
    confidential: id === 2,
    authorId: 1,
    authorName: 'Marieke de Vries',
    dateCreated: `${observedOn}T10:00:00Z`,
    canEdit: true,
  };
}

const pupilObservations: PupilObservations = {
  view: 'pupil',
  pupilId: 7,
  aspects,
  observations: [observation(1, '2025-10-01', [2, 3, 4]), observation(2, '2026-02-01', [4, 4, 5])],
};

const group: GroupObservations = {
  view: 'group',
  yearClassId: 18,
  aspects,
  pupils: [
    {
      pupilId: 8,
      firstName: 'Anna',
      lastNamePrefix: 'de',
      lastName: 'Boer',
      latest: { ...observation(3, '2026-02-03', [1, 3, 3]), pupilId: 8 },
      previousMean: 3.67,
      needsAttention: true,
      attentionReasons: ['low_rating', 'mean_drop'],
    },
    {
      pupilId: 7,
      firstName: 'Jan',
      lastNamePrefix: 'van',
      lastName: 'Dijk',
      latest: observation(2, '2026-02-01', [4, 4, 5]),
      previousMean: 3,
      needsAttention: false,
      attentionReasons: [],
    },
    {
      pupilId: 9,
      firstName: 'Piet',
      lastNamePrefix: '',
      lastName: 'Bakker',
      latest: null,
      previousMean: null,
      needsAttention: false,
      attentionReasons: [],
    },
  ],
};

function serve(onCreate?: (request: FakeRequest) => Response) {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(DEFAULT_USER_SETTINGS),
    'GET /api/1.0/pupils/7/': jsonResponse(pupil),
    'GET /api/1.0/social_emotional_observation/': (request) =>
      jsonResponse(request.url.searchParams.has('pupil_id') ? pupilObservations : group),
    'POST /api/1.0/social_emotional_observation/': (request) =>
      onCreate ? onCreate(request) : jsonResponse(observation(5, '2026-03-01', [3, 3, 3]), 201),
  });
}

describe('social-emotional pages', () => {
  it("shows the group's latest observations, attention first as the server orders them, coloured and in words", async () => {
    serve();
    renderApp('/app/schools/1/groups/18/social-emotional');
    const table = await screen.findByTestId('group-observations');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      group.pupils.map((row) => [row.firstName, row.lastNamePrefix, row.lastName].filter(Boolean).join(' ')),
    );
    // Column names: the catalogue's label for a default aspect, the school's name for a renamed or own one.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Leerling',
      'Datum',
      'Welbevinden',
      'Taakgerichtheid',
      'Weerbaarheid',
      'Gemiddelde',
      'Aandacht',
    ]);
    const anna = within(rows[0]!).getAllByRole('cell');
    // Ratings 1 (a concern), 3, 3: bands computed from the fixture's ratings.
    expect(anna.slice(1, 4).map((cell) => cell.dataset.band)).toEqual(['low', 'middle', 'middle']);
    expect(anna[1]).toHaveTextContent('1 (zorg)');
    expect(rows[0]).toHaveTextContent('Lage score');
    expect(rows[0]).toHaveTextContent('Gemiddelde gedaald');
    expect(rows[2]).toHaveTextContent('Nog niet geobserveerd');
    const attention = group.pupils.filter((row) => row.needsAttention).length;
    expect(
      screen.getByText(`2 van 3 leerlingen geobserveerd; ${attention} leerling vraagt om aandacht.`),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Jan van Dijk' })).toHaveAttribute(
      'href',
      '/app/schools/1/pupils/7/social-emotional',
    );
  });

  it("shows a pupil's observations newest first and records a new one with the ratings keyed by aspect", async () => {
    const fetch = serve();
    const { user } = renderApp('/app/schools/1/pupils/7/social-emotional');
    const table = await screen.findByTestId('pupil-observations');
    const dates = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByRole('rowheader').textContent);
    const format = new Intl.DateTimeFormat('nl', { dateStyle: 'medium' });
    expect(dates).toEqual(
      [...pupilObservations.observations].reverse().map((o) => format.format(new Date(o.observedOn))),
    );
    expect(table).toHaveTextContent('(vertrouwelijk) Gaat beter na gesprek');

    const form = screen.getByRole('form', { name: 'Nieuwe observatie' });
    await user.click(within(within(form).getByRole('radiogroup', { name: 'Welbevinden' })).getByText('4'));
    await user.click(within(within(form).getByRole('radiogroup', { name: 'Weerbaarheid' })).getByText('2'));
    const note = within(form).getByRole('textbox', { name: /Notitie/ });
    await user.type(note, 'Rustig');
    expect(within(form).getByText('6 van 1000 tekens')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Observatie opslaan' }));
    await waitFor(() => expect(within(form).getByText('Observatie opgeslagen.')).toBeInTheDocument());
    const posts = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
    // A default aspect by its code, the school's own one by its id.
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      pupilId: 7,
      ratings: { welbevinden: 4, '3': 2 },
      content: 'Rustig',
      confidential: false,
    });
  });

  it('shows the server’s field errors and keeps what was typed', async () => {
    serve(() =>
      jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: { observedOn: ['The date cannot be in the future.'] },
        },
        400,
      ),
    );
    const { user } = renderApp('/app/schools/1/pupils/7/social-emotional');
    const form = await screen.findByRole('form', { name: 'Nieuwe observatie' });
    await user.click(within(within(form).getByRole('radiogroup', { name: 'Welbevinden' })).getByText('3'));
    await user.type(within(form).getByRole('textbox', { name: /Notitie/ }), 'Blijft staan');
    await user.click(within(form).getByRole('button', { name: 'Observatie opslaan' }));
    expect(
      await within(form).findByText(
        /De datum kan niet in de toekomst liggen|The date cannot be in the future/,
      ),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Notitie/ })).toHaveValue('Blijft staan');
  });

  it('refuses an observation without any rating before sending it', async () => {
    const fetch = serve();
    const { user } = renderApp('/app/schools/1/pupils/7/social-emotional');
    const form = await screen.findByRole('form', { name: 'Nieuwe observatie' });
    await user.click(within(form).getByRole('button', { name: 'Observatie opslaan' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
