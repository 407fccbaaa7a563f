import { GROUP_PLAN_ERRORS } from '@leerzicht/contract';
import { NativeSelect } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { renderRoutes } from '../../test/render-routes';
import { NoteEditorView } from './note-editor-view';
import { useNoteEditor, type NoteEditorOptions } from './use-note-editor';

type Send = (text: string) => Promise<unknown>;

interface EditorPageProps {
  options?: Partial<NoteEditorOptions>;
  send?: Send;
  onCancel?: () => void;
  /** With a pupil to choose, as a plan note in a pupil category has: required, with its own errors. */
  withPupil?: boolean;
}

/** A page with one note editor and a link away from it, as the app's editors use it. */
function EditorPage({
  options,
  send = () => Promise.resolve({ id: 1 }),
  onCancel,
  withPupil,
}: EditorPageProps) {
  const intl = useIntl();
  const [pupil, setPupil] = useState('');
  const editor = useNoteEditor({ draftKey: 'test.1', leaveGuard: 'own', ...options });
  return (
    <main>
      <NoteEditorView
        editor={editor}
        label={intl.formatMessage({ id: 'notes.content' })}
        rows={2}
        saveLabel="notes.save"
        savedMessage="worksheet.evaluation.saved"
        onSave={() => void editor.save(send, { missing: withPupil && pupil === '' ? ['pupilId'] : [] })}
        onCancel={onCancel}
        above={
          withPupil && (
            <NativeSelect
              label={intl.formatMessage({ id: 'worksheet.note.pupil' })}
              value={pupil}
              onChange={(event) => setPupil(event.currentTarget.value)}
              error={editor.errorOf('pupilId')}
              data={[
                { value: '', label: '…', disabled: true },
                { value: '1', label: 'Jan van Dijk' },
              ]}
            />
          )
        }
      />
      <Link to="/elsewhere">Elders</Link>
    </main>
  );
}

function renderEditor(props: EditorPageProps = {}, language: 'nl' | 'en' = 'nl') {
  return renderRoutes(
    [
      { path: '/form', element: <EditorPage {...props} /> },
      { path: '/elsewhere', element: <h1>Elders</h1> },
    ],
    '/form',
    { language },
  );
}

const box = () => screen.getByRole('textbox', { name: /^Notitie/ });
const saveButton = () => screen.getByRole('button', { name: 'Notitie opslaan' });

/** A 400 answer with per-field errors, as the API client throws it. */
function badRequest(errors: Record<string, string[]>): ApiError {
  return new ApiError(400, 'Bad Request', { status: 400, detail: 'Invalid input.', errors });
}

afterEach(() => window.sessionStorage.clear());

describe('the note editor', () => {
  it('counts the characters against the limit, stops typing there and cuts a paste to it', async () => {
    const { user } = renderEditor({ options: { limit: 10 } });
    await user.type(box(), 'Concept');
    expect(screen.getByText('7 van 10 tekens')).toBeInTheDocument();
    await user.type(box(), ' af en klaar');
    expect(box()).toHaveValue('Concept af');
    await user.clear(box());
    await user.click(box());
    await user.paste('Een veel te lange notitie');
    expect(box()).toHaveValue('Een veel t');
    expect(screen.getByText('10 van 10 tekens')).toBeInTheDocument();
    // A change that passes the browser's own limit (a script, an autofill) is cut as well.
    fireEvent.change(box(), { target: { value: 'x'.repeat(25) } });
    expect(box()).toHaveValue('x'.repeat(10));
  });

  it('says its limit message while the text is at the limit', async () => {
    const { user } = renderEditor({ options: { limit: 10, limitMessage: 'serverError.evaluationTooLong' } });
    await user.type(box(), 'Negen tek');
    expect(screen.queryByText('Een evaluatie kan maximaal 5000 tekens bevatten')).toBeNull();
    await user.paste('ens en meer');
    expect(box()).toHaveValue('Negen teke');
    expect(screen.getByText('Een evaluatie kan maximaal 5000 tekens bevatten')).toBeInTheDocument();
  });

  it('counts in the interface language', async () => {
    const { user } = renderEditor({}, 'en');
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Draft');
    expect(screen.getByText('5 of 1000 characters')).toBeInTheDocument();
  });

  it('keeps what was typed as a draft over a reload, and drops it once the note is saved', async () => {
    const send = vi.fn<Send>(() => Promise.resolve({ id: 1 }));
    const first = renderEditor({ send });
    await first.user.type(box(), 'Concept');
    first.unmount();

    const second = renderEditor({ send });
    expect(box()).toHaveValue('Concept');
    await second.user.type(box(), ' af');
    await second.user.click(saveButton());
    await waitFor(() => expect(send).toHaveBeenCalledWith('Concept af'));
    await waitFor(() => expect(box()).toHaveValue(''));
    second.unmount();

    renderEditor({ send });
    expect(box()).toHaveValue('');
  });

  it('starts an edit from the saved text; cancel drops the draft and closes', async () => {
    const onCancel = vi.fn();
    const first = renderEditor({ options: { initial: 'Werkt goed samen.' }, onCancel });
    expect(box()).toHaveValue('Werkt goed samen.');
    await first.user.type(box(), ' Vraagt hulp.');
    first.unmount();

    const second = renderEditor({ options: { initial: 'Werkt goed samen.' }, onCancel });
    expect(box()).toHaveValue('Werkt goed samen. Vraagt hulp.');
    await second.user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(box()).toHaveValue('Werkt goed samen.');
    second.unmount();

    renderEditor({ options: { initial: 'Werkt goed samen.' }, onCancel });
    expect(box()).toHaveValue('Werkt goed samen.');
  });

  it('keeps the saved text on screen when the editor says so (a text that is always there)', async () => {
    const send = vi.fn<Send>(() => Promise.resolve({ id: 1 }));
    const { user } = renderEditor({ send, options: { initial: 'Oud', clearOnSave: false, required: false } });
    await user.clear(box());
    await user.type(box(), 'Nieuw');
    await user.click(saveButton());
    expect(await screen.findByText('Evaluatie opgeslagen.')).toBeInTheDocument();
    expect(box()).toHaveValue('Nieuw');
    // Typing again: that save no longer describes the text.
    await user.type(box(), '!');
    expect(screen.queryByText('Evaluatie opgeslagen.')).toBeNull();
  });

  it('refuses an empty text and an empty field of its own before sending anything', async () => {
    const send = vi.fn<Send>(() => Promise.resolve({ id: 1 }));
    const { user } = renderEditor({ send, withPupil: true });
    await user.type(box(), '   ');
    await user.click(saveButton());
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(2);
    await user.type(box(), 'Werkt met een stappenplan.');
    await user.click(saveButton());
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(1);
    expect(send).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Over leerling' }), 'Jan van Dijk');
    await user.click(saveButton());
    await waitFor(() => expect(send).toHaveBeenCalledWith('   Werkt met een stappenplan.'));
    expect(screen.queryByText('Dit veld is verplicht')).toBeNull();
  });

  it("shows a 400 answer's errors at their fields in the interface language and keeps the text", async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(badRequest({ pupilId: ['Unknown pupil.'] }))
      .mockRejectedValueOnce(badRequest({ content: [GROUP_PLAN_ERRORS.evaluation] }));
    const { user } = renderEditor({ send, withPupil: true, options: { fields: ['pupilId'] } });
    const pupil = screen.getByRole('combobox', { name: 'Over leerling' });
    await user.selectOptions(pupil, 'Jan van Dijk');
    await user.type(box(), 'Te lang');
    await user.click(saveButton());
    // An error at a field the editor shows is said there, and only there.
    await waitFor(() => expect(pupil).toHaveAccessibleDescription('Unknown pupil.'));
    expect(box()).toHaveAccessibleDescription('7 van 1000 tekens');
    expect(screen.queryByText('De notitie kon niet worden opgeslagen.')).toBeNull();

    await user.click(saveButton());
    expect(await screen.findByText('Een evaluatie kan maximaal 5000 tekens bevatten')).toBeInTheDocument();
    expect(box()).toHaveAccessibleDescription(/Een evaluatie kan maximaal 5000 tekens bevatten/);
    expect(pupil).not.toHaveAccessibleDescription('Unknown pupil.');
    expect(box()).toHaveValue('Te lang');
  });

  it('says the note could not be saved when no field of the editor has an error', async () => {
    const send = vi.fn<Send>(() => Promise.reject(badRequest({ pupilId: ['Unknown pupil.'] })));
    const { user } = renderEditor({ send });
    await user.type(box(), 'Over een andere leerling');
    await user.click(saveButton());
    expect(await screen.findByText('De notitie kon niet worden opgeslagen.')).toBeInTheDocument();
    expect(box()).toHaveAccessibleDescription(/De notitie kon niet worden opgeslagen\./);
    expect(box()).toHaveValue('Over een andere leerling');
  });

  it('says a failure beside the save button when the text is not where it belongs', async () => {
    const send = vi.fn<Send>(() => Promise.reject(new ApiError(500, 'Internal Server Error', '')));
    const { user } = renderEditor({
      send,
      options: { failureAt: 'actions', failureMessage: 'observations.form.failed' },
    });
    await user.type(box(), 'Rustig');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('De observatie kon niet worden opgeslagen.');
    expect(box()).not.toHaveAccessibleDescription(/kon niet/);
  });

  it('waits while the note is sent and sends it once', async () => {
    let answer: (value: unknown) => void = () => {};
    const send = vi.fn<Send>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = renderEditor({ send });
    await user.type(box(), 'Eén keer');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-loading', 'true'));
    fireEvent.click(saveButton());
    answer({ id: 1 });
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('data-loading'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says so when a read-only session did not send the note', async () => {
    const { user } = renderEditor({ send: () => Promise.resolve({ suppressed: true }) });
    await user.type(box(), 'Demo');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Niet opgeslagen: in een demo-account of als je meekijkt, worden wijzigingen niet bewaard.',
    );
  });

  it('blocks leaving with unsaved text with the texts of section 5, and lets go once it is saved', async () => {
    const { user, router } = renderEditor();
    await user.type(box(), 'Nog niet klaar');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Een notitie is nog niet opgeslagen' });
    expect(dialog).toHaveTextContent(
      'Rond eerst deze notitie af voordat je verdergaat, door de notitie op te slaan of te annuleren.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(box()).toHaveValue('Nog niet klaar');

    await user.click(saveButton());
    await waitFor(() => expect(box()).toHaveValue(''));
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('does not block for white space alone', async () => {
    const { user, router } = renderEditor();
    await user.type(box(), '   ');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it("tells the page's guard whether it holds unsaved text, and nothing once it closes", async () => {
    const report = vi.fn<(dirty: boolean) => void>();
    const { user, router, unmount } = renderEditor({ options: { leaveGuard: report } });
    expect(report).toHaveBeenLastCalledWith(false);
    await user.type(box(), 'Concept');
    expect(report).toHaveBeenLastCalledWith(true);
    // The page keeps the guard: the editor itself blocks nothing.
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(report).toHaveBeenLastCalledWith(false);
    unmount();
  });

  it('blocks nothing when no guard is wanted, and still keeps the draft', async () => {
    const first = renderEditor({ options: { leaveGuard: 'none' } });
    await first.user.type(box(), 'Concept');
    await first.user.click(screen.getByRole('link', { name: 'Elders' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/elsewhere'));
    first.unmount();
    renderEditor({ options: { leaveGuard: 'none' } });
    expect(box()).toHaveValue('Concept');
  });
});
