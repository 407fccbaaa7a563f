import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { memberOf, profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  letterCountsSchema,
  levelCountsSchema,
  type SchoolAnalytics,
  type SchoolInspection,
} from '@leerzicht/contract';
import {
  aggregate,
  exam,
  schoolHistory,
  schoolHistoryResponse,
  SETTINGS,
} from '../../../test/result-fixtures';

const RW = 1;
const SP = 2;
const subjectResult = (subjectId: number, mean: number, count: number) => ({
  subjectId,
  school: aggregate(mean, count),
  grades: [],
  yearClasses: [],
});

const history = schoolHistory({
  exams: [
    exam(2023, 'M', [subjectResult(SP, 40, 10), subjectResult(RW, 50, 20)]),
    exam(2023, 'E', [subjectResult(SP, 70, 30), subjectResult(RW, 60, 20)]),
    exam(2024, 'M', [subjectResult(SP, 55, 25)]),
  ],
  schoolAmbitions: [{ id: 9, subjectId: SP, lowScore: 40, highScore: 60 }],
});

/*
 * The analyses the server would send for spelling, built from pupils' results (`SP_ROWS`); the tests compute every
 * expected figure from the same rows. 2022-E was tested with LOVS (A-E), the later moments with levels I-V.
 */
const ROMANS = ['I', 'II', 'III', 'IV', 'V'];
const LETTERS = ['A', 'B', 'C', 'D', 'E'];
const SP_AMBITION: [number, number] = [40, 60];
const SP_MOMENTS = ['2022-E', '2023-M', '2023-E', '2024-M'] as const;
type MomentKey = (typeof SP_MOMENTS)[number];
const SP_PAIRS: [MomentKey, MomentKey][] = [
  ['2023-M', '2023-E'],
  ['2023-E', '2024-M'],
];
interface PupilRow {
  pupil: number;
  moment: MomentKey;
  percentile: number;
  roman: string | null;
  letter: string | null;
  ability: number;
  norm: number;
}
const romanOf = (p: number) => ROMANS[p > 80 ? 0 : p > 60 ? 1 : p > 40 ? 2 : p > 20 ? 3 : 4] ?? 'V';
const letterOf = (p: number) => LETTERS[p > 75 ? 0 : p > 50 ? 1 : p > 25 ? 2 : p > 10 ? 3 : 4] ?? 'E';
const NORMS: Record<MomentKey, number> = { '2022-E': 60, '2023-M': 64.5, '2023-E': 70, '2024-M': 73.5 };
const SP_ROWS: PupilRow[] = (
  [
    // pupil, percentiles at the four moments, ability at the three I-V moments (0: not tested)
    [1, [90, 85, 82, 88], [80, 86.5, 90]],
    [2, [55, 45, 62, 58], [66, 70, 75]],
    [3, [30, 22, 18, 35], [55, 58.5, 0]],
    [4, [12, 38, 41, 39], [60, 63, 68]],
    [5, [70, 66, 59, 61], [0, 71, 74]],
  ] as const
).flatMap(([pupil, percentiles, abilities]) =>
  SP_MOMENTS.flatMap((moment, index) => {
    const percentile = percentiles[index] ?? 0;
    const ability = index === 0 ? 50 : (abilities[index - 1] ?? 0);
    if (ability === 0) return [];
    const lovs = moment === '2022-E';
    return [
      {
        pupil,
        moment,
        percentile,
        roman: lovs ? null : romanOf(percentile),
        letter: lovs ? letterOf(percentile) : null,
        ability,
        norm: NORMS[moment],
      },
    ];
  }),
);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const label = (moment: string) => {
  const [year, time] = moment.split('-');
  const from = Number(year) % 100;
  return `${time} ${from}-${from + 1}`;
};
/** One decimal, Dutch. */
const number = (value: number) =>
  new Intl.NumberFormat('nl', { maximumFractionDigits: 1 }).format(Math.round(value * 10) / 10);

function analyticsOf(subjectId: number, rows: PupilRow[], band: [number, number] | null): SchoolAnalytics {
  const count = (list: PupilRow[], names: string[], key: 'roman' | 'letter') =>
    Object.fromEntries(names.map((name) => [name, list.filter((row) => row[key] === name).length]));
  const moments = SP_MOMENTS.flatMap((key) => {
    const at = rows.filter((row) => row.moment === key);
    if (at.length === 0) return [];
    const [year, time] = key.split('-');
    return [
      {
        calendarYear: Number(year),
        yearTime: time === 'M' ? ('M' as const) : ('E' as const),
        key,
        pupilCount: at.length,
        levels: levelCountsSchema.parse(count(at, ROMANS, 'roman')),
        letters: letterCountsSchema.parse(count(at, LETTERS, 'letter')),
        percentileCount: at.length,
        atOrAboveLow: band ? at.filter((row) => row.percentile >= band[0]).length : null,
        atOrAboveHigh: band ? at.filter((row) => row.percentile >= band[1]).length : null,
      },
    ];
  });
  const growth = SP_PAIRS.flatMap(([from, to]) => {
    const pairs = rows.flatMap((after) => {
      const before = rows.find((row) => row.pupil === after.pupil && row.moment === from);
      return after.moment === to && before ? [{ before, after }] : [];
    });
    if (pairs.length === 0) return [];
    const momentOf = (key: string) => {
      const [year, time] = key.split('-');
      return { calendarYear: Number(year), yearTime: time === 'M' ? ('M' as const) : ('E' as const) };
    };
    return [
      {
        from: momentOf(from),
        to: momentOf(to),
        provider: 'CITO' as const,
        version: '3.0',
        pupilCount: pairs.length,
        meanGrowth: mean(pairs.map(({ before, after }) => after.ability - before.ability)),
        nationalGrowth: mean(pairs.map(({ before, after }) => after.norm - before.norm)),
        nationalCount: pairs.length,
      },
    ];
  });
  return {
    schoolId: 1,
    subjectId,
    ambition: band ? { lowScore: band[0], highScore: band[1] } : null,
    moments,
    growth,
  };
}
const SP_ANALYTICS = analyticsOf(SP, SP_ROWS, SP_AMBITION);
/** Arithmetic: one moment, no ambition, no growth. */
const RW_ANALYTICS = analyticsOf(
  RW,
  SP_ROWS.filter((row) => row.moment === '2024-M'),
  null,
);

/** Shares per subject as the server would send them; the test computes the verdicts from these. */
const inspection: SchoolInspection = {
  schoolId: 1,
  calendarYears: [2023, 2024, 2025],
  pupilCount: 60,
  excludedPupilCount: 2,
  subjects: [
    { subjectId: SP, targetLevel: '2F', resultCount: 60, share1F: 96.7, shareTarget: 61.7 },
    { subjectId: RW, targetLevel: '1S', resultCount: 60, share1F: 93.3, shareTarget: 40 },
  ],
  share1F: 95,
  shareTarget: 50.85,
  perYear: [
    { calendarYear: 2023, source: 'lvs', pupilCount: 20, share1F: 95, shareTarget: 50 },
    { calendarYear: 2024, source: 'lvs', pupilCount: 20, share1F: 97.5, shareTarget: 52.5 },
    { calendarYear: 2025, source: 'lvs', pupilCount: 20, share1F: 92.5, shareTarget: 50.05 },
  ],
  schoolweging: 31.2,
  schoolwegingCategory: '[31,32)',
  signal1F: 85,
  signalTarget: 52.4,
  signalSource: { kind: 'entered', at: '2026-10-01T10:00:00.000Z', calendarYears: [], ovt: null },
  published: [
    {
      ovt: '12AB|C1',
      brinCode: '12AB',
      locationCode: 'C1',
      years: [
        { calendarYear: 2023, share1F: 94.44, shareTarget: 55.56, pupilCount: 18 },
        { calendarYear: 2024, share1F: 100, shareTarget: 61.9, pupilCount: 21 },
        { calendarYear: 2025, share1F: null, shareTarget: null, pupilCount: null },
      ],
      schoolweging: 31.47,
      schoolwegingCategory: '[31,32)',
      signal1F: 85,
      signalTarget: 43.5,
      weighted1F: 97.44,
      weightedTarget: 58.97,
      totalPupils: 39,
      outcome1F: 'above',
      outcomeTarget: 'above',
      importedAt: '2026-08-20T00:00:00.000Z',
    },
  ],
};

function serve(options: { inspection?: SchoolInspection; profile?: typeof profile } = {}) {
  let settings = SETTINGS;
  signIn();
  return fakeApi({
    'GET /api/1.0/school-inspection/1/': jsonResponse(options.inspection ?? inspection),
    'PATCH /api/1.0/schools/1/schoolweging/': jsonResponse(
      { status: 400, detail: 'Invalid input.', errors: { schoolweging: ['Too low for this school.'] } },
      400,
    ),
    'GET /api/1.0/profile/': jsonResponse(options.profile ?? profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': () => jsonResponse(settings),
    'GET /api/1.0/school_history/1/': schoolHistoryResponse(history),
    'GET /api/1.0/schools/1/analytics/': (request) =>
      jsonResponse(request.url.searchParams.get('subject_id') === String(SP) ? SP_ANALYTICS : RW_ANALYTICS),
    'PUT /api/1.0/user-settings/update/': (request) => {
      settings = { ...settings, ...(request.body as object) };
      return jsonResponse(settings);
    },
    'PATCH /api/1.0/school_ambitions/9/': jsonResponse(
      { status: 400, detail: 'Invalid input.', errors: { highScore: ['Too high for this school.'] } },
      400,
    ),
  });
}

function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
}

describe('school results page', () => {
  it('keeps the school name, BRIN code and groups, and shows subjects by position', async () => {
    serve();
    renderApp('/app/schools/1');
    expect(await screen.findByRole('heading', { name: 'OBS De Regenboog' })).toBeInTheDocument();
    expect(screen.getByText('BRIN-code 12AB')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Groepen van schooljaar 2025-2026' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Spelling' });
    await screen.findByRole('heading', { name: 'Inspectie: referentieniveaus groep 8' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Groepen',
      'Resultaten',
      'Inspectie: referentieniveaus groep 8',
      'Spelling',
      'Rekenen-Wiskunde',
    ]);
  });

  it('reads the level distribution per moment as a table, with the national distribution', async () => {
    const fetch = serve();
    const { user } = renderApp('/app/schools/1');
    const title = 'Spelling: verdeling over de niveaus per moment';
    const toggle = await screen.findByRole('radiogroup', { name: `Weergave van ${title}` });
    await user.click(within(toggle).getByText('Tabel'));
    const table = screen.getByRole('table', { name: title });
    // Both schemes in one chart: the columns name both, LOVS moments are marked.
    const head = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(head).toEqual(['Moment', 'Leerlingen', 'I / A', 'II / B', 'III / C', 'IV / D', 'V / E']);
    const expected = SP_MOMENTS.map((moment) => {
      const at = SP_ROWS.filter((row) => row.moment === moment);
      const lovs = at.every((row) => row.letter !== null);
      const names = lovs ? LETTERS : ROMANS;
      const ofLevel = (name: string) => at.filter((row) => (lovs ? row.letter : row.roman) === name).length;
      return [
        `${label(moment)}${lovs ? ' (A-E)' : ''}`,
        String(at.length),
        ...names.map((name) => `${number((100 * ofLevel(name)) / at.length)}%`),
      ];
    });
    expect(tableRows(table)).toEqual([
      ...expected,
      ['Landelijk (A-E, LOVS)', '–', '25%', '25%', '25%', '15%', '10%'],
      ['Landelijk (I-V)', '–', '20%', '20%', '20%', '20%', '20%'],
    ]);
    // The national reference follows the setting (saved); only the settings these charts follow are offered.
    expect(screen.queryByRole('radio', { name: 'Per jaar' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Kleur op basis van' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Landelijk gemiddelde tonen' }));
    await waitFor(() => expect(tableRows(screen.getByRole('table', { name: title }))).toEqual(expected));
    const puts = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(puts).toEqual([{ showNationalAverage: false }]);
  });

  it('reads the shares at or above the ambition per moment beside the national shares', async () => {
    serve();
    const { user } = renderApp('/app/schools/1');
    const [low, high] = SP_AMBITION;
    const title = `Spelling: leerlingen op of boven de ambitie (percentiel ${low} en ${high})`;
    const toggle = await screen.findByRole('radiogroup', { name: `Weergave van ${title}` });
    await user.click(within(toggle).getByText('Tabel'));
    const table = screen.getByRole('table', { name: title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Moment',
      `Op of boven ${low} (ambitie laag)`,
      `Op of boven ${high} (ambitie hoog)`,
      `Landelijk op of boven ${low}`,
      `Landelijk op of boven ${high}`,
    ]);
    expect(tableRows(table)).toEqual(
      SP_MOMENTS.map((moment) => {
        const at = SP_ROWS.filter((row) => row.moment === moment);
        const atOrAbove = (score: number) => at.filter((row) => row.percentile >= score).length;
        return [
          label(moment),
          number((100 * atOrAbove(low)) / at.length),
          number((100 * atOrAbove(high)) / at.length),
          number(100 - low),
          number(100 - high),
        ];
      }),
    );
    // Arithmetic has no ambition set (its card says so; spelling's has the band).
    expect(screen.getByText('Voor dit vak is nog geen ambitie vastgelegd.')).toBeInTheDocument();
  });

  it('reads the growth per half-year beside the norm and says when there is none', async () => {
    serve();
    const { user } = renderApp('/app/schools/1');
    const title = 'Spelling: gemiddelde groei van de vaardigheidsscore per half jaar';
    const toggle = await screen.findByRole('radiogroup', { name: `Weergave van ${title}` });
    await user.click(within(toggle).getByText('Tabel'));
    const table = screen.getByRole('table', { name: title });
    expect(tableRows(table)).toEqual(
      SP_PAIRS.map(([from, to]) => {
        const pairs = SP_ROWS.flatMap((after) => {
          const before = SP_ROWS.find((row) => row.pupil === after.pupil && row.moment === from);
          return after.moment === to && before ? [{ before, after }] : [];
        });
        return [
          `${label(from)} – ${label(to)}`,
          number(mean(pairs.map(({ before, after }) => after.ability - before.ability))),
          number(mean(pairs.map(({ before, after }) => after.norm - before.norm))),
        ];
      }),
    );
    expect(screen.getByText(/Nog geen groei te meten: daarvoor zijn resultaten/)).toBeInTheDocument();
  });

  it('lets a superuser edit the ambition band and shows the server’s errors per field', async () => {
    serve();
    const { user } = renderApp('/app/schools/1');
    const form = await screen.findByRole('form', { name: 'Ambitie voor Spelling' });
    const low = within(form).getByRole('textbox', { name: 'Ambitie laag' });
    await user.clear(low);
    await user.type(low, '70');
    await user.click(within(form).getByRole('button', { name: 'Ambitie opslaan' }));
    expect(
      await within(form).findByText('De lage ambitie mag niet hoger zijn dan de hoge.'),
    ).toBeInTheDocument();
    await user.clear(low);
    await user.type(low, '45');
    await user.click(within(form).getByRole('button', { name: 'Ambitie opslaan' }));
    expect(await within(form).findByText('Too high for this school.')).toBeInTheDocument();
  });

  it('says so when there are no results yet', async () => {
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/school_history/1/': schoolHistoryResponse(schoolHistory()),
    });
    renderApp('/app/schools/1');
    expect(await screen.findByText('Er zijn nog geen resultaten.')).toBeInTheDocument();
  });

  it('tells a teacher that there are no results of their groups yet', async () => {
    signIn();
    const teacher = {
      ...profile,
      isSchoolSuperuserOnAnySchool: false,
      schools: profile.schools.map((item) => memberOf(item, 'teacher', [18])),
    };
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(teacher),
      'GET /api/1.0/schools/1/': jsonResponse({ ...school, isSchoolSuperuser: false }),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/school_history/1/': schoolHistoryResponse(schoolHistory()),
    });
    renderApp('/app/schools/1');
    expect(await screen.findByText('Er zijn nog geen resultaten van jouw groepen.')).toBeInTheDocument();
  });

  it("shows groep 8 against the inspectorate's signaleringswaarden, said in words", async () => {
    serve();
    renderApp('/app/schools/1');
    const panel = await screen.findByTestId('inspection-panel');
    const combined = within(panel).getByTestId('inspection-combined');
    expect(combined).toHaveTextContent(`${String(inspection.share1F).replace('.', ',')}%`);
    const signals = within(panel).getByTestId('inspection-signals');
    const states = Array.from(signals.querySelectorAll('[data-state]'), (badge) =>
      badge.getAttribute('data-state'),
    );
    // Computed here: 95 >= 85 above; 50.85 < 52.4 below.
    expect(states).toEqual([
      (inspection.share1F ?? 0) >= (inspection.signal1F ?? 0) ? 'above' : 'below',
      (inspection.shareTarget ?? 0) >= (inspection.signalTarget ?? 0) ? 'above' : 'below',
    ]);
    expect(signals).toHaveTextContent('erboven');
    expect(signals).toHaveTextContent('eronder');
    expect(
      within(panel).getByText(/60 leerlingen van groep 8; 2 uitgesloten leerlingen niet meegeteld/),
    ).toBeInTheDocument();
  });

  it('says per year whether the figure is from the doorstroomtoets or an estimate from the LVS', async () => {
    serve({
      inspection: {
        ...inspection,
        perYear: inspection.perYear.map((year) => ({
          ...year,
          source: year.calendarYear === 2023 ? ('lvs' as const) : ('doorstroomtoets' as const),
        })),
      },
    });
    renderApp('/app/schools/1');
    const panel = await screen.findByTestId('inspection-panel');
    expect(within(panel).getByTestId('inspection-year-sources')).toHaveTextContent(
      'Bron per schooljaar: 2023-2024: schatting uit het leerlingvolgsysteem; 2024-2025: doorstroomtoets; 2025-2026: doorstroomtoets.',
    );
    const table = within(panel).getByTestId('inspection-comparison-table');
    expect(table).toHaveTextContent('Leerzicht (doorstroomtoets of LVS-schatting, per jaar)');
    const sourceOf = (year: number) =>
      table.querySelector(`[data-year="${year}"] [data-testid="inspection-year-source"]`);
    expect(sourceOf(2023)).toHaveAttribute('data-source', 'lvs');
    expect(sourceOf(2023)).toHaveTextContent('schatting uit het leerlingvolgsysteem');
    expect(sourceOf(2024)).toHaveAttribute('data-source', 'doorstroomtoets');
    expect(sourceOf(2025)).toHaveTextContent('doorstroomtoets');
  });

  it("shows the inspectorate's published figures beside the product's, per year and over three years", async () => {
    serve();
    renderApp('/app/schools/1');
    const panel = await screen.findByTestId('inspection-panel');
    const table = within(panel).getByTestId('inspection-comparison-table');
    expect(table).toHaveAttribute('data-ovt', '12AB|C1');
    expect(table).toHaveTextContent('Leerzicht (LVS, schatting)');
    expect(table).toHaveTextContent('Inspectie (gepubliceerd)');
    const [published] = inspection.published;
    if (!published) throw new Error('fixture');
    const pct = (value: number | null) => (value === null ? '–' : `${String(value).replace('.', ',')}%`);
    for (const year of published.years) {
      const row = table.querySelector(`[data-year="${year.calendarYear}"]`);
      const ours = inspection.perYear.find((entry) => entry.calendarYear === year.calendarYear);
      const cells = Array.from(row?.querySelectorAll('td') ?? [], (cell) => cell.textContent);
      expect(cells).toEqual([
        pct(ours?.share1F ?? null),
        pct(ours?.shareTarget ?? null),
        String(ours?.pupilCount),
        pct(year.share1F),
        pct(year.shareTarget),
        year.pupilCount === null ? '–' : String(year.pupilCount),
      ]);
    }
    const total = within(table).getByTestId('inspection-comparison-total');
    expect(Array.from(total.querySelectorAll('td'), (cell) => cell.textContent)).toEqual([
      pct(inspection.share1F),
      pct(inspection.shareTarget),
      String(inspection.pupilCount),
      pct(published.weighted1F),
      pct(published.weightedTarget),
      String(published.totalPupils),
    ]);
    expect(within(panel).getByTestId('inspection-source')).toHaveAttribute('data-source', 'entered');
  });

  it('gives no verdict without a signaleringswaarde from the inspectorate, and says so', async () => {
    serve({
      inspection: {
        ...inspection,
        schoolweging: null,
        schoolwegingCategory: null,
        signal1F: null,
        signalTarget: null,
        signalSource: null,
        published: [],
      },
    });
    renderApp('/app/schools/1');
    const panel = await screen.findByTestId('inspection-panel');
    const signals = within(panel).getByTestId('inspection-signals');
    const states = Array.from(signals.querySelectorAll('[data-state]'), (badge) =>
      badge.getAttribute('data-state'),
    );
    expect(states).toEqual(['unknown', 'unknown']);
    expect(within(panel).getByTestId('inspection-source')).toHaveTextContent(
      'Er is nog geen signaleringswaarde van de inspectie, dus geen oordeel',
    );
    expect(within(panel).getByTestId('inspection-comparison')).toHaveTextContent(
      'De gepubliceerde cijfers van de inspectie zijn voor deze school nog niet ingelezen.',
    );
  });

  it('lets a superuser enter the schoolweging, checks its range and shows the server’s field error', async () => {
    const fetch = serve();
    const { user } = renderApp('/app/schools/1');
    const form = await screen.findByRole('form', { name: 'Schoolweging' });
    const input = within(form).getByRole('textbox', { name: 'Schoolweging (20-40)' });
    await user.clear(input);
    await user.type(input, '45');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(form).findByText('Vul een schoolweging tussen 20 en 40 in, of laat het veld leeg.'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.clear(input);
    await user.type(input, '25');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await within(form).findByText('Too low for this school.')).toBeInTheDocument();
    const patches = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(patches).toEqual([{ schoolweging: 25 }]);
  });

  it('shows a senco the view without the schoolweging form, and a teacher no view at all', async () => {
    const asRole = (isSenco: boolean) => ({
      ...profile,
      schools: profile.schools.map((entry) => memberOf(entry, isSenco ? 'senco' : 'teacher')),
    });
    serve({ profile: asRole(true) });
    const first = renderApp('/app/schools/1');
    const panel = await screen.findByTestId('inspection-panel');
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).getByText('Schoolweging: 31,2')).toBeInTheDocument();
    first.unmount();

    serve({ profile: asRole(false) });
    renderApp('/app/schools/1');
    await screen.findByRole('heading', { name: 'Spelling' });
    expect(screen.queryByTestId('inspection-panel')).toBeNull();
  });
});
