import {
  aspectCreateSchema,
  aspectUpdateSchema,
  DEFAULT_USER_SETTINGS,
  isDefaultAspectCode,
  OBSERVATION_ERRORS,
  SOCIAL_EMOTIONAL_DEFAULT_NAMES,
  type GroupObservations,
  type SocialEmotionalAspect,
} from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { memberOf, profile, school, signIn, type MemberRole } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const PAGE = '/app/schools/1/groups/18/social-emotional';
const ASPECTS_PATH = '/api/1.0/social_emotional_aspects/';

const initialAspects: SocialEmotionalAspect[] = [
  { id: 1, schoolId: 1, code: 'welbevinden', name: null, position: 0, isArchived: false },
  { id: 2, schoolId: 1, code: 'werkhouding', name: 'Taakgerichtheid', position: 1, isArchived: false },
  { id: 3, schoolId: 1, code: null, name: 'Weerbaarheid', position: 2, isArchived: false },
  { id: 4, schoolId: 1, code: 'zelfstandigheid', name: null, position: 3, isArchived: true },
];

const SUPERUSER: MemberRole = 'superuser';
const SENCO: MemberRole = 'senco';
const TEACHER: MemberRole = 'teacher';

/** The name the server compares (a default aspect under its default name carries none in the answer). */
const storedName = (aspect: SocialEmotionalAspect): string =>
  aspect.name ??
  (aspect.code && isDefaultAspectCode(aspect.code) ? SOCIAL_EMOTIONAL_DEFAULT_NAMES[aspect.code] : '');

const duplicate = (aspects: SocialEmotionalAspect[], name: string, exceptId: number | null) =>
  aspects.some((aspect) => aspect.id !== exceptId && storedName(aspect).toLowerCase() === name.toLowerCase());

const duplicateAnswer = () =>
  jsonResponse(
    { status: 400, detail: 'Invalid input.', errors: { name: [OBSERVATION_ERRORS.duplicateName] } },
    400,
  );

/** A school whose aspects live in the fake server: the aspect calls change them, the page's reads show them. */
function serve(role: MemberRole = SUPERUSER) {
  signIn();
  let aspects = initialAspects.map((aspect) => ({ ...aspect }));
  const group = (): GroupObservations => ({
    view: 'group',
    yearClassId: 18,
    aspects,
    pupils: [
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
  });
  const patch = (id: number) => (request: FakeRequest) => {
    const body = aspectUpdateSchema.parse(request.body);
    if (body.name !== undefined && duplicate(aspects, body.name, id)) return duplicateAnswer();
    aspects = aspects.map((aspect) => (aspect.id === id ? { ...aspect, ...body } : aspect));
    return jsonResponse(aspects.find((aspect) => aspect.id === id));
  };
  const create = (request: FakeRequest) => {
    const body = aspectCreateSchema.parse(request.body);
    if (duplicate(aspects, body.name, null)) return duplicateAnswer();
    const created: SocialEmotionalAspect = {
      id: Math.max(...aspects.map((aspect) => aspect.id)) + 1,
      schoolId: body.schoolId,
      code: null,
      name: body.name,
      position: Math.max(...aspects.map((aspect) => aspect.position)) + 1,
      isArchived: false,
    };
    aspects = [...aspects, created];
    return jsonResponse(created, 201);
  };
  const fetch = fakeApi({
    'GET /api/1.0/profile/': jsonResponse({
      ...profile,
      schools: profile.schools.map((entry) => (entry.id === 1 ? memberOf(entry, role, [18]) : entry)),
    }),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(DEFAULT_USER_SETTINGS),
    'GET /api/1.0/social_emotional_observation/': () => jsonResponse(group()),
    [`GET ${ASPECTS_PATH}`]: () =>
      jsonResponse([...aspects].sort((a, b) => a.position - b.position || a.id - b.id)),
    [`POST ${ASPECTS_PATH}`]: create,
    ...Object.fromEntries([1, 2, 3, 4, 5].map((id) => [`PATCH ${ASPECTS_PATH}${id}/`, patch(id)])),
  });
  /** The aspect writes sent, in order: method, path and body. */
  const writes = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST' || init?.method === 'PATCH')
      .map(([input, init]) => ({
        method: init?.method,
        path: new URL(String(input), window.location.origin).pathname,
        body: JSON.parse(String(init?.body)),
      }));
  return { writes };
}

async function openManager() {
  const view = renderApp(PAGE);
  await screen.findByTestId('group-observations');
  await view.user.click(screen.getByRole('button', { name: 'Aspecten beheren' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sociaal-emotionele aspecten' });
  await within(dialog).findByTestId('active-aspects');
  return { ...view, dialog };
}

const activeNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'In gebruik' }))
    .getAllByRole('textbox')
    .map((input) => (input instanceof HTMLInputElement ? input.value : null));

const archivedNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Gearchiveerd' }))
    .queryAllByRole('listitem')
    .map((item) => within(item).getByText(/\S/, { selector: 'p' }).textContent);

const columnHeaders = () =>
  within(screen.getByTestId('group-observations'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

async function closeDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Sluiten' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('managing the aspects of the school', () => {
  it('lists the aspects in use in their order, with catalogue labels for default names, the archived apart', async () => {
    serve();
    const { dialog } = await openManager();
    expect(activeNames(dialog)).toEqual(['Welbevinden', 'Taakgerichtheid', 'Weerbaarheid']);
    expect(archivedNames(dialog)).toEqual(['Zelfstandigheid']);
    expect(within(dialog).getByRole('button', { name: 'Welbevinden omhoog' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Weerbaarheid omlaag' })).toBeDisabled();
    // Nothing changed yet: nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Naam van Welbevinden opslaan' })).toBeDisabled();
  });

  it('renames an aspect with a PATCH of the new name, and the group table follows', async () => {
    const { writes } = serve();
    const { dialog, user } = await openManager();
    const input = within(dialog).getByRole('textbox', { name: 'Naam van Weerbaarheid' });
    await user.clear(input);
    await user.type(input, '  Veerkracht ');
    await user.click(within(dialog).getByRole('button', { name: 'Naam van Weerbaarheid opslaan' }));
    expect(await within(dialog).findByText('Opgeslagen')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'PATCH', path: `${ASPECTS_PATH}3/`, body: { name: 'Veerkracht' } }]);
    await waitFor(() =>
      expect(activeNames(dialog)).toEqual(['Welbevinden', 'Taakgerichtheid', 'Veerkracht']),
    );
    await closeDialog(user);
    await waitFor(() => expect(columnHeaders()).toContain('Veerkracht'));
    expect(columnHeaders()).not.toContain('Weerbaarheid');
  });

  it("shows the server's field error under the name and keeps what was typed", async () => {
    serve();
    const { dialog, user } = await openManager();
    const input = within(dialog).getByRole('textbox', { name: 'Naam van Weerbaarheid' });
    await user.clear(input);
    await user.type(input, 'welbevinden');
    await user.click(within(dialog).getByRole('button', { name: 'Naam van Weerbaarheid opslaan' }));
    expect(await within(dialog).findByText('Er bestaat al een aspect met deze naam.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Er bestaat al een aspect met deze naam.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('welbevinden');
  });

  it('refuses an empty name before sending it', async () => {
    const { writes } = serve();
    const { dialog, user } = await openManager();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Naam van Taakgerichtheid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Naam van Taakgerichtheid opslaan' }));
    expect(await within(dialog).findByText('Dit veld is verplicht')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(writes()).toEqual([]);
  });

  it('archives an aspect into the archived list and restores it', async () => {
    const { writes } = serve();
    const { dialog, user } = await openManager();
    await user.click(within(dialog).getByRole('button', { name: 'Taakgerichtheid archiveren' }));
    await waitFor(() => expect(archivedNames(dialog)).toEqual(['Taakgerichtheid', 'Zelfstandigheid']));
    expect(activeNames(dialog)).toEqual(['Welbevinden', 'Weerbaarheid']);
    expect(writes()).toEqual([{ method: 'PATCH', path: `${ASPECTS_PATH}2/`, body: { isArchived: true } }]);

    await user.click(within(dialog).getByRole('button', { name: 'Zelfstandigheid terugzetten' }));
    await waitFor(() =>
      expect(activeNames(dialog)).toEqual(['Welbevinden', 'Weerbaarheid', 'Zelfstandigheid']),
    );
    expect(archivedNames(dialog)).toEqual(['Taakgerichtheid']);
    expect(writes()[1]).toEqual({ method: 'PATCH', path: `${ASPECTS_PATH}4/`, body: { isArchived: false } });

    await closeDialog(user);
    await waitFor(() => expect(columnHeaders()).toContain('Zelfstandigheid'));
    expect(columnHeaders()).not.toContain('Taakgerichtheid');
  });

  it('moves an aspect up by trading positions with the one above', async () => {
    const { writes } = serve();
    const { dialog, user } = await openManager();
    await user.click(within(dialog).getByRole('button', { name: 'Weerbaarheid omhoog' }));
    await waitFor(() =>
      expect(activeNames(dialog)).toEqual(['Welbevinden', 'Weerbaarheid', 'Taakgerichtheid']),
    );
    expect(writes()).toEqual([
      { method: 'PATCH', path: `${ASPECTS_PATH}3/`, body: { position: 1 } },
      { method: 'PATCH', path: `${ASPECTS_PATH}2/`, body: { position: 2 } },
    ]);
  });

  it('adds an aspect with a POST; it comes last in the list', async () => {
    const { writes } = serve();
    const { dialog, user } = await openManager();
    const form = within(dialog).getByRole('form', { name: 'Nieuw aspect' });
    await user.type(within(form).getByRole('textbox', { name: /Nieuw aspect/ }), 'Concentratie');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(form).findByText('Aspect toegevoegd.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'POST', path: ASPECTS_PATH, body: { schoolId: 1, name: 'Concentratie' } },
    ]);
    await waitFor(() =>
      expect(activeNames(dialog)).toEqual(['Welbevinden', 'Taakgerichtheid', 'Weerbaarheid', 'Concentratie']),
    );
    expect(within(form).getByRole('textbox', { name: /Nieuw aspect/ })).toHaveValue('');
  });

  it('shows a duplicate name of a new aspect under its field', async () => {
    serve();
    const { dialog, user } = await openManager();
    const form = within(dialog).getByRole('form', { name: 'Nieuw aspect' });
    await user.type(within(form).getByRole('textbox', { name: /Nieuw aspect/ }), 'Zelfstandigheid');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(form).findByText('Er bestaat al een aspect met deze naam.')).toBeInTheDocument();
  });

  it('offers the button to a senco, not to a teacher', async () => {
    serve(SENCO);
    const senco = renderApp(PAGE);
    await screen.findByTestId('group-observations');
    expect(screen.getByRole('button', { name: 'Aspecten beheren' })).toBeInTheDocument();
    senco.unmount();

    serve(TEACHER);
    renderApp(PAGE);
    await screen.findByTestId('group-observations');
    expect(screen.queryByRole('button', { name: 'Aspecten beheren' })).not.toBeInTheDocument();
  });
});
