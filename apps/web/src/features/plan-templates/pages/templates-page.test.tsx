import type { GroupPlanTemplate, Profile } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile, signIn } from '../../../test/fixtures';
import { SUBJECTS } from '../../../test/result-fixtures';
import { shellReplies } from '../../../test/shell-fixtures';
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 30_000 });

const profile = { ...dutchProfile, language: 'en' as const };
const URL_PATH = '/api/1.0/group_plan_templates/';

const systemTemplate: GroupPlanTemplate = {
  id: 1,
  name: 'Leerzicht basis',
  is_published: true,
  is_system: true,
  user_name: 'Leerzicht',
  date_changed: '2025-08-20T10:00:00.000Z',
  allowed_subjects: [],
  allowed_grades: [],
  school_id: null,
  canEdit: false,
  content: {
    categories: [
      {
        name: 'Groepsdoelen',
        layer: 'GROUP',
        children: [{ name: 'Basisgroep', layer: 'INSTRUCTION', children: [] }],
      },
    ],
  },
};
const mathTemplate: GroupPlanTemplate = {
  id: 2,
  name: 'Rekenen middenbouw',
  is_published: true,
  is_system: false,
  user_name: 'Anna de Vries',
  date_changed: '2025-09-10T10:00:00.000Z',
  allowed_subjects: [1],
  allowed_grades: [3, 4, 5],
  school_id: 1,
  canEdit: true,
  content: {
    categories: [
      { name: 'Hele groep', layer: 'GROUP', children: [] },
      { name: 'Verlengde instructie', layer: 'INSTRUCTION', children: [] },
    ],
  },
};
const spellingDraft: GroupPlanTemplate = {
  ...mathTemplate,
  id: 3,
  name: 'Spelling concept',
  is_published: false,
  allowed_subjects: [2],
  allowed_grades: [],
  content: { categories: [] },
};

/** The server's filters: an empty allowed list allows every subject or grade. */
function listReply(templates: GroupPlanTemplate[], request: FakeRequest): Response {
  const query = request.url.searchParams;
  const subject = query.get('subject_id');
  const grade = query.get('grade');
  const published = query.get('is_published');
  const withContent = query.getAll('include[]').includes('content');
  return jsonResponse(
    templates
      .filter(
        (template) =>
          (subject === null ||
            template.allowed_subjects.length === 0 ||
            template.allowed_subjects.includes(Number(subject))) &&
          (grade === null ||
            template.allowed_grades.length === 0 ||
            template.allowed_grades.includes(Number(grade))) &&
          (published === null || String(template.is_published) === published),
      )
      .map(({ content, ...template }) => (withContent ? { ...template, content } : template)),
  );
}

function setup(
  extra: Record<string, (request: FakeRequest, templates: GroupPlanTemplate[]) => Response> = {},
  { path = '/app/schools/1/admin/templates', as = profile }: { path?: string; as?: Profile } = {},
) {
  const templates = [systemTemplate, mathTemplate, spellingDraft];
  const lists: URLSearchParams[] = [];
  const writes: FakeRequest[] = [];
  fakeApi({
    ...shellReplies({ profile: as }),
    'GET /api/1.0/subjects/': jsonResponse(SUBJECTS),
    [`GET ${URL_PATH}`]: (request) => {
      lists.push(request.url.searchParams);
      return listReply(templates, request);
    },
    ...Object.fromEntries(
      Object.entries(extra).map(([key, reply]) => [
        key,
        (request: FakeRequest) => {
          writes.push(request);
          return reply(request, templates);
        },
      ]),
    ),
  });
  signIn();
  return { ...renderApp(path, { language: 'en' }), lists, writes, templates };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const listQueries = (lists: URLSearchParams[]) =>
  lists.filter((query) => !query.getAll('include[]').includes('content')).map((query) => query.toString());

/*
 * Waits poll cheap signs (the list calls made, a text) and the role queries run once the page shows what the test
 * waits for. Polling a role query by name instead (every 50 ms and at every DOM change, tens of milliseconds a try,
 * more on a busy machine) starved the render it waited for: React Router renders a navigation as a transition, in
 * slices between those tries, so a filter's list call or the editor came seconds late and the wait ran out.
 */
async function listAnswered(lists: URLSearchParams[], query: string, count: string) {
  await waitFor(() => expect(listQueries(lists)).toContain(query));
  expect(await screen.findByText(count)).toBeInTheDocument();
}
/** The list shows its first answer (all three templates). */
const listShown = () => screen.findByText('3 templates');
/** The editor of a new template or of one the user may change is open: its category counter shows. */
const editorShown = () => screen.findByText(/ of 200 categories$/);

describe('templates page (Management > Plans)', () => {
  it('lists system and school templates with their state and filters by subject and grade', async () => {
    const { user, lists } = setup();
    await listShown();
    expect(screen.getByRole('heading', { name: 'Group plan templates' })).toBeInTheDocument();
    expect(within(row('Leerzicht basis')).getByText('System')).toBeInTheDocument();
    expect(within(row('Leerzicht basis')).getByText('Published')).toBeInTheDocument();
    expect(within(row('Leerzicht basis')).getByText('All subjects')).toBeInTheDocument();
    expect(within(row('Rekenen middenbouw')).getByText('School')).toBeInTheDocument();
    expect(within(row('Rekenen middenbouw')).getByText('3–5')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Rekenen middenbouw is published' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Spelling concept is published' })).not.toBeChecked();
    expect(within(row('Spelling concept')).getByText('Draft')).toBeInTheDocument();
    expect(listQueries(lists)).toEqual(['school_id=1']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'Mathematics');
    await listAnswered(lists, 'school_id=1&subject_id=1', '2 templates');
    expect(listQueries(lists).at(-1)).toBe('school_id=1&subject_id=1');
    expect(screen.queryByRole('row', { name: /Spelling concept/ })).not.toBeInTheDocument();
    expect(row('Rekenen middenbouw')).toBeInTheDocument();
    expect(row('Leerzicht basis')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Grade' }), 'Grade 6');
    await listAnswered(lists, 'school_id=1&subject_id=1&grade=6', '1 template');
    expect(listQueries(lists).at(-1)).toBe('school_id=1&subject_id=1&grade=6');
    expect(screen.queryByRole('row', { name: /Rekenen middenbouw/ })).not.toBeInTheDocument();
    expect(row('Leerzicht basis')).toBeInTheDocument();
  });

  it('creates a template with the subjects, grades and category tree the user built', async () => {
    const { user, writes } = setup({
      [`POST ${URL_PATH}`]: (request, templates) => {
        const created: GroupPlanTemplate = {
          ...spellingDraft,
          id: 9,
          name: 'Rekenen groep 4',
          allowed_subjects: [1],
          allowed_grades: [4],
          content: { categories: [] },
        };
        templates.push(created);
        return jsonResponse(created, 201);
      },
    });
    await listShown();
    await user.click(screen.getByRole('button', { name: 'New template' }));
    await editorShown();
    expect(screen.getByRole('heading', { name: 'New template' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Rekenen groep 4');
    await user.click(screen.getByRole('checkbox', { name: 'Mathematics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Grade 4' }));

    // Two categories at the top, the second an instruction group, then moved below the first.
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of category 1' }), 'Hele groep');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    // The new category's name has focus: typing goes straight into it.
    await user.keyboard('Verlengde instructie');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Layer of category 2' }),
      'Instruction group',
    );
    await user.click(
      screen.getByRole('button', { name: 'Move Verlengde instructie under the previous category' }),
    );
    expect(screen.getByRole('textbox', { name: 'Name of category 1.1' })).toHaveValue('Verlengde instructie');
    // A subcategory added to the first goes last; moved up it comes first.
    await user.click(screen.getByRole('button', { name: 'Add a subcategory to Hele groep' }));
    await user.keyboard('Basis');
    await user.click(screen.getByRole('button', { name: 'Move Basis up' }));
    expect(screen.getByRole('textbox', { name: 'Name of category 1.1' })).toHaveValue('Basis');
    expect(screen.getByRole('button', { name: 'Move Basis up' })).toBeDisabled();
    expect(screen.getByText('3 of 200 categories')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      name: 'Rekenen groep 4',
      school_id: 1,
      is_system: false,
      is_published: false,
      allowed_subjects: [1],
      allowed_grades: [4],
      content: {
        categories: [
          {
            name: 'Hele groep',
            layer: 'GROUP',
            children: [
              { name: 'Basis', layer: 'GROUP', children: [] },
              { name: 'Verlengde instructie', layer: 'INSTRUCTION', children: [] },
            ],
          },
        ],
      },
    });
    // The editor goes on with the new template.
    await screen.findByText('The template has been saved.');
    expect(screen.getByRole('heading', { name: 'Rekenen groep 4' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The template has been saved.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a 400 field error under its field and a category error under the category', async () => {
    const { user, writes } = setup({
      [`PATCH ${URL_PATH}2/`]: () =>
        jsonResponse(
          {
            status: 400,
            detail: 'Invalid input.',
            errors: {
              allowed_subjects: ['This subject does not exist.'],
              'content.categories.1.name': ['Field is required'],
            },
          },
          400,
        ),
    });
    await listShown();
    await user.click(screen.getByRole('button', { name: 'Edit Rekenen middenbouw' }));
    await editorShown();
    const name = screen.getByRole('textbox', { name: /Name$/ });
    expect(name).toHaveValue('Rekenen middenbouw');
    await user.type(name, ' (nieuw)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({ name: 'Rekenen middenbouw (nieuw)' });
    expect(await screen.findByText('This subject does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Subjects' })).toHaveAccessibleDescription(
      expect.stringContaining('This subject does not exist.'),
    );
    const category = screen.getByRole('textbox', { name: 'Name of category 2' });
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(category).toHaveAccessibleDescription('Field is required');
    // What was typed stays, and leaving asks first.
    expect(name).toHaveValue('Rekenen middenbouw (nieuw)');
    await user.click(screen.getByRole('button', { name: 'Back to the templates' }));
    expect(await screen.findByRole('dialog', { name: 'Changes not saved' })).toBeInTheDocument();
  });

  it('checks names before sending: an unnamed category is marked and nothing is sent', async () => {
    const { user, writes } = setup({ [`POST ${URL_PATH}`]: () => jsonResponse({}, 500) });
    await listShown();
    await user.click(screen.getByRole('button', { name: 'New template' }));
    await editorShown();
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field is required');
    expect(screen.getByRole('textbox', { name: 'Name of category 1' })).toHaveAccessibleDescription(
      'Field is required',
    );
    expect(writes).toEqual([]);
  });

  it('publishes and withdraws a template from the list with a PATCH', async () => {
    const { user, writes } = setup({
      [`PATCH ${URL_PATH}3/`]: () => jsonResponse({ ...spellingDraft, is_published: true }),
    });
    await listShown();
    await user.click(screen.getByRole('switch', { name: 'Spelling concept is published' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.method).toBe('PATCH');
    expect(writes[0]?.body).toEqual({ is_published: true });
  });

  it('publishes from the editor: only the changed field is sent', async () => {
    const { user, writes } = setup(
      { [`PATCH ${URL_PATH}3/`]: () => jsonResponse({ ...spellingDraft, is_published: true }) },
      { path: '/app/schools/1/admin/templates?template=3' },
    );
    await editorShown();
    await user.click(screen.getByRole('switch', { name: /^Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.map((request) => request.body)).toEqual([{ is_published: true }]));
    expect(await screen.findByRole('status')).toHaveTextContent('The template has been saved.');
  });

  it('gives a system template without canEdit no edit controls', async () => {
    const { user } = setup();
    await listShown();
    const system = row('Leerzicht basis');
    expect(within(system).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(system).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(system).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    await user.click(within(system).getByRole('button', { name: 'View Leerzicht basis' }));
    await screen.findByText(/only Leerzicht staff can change it/);
    expect(screen.getByRole('heading', { name: 'Leerzicht basis' })).toBeInTheDocument();
    expect(screen.getByText('Groepsdoelen')).toBeInTheDocument();
    expect(screen.getByText('Basisgroep')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save|Delete|Add category/ })).not.toBeInTheDocument();
    expect(screen.getByText(/only Leerzicht staff can change it/)).toBeInTheDocument();
  });

  it('asks before deleting, and deletes only after the confirmation', async () => {
    const { user, writes } = setup({
      [`DELETE ${URL_PATH}2/`]: (request, templates) => {
        templates.splice(
          templates.findIndex((template) => template.id === 2),
          1,
        );
        return new Response(null, { status: 204 });
      },
    });
    await listShown();
    await user.click(screen.getByRole('button', { name: 'Delete Rekenen middenbouw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete template' });
    expect(dialog).toHaveTextContent('Do you want to delete the template Rekenen middenbouw?');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Rekenen middenbouw' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete template' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(writes.map((request) => request.method)).toEqual(['DELETE']));
    // The list is read again.
    await screen.findByText('2 templates');
    expect(screen.queryByRole('row', { name: /Rekenen middenbouw/ })).not.toBeInTheDocument();
  });

  it('in a demo session sends nothing and says so', async () => {
    const { user, writes } = setup(
      { [`PATCH ${URL_PATH}3/`]: () => jsonResponse(spellingDraft) },
      { as: { ...profile, isDemo: true, canWrite: false } },
    );
    await listShown();
    await user.click(screen.getByRole('switch', { name: 'Spelling concept is published' }));
    expect(
      await screen.findByText(
        'Not saved: changes are not kept in a demo account or an impersonated session.',
      ),
    ).toBeInTheDocument();
    expect(writes).toEqual([]);
  });
});
