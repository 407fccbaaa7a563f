import type { NoteCategoryOption, PupilNote } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { pupilDetail, SETTINGS } from '../../../test/result-fixtures';

const categories: NoteCategoryOption[] = [
  { id: 1, code: 'general', name: 'Algemeen', position: 0 },
  { id: 2, code: 'social_emotional', name: 'Sociaal-emotioneel', position: 3 },
  { id: 3, code: null, name: 'Gesprek met ouders', position: 5 },
];

const note = (id: number, content: string, extra: Partial<PupilNote> = {}): PupilNote => ({
  id,
  pupilId: 7,
  category: 'general',
  content,
  position: 0,
  confidential: false,
  dateArchived: null,
  dateCreated: '2026-02-01T10:00:00Z',
  dateChanged: '2026-02-01T10:00:00Z',
  authorId: 1,
  authorName: 'Marieke de Vries',
  canEdit: true,
  ...extra,
});

const active = [
  note(11, 'Werkt goed samen.'),
  note(12, 'Gesprek gevoerd.', { category: 'Gesprek met ouders', canEdit: false }),
];
const archived = [note(13, 'Oude afspraak.', { dateArchived: '2026-01-10T10:00:00Z' })];

function serve() {
  signIn();
  const writes: FakeRequest[] = [];
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/pupils/7/': jsonResponse(pupilDetail()),
    'GET /api/1.0/note_category_options/': jsonResponse(categories),
    'GET /api/1.0/pupil_approach_logs/get_approach_logs_for_pupil/': jsonResponse([]),
    'GET /api/1.0/pupil_note/': (request) => {
      const rows = request.url.searchParams.get('archived') === 'true' ? archived : active;
      return jsonResponse({ count: rows.length, results: rows });
    },
    'POST /api/1.0/pupil_note/': (request) => {
      writes.push(request);
      return jsonResponse(note(20, 'x'), 201);
    },
    'PATCH /api/1.0/pupil_note/11/': (request) => {
      writes.push(request);
      return jsonResponse(note(11, 'Werkt goed samen.', { dateArchived: '2026-03-15T10:00:00Z' }));
    },
    'DELETE /api/1.0/pupil_note/11/': (request) => {
      writes.push(request);
      return new Response(null, { status: 204 });
    },
  });
  return writes;
}

afterEach(() => window.sessionStorage.clear());

function noteCard(panel: HTMLElement, id: number): HTMLElement {
  const card = panel.querySelector(`[data-note-id="${id}"]`);
  if (!(card instanceof HTMLElement)) throw new Error(`no note ${id}`);
  return card;
}

describe('pupil notes panel', () => {
  it('lists active and archived notes, with the category in words and edit actions only where allowed', async () => {
    serve();
    const { user } = renderApp('/app/schools/1/pupils/7');
    const panel = await screen.findByTestId('pupil-notes');
    const items = () =>
      within(panel)
        .getAllByText(/\.$/)
        .map((node) => node.textContent);
    await waitFor(() => expect(items()).toEqual(active.map((n) => n.content)));
    const own = noteCard(panel, 11);
    const colleague = noteCard(panel, 12);
    expect(within(own).getByText(/^Algemeen · Marieke de Vries/)).toBeInTheDocument();
    expect(within(colleague).getByText(/^Gesprek met ouders/)).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Archiveren' })).toBeInTheDocument();
    expect(within(colleague).queryByRole('button', { name: 'Bewerken' })).toBeNull();
    await user.click(within(panel).getByRole('tab', { name: 'Gearchiveerd' }));
    expect(await within(panel).findByText('Oude afspraak.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Terugzetten' })).toBeInTheDocument();
  });

  it('saves a new note with its category, counting characters, and keeps a draft over a reload', async () => {
    const writes = serve();
    const first = renderApp('/app/schools/1/pupils/7');
    const panel = await screen.findByTestId('pupil-notes');
    const box = within(panel).getByRole('textbox', { name: /^Notitie/ });
    await first.user.type(box, 'Concept');
    expect(within(panel).getByText('7 van 1000 tekens')).toBeInTheDocument();
    first.unmount();

    // A reload: the draft comes back.
    const second = renderApp('/app/schools/1/pupils/7');
    const again = await screen.findByTestId('pupil-notes');
    const restored = within(again).getByRole('textbox', { name: /^Notitie/ });
    expect(restored).toHaveValue('Concept');
    await second.user.type(restored, ' af');
    await second.user.selectOptions(
      within(again).getByRole('combobox', { name: 'Categorie' }),
      'Gesprek met ouders',
    );
    await second.user.click(within(again).getByRole('checkbox', { name: 'Vertrouwelijk' }));
    await second.user.click(within(again).getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      pupilId: 7,
      content: 'Concept af',
      category: 'Gesprek met ouders',
      confidential: true,
    });
    await waitFor(() => expect(within(again).getByRole('textbox', { name: /^Notitie/ })).toHaveValue(''));
  });

  it('blocks leaving with an unsaved note with the specified title and text', async () => {
    serve();
    const { user } = renderApp('/app/schools/1/pupils/7');
    const panel = await screen.findByTestId('pupil-notes');
    await user.type(within(panel).getByRole('textbox', { name: /^Notitie/ }), 'Nog niet klaar');
    await user.click(screen.getByRole('link', { name: 'Sociaal-emotioneel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Een notitie is nog niet opgeslagen')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Rond eerst deze notitie af voordat je verdergaat, door de notitie op te slaan of te annuleren.',
      ),
    ).toBeInTheDocument();
  });

  it('archives a note and deletes one after confirmation', async () => {
    const writes = serve();
    const { user } = renderApp('/app/schools/1/pupils/7');
    const panel = await screen.findByTestId('pupil-notes');
    await waitFor(() => expect(panel.querySelector('[data-note-id="11"]')).not.toBeNull());
    const own = noteCard(panel, 11);
    await user.click(within(own).getByRole('button', { name: 'Archiveren' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.method).toBe('PATCH');
    expect(typeof (writes[0]?.body as { dateArchived?: unknown }).dateArchived).toBe('string');
    await user.click(within(own).getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notitie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(writes.map((w) => w.method)).toEqual(['PATCH', 'DELETE']));
  });
});
