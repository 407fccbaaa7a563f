import {
  EVALUATION_MAX,
  type EffectFigures,
  type PlanEffect,
  type GroupPlan,
  type GroupPlanNote,
  type GroupPlanTemplate,
  type NoteCategory,
} from '@leerzicht/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blobText, captureDownloads } from '../../../test/downloads';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  groupPupil,
  SETTINGS,
  SUBJECTS,
  yearClassResponse,
  yearClassResult,
} from '../../../test/result-fixtures';

const math = SUBJECTS[0]!;
const jan = groupPupil(1, ['Jan', 'van', 'Dijk'], [], {
  approaches: [{ subjectId: math.id, calendarYear: 2025, approach: 'intensive', yearClassId: 40 }],
});
const eva = groupPupil(2, ['Eva', 'de', 'Boer'], [], {
  approaches: [{ subjectId: math.id, calendarYear: 2025, approach: 'enriched', yearClassId: 40 }],
});
const result = yearClassResult([eva, jan]);

const plan: GroupPlan = {
  id: 7,
  name: 'Groepsplan rekenen najaar',
  subject_id: math.id,
  yearclass_id: 40,
  group_plan_id: 3,
  startDate: '2025-09-01',
  endDate: '2026-01-31',
  evaluation: '',
  userName: 'Tom Leerkracht',
  dateCreated: '2025-09-01T10:00:00Z',
  dateChanged: '2025-09-01T10:00:00Z',
};

function category(values: Partial<NoteCategory> & Pick<NoteCategory, 'id' | 'name' | 'layer' | 'position'>) {
  return {
    parent_note_category_id: null,
    group_plan_id: plan.id,
    is_archived: false,
    date_created: '2025-09-01T10:00:00Z',
    date_changed: '2025-09-01T10:00:00Z',
    schoolId: 1,
    createdBy: 3,
    notes: [],
    pupils: [],
    ...values,
  } satisfies NoteCategory;
}

const note: GroupPlanNote = {
  id: 30,
  noteCategoryId: 11,
  category: { id: 11, name: 'Doelen', layer: 'GROUP', group_plan_id: plan.id },
  pupilId: null,
  content: 'Alle leerlingen beheersen de tafels tot 10.',
  date_archived: null,
  dateCreated: '2025-09-02T10:00:00Z',
  dateChanged: '2025-09-02T10:00:00Z',
  authorId: 3,
  authorName: 'Tom Leerkracht',
  canEdit: true,
};

const categories: NoteCategory[] = [
  category({ id: 11, name: 'Doelen', layer: 'GROUP', position: 0, notes: [note] }),
  category({ id: 12, name: 'Aanpak', layer: 'GROUP', position: 1 }),
  category({ id: 21, name: 'Verlengde instructie', layer: 'INSTRUCTION', position: 0 }),
  category({
    id: 31,
    name: 'Extra zorg',
    layer: 'PUPIL',
    position: 0,
    pupils: [
      { linkId: 90, pupilId: 1, position: 0, firstName: 'Jan', lastNamePrefix: 'van', lastName: 'Dijk' },
    ],
  }),
];

const template: GroupPlanTemplate = {
  id: 3,
  name: 'Groepsplan in drie lagen',
  is_published: true,
  is_system: true,
  user_name: 'Leerzicht',
  date_changed: '2025-01-01T10:00:00Z',
  allowed_subjects: [],
  allowed_grades: [],
  school_id: null,
  canEdit: false,
};

function figures(values: Partial<EffectFigures>): EffectFigures {
  return {
    pupilCount: 0,
    measuredCount: 0,
    meanGrowth: null,
    nationalGrowth: null,
    nationalCount: 0,
    levels: { up: 0, same: 0, down: 0 },
    notMeasured: { excluded: 0, noResultBefore: 0, noResultAfter: 0, testChanged: 0 },
    ...values,
  };
}

const groupFigures = [
  {
    approach: 'enriched' as const,
    ...figures({
      pupilCount: 1,
      measuredCount: 1,
      meanGrowth: 14,
      nationalGrowth: 11.9,
      nationalCount: 1,
      levels: { up: 1, same: 0, down: 0 },
    }),
  },
  {
    approach: 'intensive' as const,
    ...figures({
      pupilCount: 1,
      measuredCount: 1,
      meanGrowth: 6.5,
      nationalGrowth: 11.9,
      nationalCount: 1,
      levels: { up: 0, same: 0, down: 1 },
    }),
  },
];
const effect: PlanEffect = {
  planId: plan.id,
  subjectId: math.id,
  yearclassId: 40,
  calendarYear: 2025,
  startDate: plan.startDate,
  endDate: plan.endDate,
  status: 'measured',
  groups: groupFigures,
  total: figures({
    pupilCount: 2,
    measuredCount: 2,
    meanGrowth: 10.25,
    nationalGrowth: 11.9,
    nationalCount: 2,
    levels: { up: 1, same: 0, down: 1 },
  }),
  moments: [
    {
      from: { calendarYear: 2025, yearTime: 'B', grade: 6 },
      to: { calendarYear: 2025, yearTime: 'M', grade: 6 },
      provider: 'CITO',
      testVersion: '3.0',
      pupilCount: 2,
    },
  ],
  pupils: [],
};

function serve(plans: GroupPlan[]) {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/year_classes/40/result/': yearClassResponse(result),
    'GET /api/1.0/group_plans/': jsonResponse(plans),
    'GET /api/1.0/group_plan_templates/': jsonResponse([template]),
    'GET /api/1.0/recent_plans/': jsonResponse([]),
    'GET /api/1.0/note_categories/': jsonResponse(categories),
    'GET /api/1.0/group_plans/7/effect/': jsonResponse(effect),
    'GET /api/1.0/group_plans/7/print/': new Response('%PDF-1.7 test', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="groepsplan-groep-6-rekenen.pdf"',
      },
    }),
    'POST /api/1.0/group_plans/': (request) => jsonResponse({ ...plan, ...(request.body as object) }, 201),
    'PATCH /api/1.0/group_plans/7/': (request) => jsonResponse({ ...plan, ...(request.body as object) }),
    'PATCH /api/1.0/note_categories/11/': (request) =>
      jsonResponse({ ...categories[0], ...(request.body as object) }),
    'POST /api/1.0/group_plan_note/': (request) =>
      jsonResponse({ ...note, id: 31, ...(request.body as object) }, 201),
  });
}

const bodiesOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => init?.method === method && String(input).includes(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('worksheet page', () => {
  it('starts a plan for the subject from a template', async () => {
    const fetch = serve([]);
    const { user } = renderApp(`/app/schools/1/groups/40/worksheet?subject=${math.id}`);
    const form = await screen.findByTestId('start-plan');
    await user.click(within(form).getByRole('button', { name: 'Plan starten' }));
    expect(within(form).getByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'POST', '/group_plans/')).toHaveLength(0);
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Sjabloon/ }), String(template.id));
    await user.click(within(form).getByRole('button', { name: 'Plan starten' }));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/group_plans/')).toHaveLength(1));
    expect(bodiesOf(fetch, 'POST', '/group_plans/')[0]).toEqual({
      name: `Groepsplan ${math.nameNl} ${result.group.name}`,
      subject_id: math.id,
      yearclass_id: 40,
      startDate: null,
      endDate: null,
      templateId: template.id,
    });
  });

  it('shows the plan in its three layers with notes, pupils and instruction groups', async () => {
    serve([plan]);
    renderApp('/app/schools/1/groups/40/worksheet');
    const group = await screen.findByRole('region', { name: 'Groep' });
    expect(within(group).getByText(note.content)).toBeInTheDocument();
    const instruction = screen.getByRole('region', { name: 'Instructiegroepen' });
    const summary = within(instruction).getByTestId('instruction-groups-summary');
    expect(within(summary).getByText('Verrijkt (1)').nextSibling).toHaveTextContent('Eva de Boer');
    expect(within(summary).getByText('Intensief (1)').nextSibling).toHaveTextContent('Jan van Dijk');
    const pupils = screen.getByRole('region', { name: 'Leerlingen' });
    const placed = pupils.querySelector('[data-category-pupils="31"]') as HTMLElement;
    expect(
      within(placed).getByRole('button', { name: 'Jan van Dijk uit deze categorie halen' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('plan-header')).toHaveTextContent(plan.name);
  });

  it('writes a note in a category and moves a category down', async () => {
    const fetch = serve([plan]);
    const { user } = renderApp('/app/schools/1/groups/40/worksheet');
    const doelen = await screen.findByText('Doelen');
    const node = doelen.closest('[data-category]') as HTMLElement;
    await user.click(within(node).getByRole('button', { name: '+ Notitie bij Doelen' }));
    await user.type(
      within(node).getByRole('textbox', { name: /^Nieuwe notitie/ }),
      'Extra oefenen met splitsen.',
    );
    await user.click(within(node).getAllByRole('button', { name: 'Notitie opslaan' })[0]!);
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/group_plan_note/')).toHaveLength(1));
    expect(bodiesOf(fetch, 'POST', '/group_plan_note/')[0]).toEqual({
      noteCategoryId: 11,
      content: 'Extra oefenen met splitsen.',
      pupilId: null,
    });
    expect(within(node).getByRole('button', { name: 'Doelen omhoog' })).toBeDisabled();
    await user.click(within(node).getByRole('button', { name: 'Doelen omlaag' }));
    await waitFor(() => expect(bodiesOf(fetch, 'PATCH', '/note_categories/11/')).toEqual([{ position: 1 }]));
  });

  it('asks which pupil a note in a pupil category is about', async () => {
    const fetch = serve([plan]);
    const { user } = renderApp('/app/schools/1/groups/40/worksheet');
    const extra = (await screen.findByText('Extra zorg')).closest('[data-category]') as HTMLElement;
    await user.click(within(extra).getByRole('button', { name: '+ Notitie bij Extra zorg' }));
    await user.type(
      within(extra).getByRole('textbox', { name: /^Nieuwe notitie/ }),
      'Werkt met een stappenplan.',
    );
    await user.click(within(extra).getByRole('button', { name: 'Notitie opslaan' }));
    expect(within(extra).getByText('Dit veld is verplicht')).toBeInTheDocument();
    await user.selectOptions(within(extra).getByRole('combobox', { name: /^Over leerling/ }), 'Jan van Dijk');
    await user.click(within(extra).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/group_plan_note/')).toHaveLength(1));
    expect(bodiesOf(fetch, 'POST', '/group_plan_note/')[0]).toMatchObject({ noteCategoryId: 31, pupilId: 1 });
  });

  it('stops the evaluation at 5000 characters with the exact message, and saves it', async () => {
    const fetch = serve([plan]);
    renderApp('/app/schools/1/groups/40/worksheet');
    const evaluation = await screen.findByTestId('evaluation');
    const box = within(evaluation).getByRole('textbox');
    fireEvent.change(box, { target: { value: 'x'.repeat(EVALUATION_MAX + 20) } });
    expect(box).toHaveValue('x'.repeat(EVALUATION_MAX));
    expect(
      within(evaluation).getByText('Een evaluatie kan maximaal 5000 tekens bevatten'),
    ).toBeInTheDocument();
    fireEvent.click(within(evaluation).getByRole('button', { name: 'Evaluatie opslaan' }));
    await waitFor(() => expect(bodiesOf(fetch, 'PATCH', '/group_plans/7/')).toHaveLength(1));
    expect(bodiesOf(fetch, 'PATCH', '/group_plans/7/')[0]).toEqual({
      evaluation: 'x'.repeat(EVALUATION_MAX),
    });
  });

  it('shows the measured effect per instruction group beside the national growth', async () => {
    serve([plan]);
    renderApp('/app/schools/1/groups/40/worksheet');
    const panel = await screen.findByTestId('plan-effect');
    const row = (key: string) => panel.querySelector(`[data-effect-row="${key}"]`) as HTMLElement;
    await waitFor(() => expect(row('enriched')).not.toBeNull());
    const cells = (key: string) =>
      within(row(key))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    for (const group of [...groupFigures, { ...effect.total, approach: 'total' }]) {
      const [measured, growth, national, , levels] = cells(group.approach);
      expect(measured).toBe(`${group.measuredCount} / ${group.pupilCount}`);
      expect(growth).toBe(`+${String(Math.round((group.meanGrowth ?? 0) * 10) / 10).replace('.', ',')}`);
      expect(national).toBe(`+${String(group.nationalGrowth).replace('.', ',')}`);
      expect(levels).toBe(
        `${group.levels.up} omhoog · ${group.levels.same} gelijk · ${group.levels.down} omlaag`,
      );
    }
  });

  it('counts the sections left out of the printout and downloads the PDF without them', async () => {
    const fetch = serve([plan]);
    const saved = captureDownloads();
    const { user } = renderApp('/app/schools/1/groups/40/worksheet');
    const panel = await screen.findByTestId('print-panel');
    const counter = within(panel).getByTestId('removed-sections');
    expect(counter).toHaveTextContent('Alle onderdelen gaan mee');
    await user.click(within(panel).getByRole('checkbox', { name: 'Leerlingen' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Effect van het plan' }));
    expect(counter).toHaveTextContent('2 onderdelen weggelaten');
    await user.click(within(panel).getByRole('checkbox', { name: 'Leerlingen' }));
    expect(counter).toHaveTextContent('1 onderdeel weggelaten');
    await user.click(within(panel).getByRole('checkbox', { name: 'Leerlingen' }));
    await user.click(within(panel).getByRole('button', { name: 'PDF downloaden' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('groepsplan-groep-6-rekenen.pdf');
    expect(saved[0] && (await blobText(saved[0].file))).toBe('%PDF-1.7 test');
    const printCall = fetch.mock.calls.find(([input]) => String(input).includes('/print/'));
    const url = new URL(String(printCall?.[0]), window.location.origin);
    expect(url.searchParams.getAll('omit[]')).toEqual(['pupil', 'effect']);
    await user.click(within(panel).getByRole('button', { name: 'Alles weer meenemen' }));
    expect(counter).toHaveTextContent('Alle onderdelen gaan mee');
  });
});
