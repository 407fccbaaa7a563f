import { DOORSTROOMTOETS_ERRORS, type DoorstroomtoetsResult } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { pupilDetail, SETTINGS } from '../../../test/result-fixtures';

/* The doorstroomtoets panel on the pupil page (real components, jsdom; the network is the fake API). */

const GROEP_8 = { yearClassId: 80, yearClassName: 'Groep 8', calendarYear: 2025, grade: 8 };

const stored: DoorstroomtoetsResult = {
  id: 5,
  pupilId: 7,
  test: 'IEP',
  testDate: '2026-02-10',
  calendarYear: 2025,
  lezen: '2F',
  taalverzorging: '1F',
  rekenen: '1S',
  advice: 'HAVO',
  createdById: 3,
  createdAt: '2026-02-20T10:00:00.000Z',
  changedById: 3,
  changedAt: '2026-02-20T10:00:00.000Z',
};

function serve(options: {
  results?: DoorstroomtoetsResult[];
  write?: boolean;
  onWrite?: (request: FakeRequest) => Response;
}) {
  signIn();
  const write =
    options.onWrite ?? ((request) => jsonResponse({ ...stored, ...(request.body as object) }, 201));
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/pupils/7/': jsonResponse(pupilDetail({ current: GROEP_8 })),
    'GET /api/1.0/pupils/7/doorstroomtoets/': jsonResponse({
      results: options.results ?? [],
      abilities: { write: options.write ?? true },
    }),
    'POST /api/1.0/pupils/7/doorstroomtoets/': write,
    'PUT /api/1.0/pupils/7/doorstroomtoets/5/': write,
  });
}

const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT');

describe('doorstroomtoets on the pupil page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the pupil's results beside the advice, without a form for a user who may not write", async () => {
    serve({ results: [stored], write: false });
    renderApp('/app/schools/1/pupils/7');
    const panel = await screen.findByTestId('doorstroomtoets-panel');
    const table = await within(panel).findByRole('table', {
      name: 'Uitslagen van de doorstroomtoets (referentieniveaus en toetsadvies)',
    });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(['IEP', '2F', '1F', '1S', 'HAVO']));
    expect(screen.getByText('Er is nog geen schooladvies gegeven.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Uitslag invoeren' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Corrigeren' })).toBeNull();
  });

  it('checks the form before sending: a message at each missing field, nothing sent', async () => {
    const fetch = serve({});
    const { user } = renderApp('/app/schools/1/pupils/7');
    await user.click(await screen.findByRole('button', { name: 'Uitslag invoeren' }));
    const form = screen.getByRole('form', { name: 'Uitslag van de doorstroomtoets invoeren' });
    await user.click(within(form).getByRole('button', { name: 'Uitslag opslaan' }));
    const toets = within(form).getByRole('combobox', { name: 'Toets' });
    expect(toets).toHaveAccessibleDescription('Kies een van de toegelaten toetsen.');
    expect(within(form).getByLabelText('Datum')).toHaveAccessibleDescription('Vul een datum in.');
    for (const name of ['Lezen', 'Taalverzorging', 'Rekenen'])
      expect(within(form).getByRole('combobox', { name })).toHaveAccessibleDescription(
        'Kies <1F, 1F, 2F of 1S.',
      );
    expect(writes(fetch)).toEqual([]);
  });

  it("enters a result, and shows the server's refusal at its field", async () => {
    let refuse = true;
    const fetch = serve({
      onWrite: (request) =>
        refuse
          ? jsonResponse(
              {
                status: 400,
                detail: 'Invalid input.',
                errors: { testDate: [DOORSTROOMTOETS_ERRORS.futureDate] },
              },
              400,
            )
          : jsonResponse({ ...stored, ...(request.body as object) }, 201),
    });
    const { user } = renderApp('/app/schools/1/pupils/7');
    await user.click(await screen.findByRole('button', { name: 'Uitslag invoeren' }));
    const form = screen.getByRole('form', { name: 'Uitslag van de doorstroomtoets invoeren' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Toets' }), 'ROUTE8');
    await user.type(within(form).getByLabelText('Datum'), '2026-02-12');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Lezen' }), '2F');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Taalverzorging' }), '<1F');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rekenen' }), '1S');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Toetsadvies' }), 'VWO');
    await user.click(within(form).getByRole('button', { name: 'Uitslag opslaan' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Datum')).toHaveAccessibleDescription(
        'De datum kan niet in de toekomst liggen.',
      ),
    );
    const [first] = writes(fetch);
    expect(first?.[0]).toContain('/api/1.0/pupils/7/doorstroomtoets/');
    expect(JSON.parse(String(first?.[1]?.body))).toEqual({
      test: 'ROUTE8',
      testDate: '2026-02-12',
      lezen: '2F',
      taalverzorging: '<1F',
      rekenen: '1S',
      advice: 'VWO',
    });
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Uitslag opslaan' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Uitslag van de doorstroomtoets invoeren' })).toBeNull(),
    );
    expect(writes(fetch)).toHaveLength(2);
  });

  it('corrects a stored result with its values filled in (PUT), no advice sent as null', async () => {
    const fetch = serve({
      results: [stored],
      onWrite: (request) => jsonResponse({ ...stored, ...(request.body as object) }),
    });
    const { user } = renderApp('/app/schools/1/pupils/7');
    await user.click(await screen.findByRole('button', { name: 'Corrigeren' }));
    const form = screen.getByRole('form', { name: 'Uitslag van de doorstroomtoets corrigeren' });
    expect(within(form).getByRole('combobox', { name: 'Lezen' })).toHaveValue('2F');
    expect(within(form).getByLabelText('Datum')).toHaveValue('2026-02-10');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rekenen' }), '1F');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Toetsadvies' }), '');
    await user.click(within(form).getByRole('button', { name: 'Uitslag opslaan' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [put] = writes(fetch);
    expect(put?.[1]?.method).toBe('PUT');
    expect(String(put?.[0])).toContain('/api/1.0/pupils/7/doorstroomtoets/5/');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      test: 'IEP',
      testDate: '2026-02-10',
      lezen: '2F',
      taalverzorging: '1F',
      rekenen: '1F',
      advice: null,
    });
  });
});
