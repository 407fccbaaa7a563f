import type { AllNote, AllNotesList, NoteCategoryOption } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
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

const jan = groupPupil(
  1,
  ['Jan', 'van', 'Dijk'],
  [
    nationalScore({
      pupilId: 1,
      subjectId: 1,
      calendarYear: 2025,
      yearTime: 'M',
      grade: 6,
      abilityScore: 100,
      percentile: 50,
    }),
  ],
  {
    methodScores: [
      methodScore({
        pupilId: 1,
        subjectId: 1,
        testDate: '2026-01-10',
        performance: 'V',
        methodTestId: 1601,
        name: 'Blok 6',
      }),
    ],
  },
);
const eva = groupPupil(2, ['Eva', 'de', 'Boer']);
const result = yearClassResult([jan, eva]);

function note(kind: AllNote['kind'], id: number, extra: Partial<AllNote> = {}): AllNote {
  return {
    kind,
    id,
    category: kind === 'pupil' ? 'general' : kind,
    content: `Notitie ${kind} ${id}`,
    forwardLooking: null,
    confidential: false,
    dateArchived: null,
    pupil: kind === 'test_moment' || kind === 'method_test' ? null : { id: 1, name: 'Jan van Dijk' },
    relatedPupils: [],
    subjectId: null,
    calendarYear: null,
    yearTime: null,
    testName: null,
    authorName: 'Tom Leerkracht',
    dateCreated: '2026-02-01T10:00:00Z',
    dateChanged: '2026-02-01T10:00:00Z',
    canEdit: true,
    ...extra,
  };
}

const notes: AllNote[] = [
  note('test_moment', 11, {
    relatedPupils: [{ id: 2, name: 'Eva de Boer' }],
    subjectId: 1,
    calendarYear: 2025,
    yearTime: 'M',
  }),
  note('pupil', 12, { confidential: true }),
  note('cito_score', 13, {
    forwardLooking: 'Extra oefenen met breuken',
    subjectId: 1,
    calendarYear: 2025,
    yearTime: 'M',
    testName: 'Rekenen-Wiskunde 3.0',
  }),
  note('social_emotional', 14, { canEdit: false }),
];
const categories: NoteCategoryOption[] = [
  { id: 1, code: 'general', name: 'Algemeen', position: 0 },
  { id: 2, code: 'cito_score', name: 'Landelijke toets', position: 2 },
  { id: 5, code: null, name: 'Gesprek ouders', position: 4 },
];

function serve(
  list: (request: FakeRequest) => AllNotesList = () => ({ count: notes.length, results: notes }),
) {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/year_classes/40/result/': yearClassResponse(result),
    'GET /api/1.0/note_category_options/': jsonResponse(categories),
    'GET /api/1.0/all_notes/': (request) => jsonResponse(list(request)),
    'PATCH /api/1.0/year_class_notes/11/': (request) => jsonResponse({ ...(request.body as object), id: 11 }),
    'DELETE /api/1.0/pupil_note/12/': new Response(null, { status: 204 }),
    'POST /api/1.0/year_class_notes/': (request) =>
      jsonResponse({ id: 99, ...(request.body as object) }, 201),
  });
}

const requestsTo = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).includes(path))
    .map(([input, init]) => ({
      url: new URL(String(input), window.location.origin),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    }));

describe('group notes page', () => {
  it('lists every kind of note of the group with what it is about, asked for this school and group', async () => {
    const fetch = serve();
    renderApp('/app/schools/1/groups/40/notes');
    const list = await screen.findByTestId('group-notes');
    const cards = within(list)
      .getAllByText(/^Notitie /)
      .map((item) => item.textContent);
    expect(cards).toEqual(notes.map((item) => item.content));
    expect(screen.getByText('4 notities')).toBeInTheDocument();
    const moment = list.querySelector('[data-all-note="test_moment:11"]');
    expect(moment).not.toBeNull();
    expect(within(moment as HTMLElement).getByRole('link', { name: 'Eva de Boer' })).toHaveAttribute(
      'href',
      '/app/schools/1/pupils/2',
    );
    expect(within(moment as HTMLElement).getByText(/M 2025-2026/)).toBeInTheDocument();
    const cito = list.querySelector('[data-all-note="cito_score:13"]') as HTMLElement;
    expect(within(cito).getByText('Extra oefenen met breuken')).toBeInTheDocument();
    const secret = list.querySelector('[data-all-note="pupil:12"]') as HTMLElement;
    expect(within(secret).getByText('vertrouwelijk')).toBeInTheDocument();
    const observation = list.querySelector('[data-all-note="social_emotional:14"]') as HTMLElement;
    expect(within(observation).queryByRole('button', { name: 'Bewerken' })).toBeNull();
    const [first] = requestsTo(fetch, 'GET', '/all_notes/');
    expect(first?.url.searchParams.get('school_id')).toBe('1');
    expect(first?.url.searchParams.get('yearclass_id')).toBe('40');
    expect(first?.url.searchParams.get('archived')).toBe('false');
  });

  it('filters by pupil and category: the server is asked again from the first page', async () => {
    const fetch = serve((request) => {
      const pupil = request.url.searchParams.get('pupil_id');
      const shown = pupil ? notes.filter((item) => item.pupil?.id === Number(pupil)) : notes;
      return { count: shown.length, results: shown };
    });
    const user = userEvent.setup();
    renderApp('/app/schools/1/groups/40/notes?page=2');
    await screen.findByTestId('note-filters');
    await user.selectOptions(screen.getByLabelText('Leerling'), 'Eva de Boer');
    await waitFor(() =>
      expect(screen.getByTestId('group-notes-empty')).toHaveTextContent(/Geen notities met deze filters/),
    );
    const last = requestsTo(fetch, 'GET', '/all_notes/').at(-1);
    expect(last?.url.searchParams.get('pupil_id')).toBe('2');
    expect(last?.url.searchParams.get('offset')).toBe('0');
    await user.selectOptions(screen.getByLabelText('Soort of categorie'), 'Gesprek ouders');
    await waitFor(() =>
      expect(requestsTo(fetch, 'GET', '/all_notes/').at(-1)?.url.searchParams.get('category')).toBe(
        'Gesprek ouders',
      ),
    );
  });

  it('changes the text of a group note and deletes a pupil note after confirming', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp('/app/schools/1/groups/40/notes');
    const list = await screen.findByTestId('group-notes');
    const moment = list.querySelector('[data-all-note="test_moment:11"]') as HTMLElement;
    await user.click(within(moment).getByRole('button', { name: 'Bewerken' }));
    const text = within(moment).getByLabelText('Notitie');
    await user.clear(text);
    await user.type(text, 'Na de toets samen besproken.');
    await user.click(within(moment).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH', '/year_class_notes/11/')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH', '/year_class_notes/11/')[0]?.body).toEqual({
      content: 'Na de toets samen besproken.',
    });

    const pupilNote = list.querySelector('[data-all-note="pupil:12"]') as HTMLElement;
    await user.click(within(pupilNote).getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(requestsTo(fetch, 'DELETE', '/pupil_note/12/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(requestsTo(fetch, 'DELETE', '/pupil_note/12/')).toHaveLength(1));
  });

  it('writes a note on one of the group’s method tests, after saying what is missing', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp('/app/schools/1/groups/40/notes');
    const form = await screen.findByTestId('new-group-note');
    await user.click(within(form).getByText('Methodetoets (groep)'));
    await user.click(within(form).getByRole('button', { name: 'Notitie opslaan' }));
    expect(within(form).getAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(requestsTo(fetch, 'POST', '/year_class_notes/')).toHaveLength(0);
    const test = jan.methodScores[0];
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /^Methodetoets/ }),
      `${test?.methodTestId}.${test?.calendarYear}`,
    );
    await user.type(within(form).getByLabelText(/^Notitie/), 'Blok 6 was voor de hele groep te lastig.');
    await user.click(within(form).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST', '/year_class_notes/')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST', '/year_class_notes/')[0]?.body).toEqual({
      yearClassId: 40,
      kind: 'method_test',
      subjectId: test?.subjectId,
      calendarYear: test?.calendarYear,
      methodTestId: test?.methodTestId,
      content: 'Blok 6 was voor de hele groep te lastig.',
      confidential: false,
    });
  });
});
