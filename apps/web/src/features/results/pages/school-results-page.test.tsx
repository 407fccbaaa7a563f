import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import type { SchoolInspection } from '@leerzicht/contract';
import { aggregate, exam, schoolHistory, SETTINGS } from '../../../test/result-fixtures';

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
  schoolweging: 31.2,
  signal1F: 85,
  signalTarget: 52.4,
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
    'GET /api/1.0/school_history/1/': jsonResponse(history),
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

  it('reads each chart as a table: per moment, the national average and the ambition band', async () => {
    serve();
    const { user } = renderApp('/app/schools/1');
    const toggle = await screen.findByRole('radiogroup', {
      name: 'Weergave van Spelling: resultaten van de school (gem. percentiel)',
    });
    await user.click(within(toggle).getByText('Tabel'));
    const table = screen.getByRole('table', { name: 'Spelling: resultaten van de school (gem. percentiel)' });
    expect(tableRows(table)).toEqual(
      [
        ['Moment', 'School (gem. percentiel)', 'Landelijk gemiddelde', 'Ambitie'],
        ['M 23-24', '40', '50', '40 – 60'],
        ['E 23-24', '70', '50', '40 – 60'],
        ['M 24-25', '55', '50', '40 – 60'],
      ].slice(1),
    );
  });

  it('saves the settings and aggregates per year (weighted by the pupils counted)', async () => {
    const fetch = serve();
    const { user } = renderApp('/app/schools/1');
    const toggle = await screen.findByRole('radiogroup', {
      name: 'Weergave van Spelling: resultaten van de school (gem. percentiel)',
    });
    await user.click(within(toggle).getByText('Tabel'));
    await user.click(screen.getByRole('radio', { name: 'Per jaar' }));
    await user.click(screen.getByRole('switch', { name: 'Landelijk gemiddelde tonen' }));
    const table = () =>
      screen.getByRole('table', { name: 'Spelling: resultaten van de school (gem. percentiel)' });
    // 2023: (40 × 10 + 70 × 30) / 40 = 62.5
    await waitFor(() =>
      expect(tableRows(table())).toEqual([
        ['2023-2024', '62,5', '40 – 60'],
        ['2024-2025', '55', '40 – 60'],
      ]),
    );
    const puts = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(puts).toEqual([{ aggregationType: 'year' }, { showNationalAverage: false }]);
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
      'GET /api/1.0/school_history/1/': jsonResponse(schoolHistory()),
    });
    renderApp('/app/schools/1');
    expect(await screen.findByText('Er zijn nog geen resultaten.')).toBeInTheDocument();
  });

  it('tells a teacher that there are no results of their groups yet', async () => {
    signIn();
    const teacher = {
      ...profile,
      isSchoolSuperuserOnAnySchool: false,
      schools: profile.schools.map((item) => ({ ...item, isSchoolSuperuser: false, groupIds: [18] })),
    };
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(teacher),
      'GET /api/1.0/schools/1/': jsonResponse({ ...school, isSchoolSuperuser: false }),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/school_history/1/': jsonResponse(schoolHistory()),
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
      (inspection.share1F ?? 0) >= inspection.signal1F ? 'above' : 'below',
      (inspection.shareTarget ?? 0) >= (inspection.signalTarget ?? 0) ? 'above' : 'below',
    ]);
    expect(signals).toHaveTextContent('erboven');
    expect(signals).toHaveTextContent('eronder');
    expect(
      within(panel).getByText(/60 leerlingen van groep 8; 2 uitgesloten leerlingen niet meegeteld/),
    ).toBeInTheDocument();
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
      schools: profile.schools.map((entry) => ({ ...entry, isSchoolSuperuser: false, isSenco })),
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
