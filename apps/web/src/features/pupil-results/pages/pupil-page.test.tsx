import { SERVICE_UNAVAILABLE_DETAIL, type NationalScore } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { blobText, captureDownloads } from '../../../test/downloads';
import { profile, school, signIn, TEST_TOKEN } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { methodScore, nationalScore, pupilDetail, SETTINGS } from '../../../test/result-fixtures';

const RW = 1;
type Detail = ReturnType<typeof pupilDetail>;

function serve(pupil: Detail) {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/pupils/7/': jsonResponse(pupil),
    'POST /api/1.0/pupil-outflow-advice/': (request) =>
      jsonResponse({ ...pupil.outflowAdvice, ...(request.body as object), calendarYear: 2025 }),
  });
}

const score = (
  calendarYear: number,
  yearTime: 'B' | 'M' | 'E',
  abilityScore: number,
  extra: {
    provider?: 'CITO' | 'DIA' | 'IEP';
    testDate?: string;
    isCounted?: boolean;
    overrides?: Partial<NationalScore>;
  } = {},
) =>
  nationalScore({
    pupilId: 7,
    subjectId: RW,
    calendarYear,
    yearTime,
    grade: calendarYear - 2019,
    abilityScore,
    percentile: 50,
    ...extra,
  });

function momentColumn(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent ?? '');
}

describe('pupil page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15));
  });
  afterEach(() => vi.useRealTimers());

  it('lists national results of the last 120 months, newest first by year then moment, with growth', async () => {
    serve(
      pupilDetail({
        scores: [
          score(2024, 'E', 70),
          score(2015, 'E', 10, { testDate: '2016-03-01' }), // older than 120 months
          score(2016, 'E', 12, { testDate: '2017-06-10' }),
          score(2024, 'B', 60),
          score(2024, 'M', 64),
          score(2023, 'E', 58),
        ],
      }),
    );
    renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByRole('table', {
      name: 'Landelijke toetsen Rekenen-Wiskunde (laatste 120 maanden)',
    });
    expect(momentColumn(table)).toEqual([
      'E 2024-2025',
      'M 2024-2025',
      'B 2024-2025',
      'E 2023-2024',
      'E 2016-2017',
    ]);
    const growth = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-2)?.textContent);
    expect(growth).toEqual(['+6', '+4', '+2', '+46', '–']);
  });

  it('shows the result the server counts (isCounted) where a moment has results of several providers', async () => {
    serve(
      pupilDetail({
        scores: [
          score(2024, 'M', 99, { provider: 'IEP', isCounted: false }),
          score(2024, 'M', 71, { provider: 'DIA' }),
          score(2024, 'E', 88, { provider: 'IEP' }),
        ],
      }),
    );
    renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByTestId('pupil-scores');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // Percentile 50 is level III: the verdict is middle on every cell (no absolute 80 for ability).
      ['IEP', '2024', '88'],
      ['DIA', '2024', '71'],
    ]);
  });

  it('shows method results of the last 30 months only', async () => {
    serve(
      pupilDetail({
        scores: [score(2024, 'E', 70)],
        methodScores: [
          methodScore({
            pupilId: 7,
            subjectId: RW,
            testDate: '2025-10-01',
            performance: 'V',
            name: 'Blok 3',
          }),
          methodScore({
            pupilId: 7,
            subjectId: RW,
            testDate: '2023-09-16',
            performance: 'G',
            name: 'Blok 1',
          }),
          methodScore({
            pupilId: 7,
            subjectId: RW,
            testDate: '2023-09-14',
            performance: 'M',
            name: 'Blok 0',
          }),
        ],
      }),
    );
    renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByTestId('pupil-method-scores');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Blok 3', 'Blok 1']);
  });

  it('adds a note on a method result, without a forward-looking note, and marks it confidential', async () => {
    const block = methodScore({
      pupilId: 7,
      subjectId: RW,
      testDate: '2025-10-01',
      performance: 'O',
      name: 'Blok 3',
    });
    const posts: unknown[] = [];
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/pupils/7/': jsonResponse(
        pupilDetail({ scores: [score(2024, 'E', 70)], methodScores: [block] }),
      ),
      'POST /api/1.0/method_score_note/': (request) => {
        posts.push(request.body);
        return jsonResponse(
          {
            id: 6,
            pupilId: 7,
            citoTestScoreId: null,
            methodTestScoreId: block.id,
            category: 'method_score',
            content: 'x',
            forwardLooking: null,
            confidential: true,
            authorId: 2,
            dateCreated: '2026-03-15T10:00:00Z',
          },
          201,
        );
      },
    });
    const { user } = renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByTestId('pupil-method-scores');
    await user.click(within(table).getByRole('button', { name: 'Notities bij Blok 3 (0)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /^Vooruitblik/ })).toBeNull();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Notitie bij dit resultaat/ }),
      'Thuis geoefend.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vertrouwelijk' }));
    await user.click(within(dialog).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ methodTestScoreId: block.id, content: 'Thuis geoefend.', confidential: true });
  });

  it('says why there is nothing: excluded from national tests, or no results yet', async () => {
    serve(pupilDetail({ citoIsExcluded: true }));
    const first = renderApp('/app/schools/1/pupils/7');
    expect(
      await screen.findAllByText('Deze leerling is uitgesloten van de landelijke toetsen.'),
    ).not.toHaveLength(0);
    first.unmount();
    serve(pupilDetail());
    renderApp('/app/schools/1/pupils/7');
    expect(await screen.findByText('Er zijn nog geen resultaten.')).toBeInTheDocument();
  });

  it('says why an excluded pupil is excluded', async () => {
    serve(
      pupilDetail({
        citoIsExcluded: true,
        citoExclusionReason: 'OTHER',
        citoExclusionReasonText: 'Langdurig ziek',
      }),
    );
    renderApp('/app/schools/1/pupils/7');
    expect(await screen.findByText(/Reden: Anders: Langdurig ziek\./)).toBeInTheDocument();
  });

  it('lets the outflow advice of a grade 8 pupil be saved', async () => {
    const fetch = serve(
      pupilDetail({ current: { yearClassId: 80, yearClassName: 'Groep 8', calendarYear: 2025, grade: 8 } }),
    );
    const { user } = renderApp('/app/schools/1/pupils/7');
    expect(await screen.findByText('Er is nog geen schooladvies gegeven.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schooladvies' }), 'HAVO/VWO');
    await user.click(screen.getByRole('button', { name: 'Advies opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ pupilId: 7, outflowAdvice: 'HAVO/VWO' });
  });

  it('says "< 1F", "< M3" and "> 60" where a result lies outside a scale, and a dash for not applicable', async () => {
    serve(
      pupilDetail({
        scores: [
          score(2024, 'E', 70, {
            overrides: {
              grade: 8,
              referenceLevel: '<1F',
              projectedReferenceLevel: null,
              functionalLevel: '<M3',
              dle: 60,
              dleAboveScale: true,
            },
          }),
        ],
      }),
    );
    renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByTestId('pupil-scores');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    const text = cells.map((cell) => cell.textContent);
    expect(text).toContain('< 1F');
    expect(text).toContain('< M3');
    expect(text).toContain('> 60');
    const notApplicable = cells.find((cell) => cell.getAttribute('title')?.startsWith('Niet van toepassing'));
    expect(notApplicable).toHaveTextContent('–');
  });

  it('shows an icon where a result has notes, and adds a note with its forward-looking note', async () => {
    const withNote = score(2024, 'E', 70);
    const without = score(2024, 'M', 64);
    const posts: unknown[] = [];
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/pupils/7/': jsonResponse(
        pupilDetail({
          scores: [withNote, without],
          scoreNotes: [
            {
              id: 5,
              pupilId: 7,
              citoTestScoreId: withNote.id,
              methodTestScoreId: null,
              category: 'cito_score',
              content: 'Ziek tijdens de toets.',
              forwardLooking: 'Herkansing in februari.',
              confidential: false,
              authorId: 2,
              dateCreated: '2025-06-20T10:00:00Z',
            },
          ],
        }),
      ),
      'POST /api/1.0/cito_score_note/': (request) => {
        posts.push(request.body);
        return jsonResponse(
          {
            id: 6,
            pupilId: 7,
            citoTestScoreId: without.id,
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
    const { user } = renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByTestId('pupil-scores');
    const marked = within(table)
      .getAllByRole('button', { name: /^Notities bij/ })
      .map((button) => [button.getAttribute('aria-label'), button.dataset.hasNotes ?? null]);
    expect(marked).toEqual([
      ['Notities bij E 2024-2025 (1)', 'true'],
      ['Notities bij M 2024-2025 (0)', null],
    ]);
    await user.click(within(table).getByRole('button', { name: 'Notities bij E 2024-2025 (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ziek tijdens de toets.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vooruitblik: Herkansing in februari.')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Notitie bij dit resultaat/ }),
      'Tweede notitie',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Vooruitblik/ }), 'Oefenen met breuken');
    await user.click(within(dialog).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      citoTestScoreId: withNote.id,
      content: 'Tweede notitie',
      forwardLooking: 'Oefenen met breuken',
      confidential: false,
    });
  });

  it('names the provider and test version of every result (ability scales differ between them)', async () => {
    const scores = [
      score(2023, 'M', 52, { overrides: { testVersion: '2.0' } }),
      score(2023, 'E', 58, { overrides: { testVersion: '3.0' } }),
      score(2024, 'M', 64, { provider: 'DIA' }),
      score(2024, 'E', 70, { provider: 'IEP', overrides: { testVersion: '2025' } }),
    ];
    serve(pupilDetail({ scores }));
    renderApp('/app/schools/1/pupils/7');
    const table = await screen.findByTestId('pupil-scores');
    const shown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        row.querySelector('[data-column="provider"]')?.textContent,
        row.querySelector('[data-column="testVersion"]')?.textContent,
      ]);
    // Newest first, each row its own result's provider and version.
    const expected = [...scores].reverse().map((item) => [item.provider, item.testVersion]);
    expect(shown).toEqual(expected);
    expect(within(table).getByRole('columnheader', { name: 'Aanbieder' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Versie' })).toBeInTheDocument();
  });

  it("downloads the report for parents of the pupil's current school year in the interface language", async () => {
    signIn();
    const pupil = pupilDetail({ scores: [score(2024, 'E', 70)] });
    const fetch = fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/pupils/7/': jsonResponse(pupil),
      'GET /api/1.0/pupils/7/report/': new Response('%PDF-1.3', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="rapport-sara-de-vries.pdf"',
        },
      }),
    });
    const saved = captureDownloads();
    const { user } = renderApp('/app/schools/1/pupils/7');
    await user.click(await screen.findByRole('button', { name: 'Rapport voor ouders' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // Saved under the server's name, with the session's header.
    expect(saved[0]?.fileName).toBe('rapport-sara-de-vries.pdf');
    expect(saved[0] && (await blobText(saved[0].file))).toBe('%PDF-1.3');
    const call = fetch.mock.calls.find(([input]) => String(input).includes('/report/'));
    expect(call?.[1]?.headers).toMatchObject({ Authorization: `JWT ${TEST_TOKEN}` });
    const url = new URL(String(call?.[0]), window.location.origin);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      school_id: '1',
      lang: 'nl',
      calendar_year: String(pupil.current?.calendarYear),
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the report could not be made, in the words of the app, and saves nothing', async () => {
    signIn();
    let answer = () => jsonResponse({ status: 503, detail: SERVICE_UNAVAILABLE_DETAIL }, 503);
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/pupils/7/': jsonResponse(pupilDetail({ scores: [score(2024, 'E', 70)] })),
      'GET /api/1.0/pupils/7/report/': () => answer(),
    });
    const saved = captureDownloads();
    const { user } = renderApp('/app/schools/1/pupils/7');
    const button = await screen.findByRole('button', { name: 'Rapport voor ouders' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leerzicht is even niet bereikbaar. Probeer het over een paar seconden opnieuw.',
    );
    // An answer without a message of its own: the button's own.
    answer = () => new Response('Bad gateway', { status: 502 });
    await user.click(button);
    expect(
      await screen.findByText('Het rapport kon niet worden gemaakt. Probeer het opnieuw.'),
    ).toHaveAttribute('role', 'alert');
    expect(saved).toEqual([]);
  });

  it("names the thresholds of the chosen verdict in the chart's legend and table", async () => {
    for (const [verdictMeasure, good, low] of [
      ['levelValue', 'Grens goed: niveau I-II', 'Grens laag: niveau IV-V'],
      ['percentile', 'Grens goed: percentiel 75', 'Grens laag: percentiel 25'],
    ] as const) {
      signIn();
      fakeApi({
        'GET /api/1.0/profile/': jsonResponse(profile),
        'GET /api/1.0/schools/1/': jsonResponse(school),
        'GET /api/1.0/user-settings/': jsonResponse({ ...SETTINGS, verdictMeasure }),
        'GET /api/1.0/pupils/7/': jsonResponse(pupilDetail({ scores: [score(2024, 'E', 70)] })),
      });
      const { user, unmount } = renderApp('/app/schools/1/pupils/7');
      await user.click(await screen.findByRole('radio', { name: 'Tabel' }));
      const table = await screen.findByRole('table', { name: /vaardigheidsscore door de tijd/ });
      expect(within(table).getByRole('columnheader', { name: good })).toBeInTheDocument();
      expect(within(table).getByRole('columnheader', { name: low })).toBeInTheDocument();
      unmount();
    }
  });
});
