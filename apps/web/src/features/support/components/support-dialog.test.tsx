import { ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGE_MAX, type TicketSubject } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import type { PageCapture } from '../lib/screenshot';
import { SupportDialog, useSupportDialog } from './support-dialog';

const SHOT = 'data:image/png;base64,iVBORw0KGgo=';

/** A capture that has copied the page and drawn SHOT. */
const readyCapture = (): PageCapture => ({ copied: Promise.resolve(), picture: Promise.resolve(SHOT) });

/** A capture the test steps through: the page copied, then the picture drawn. */
function heldCapture() {
  let copy = () => {};
  let draw: (picture: string | null) => void = () => {};
  const capture: PageCapture = {
    copied: new Promise<void>((resolve) => (copy = resolve)),
    picture: new Promise<string | null>((resolve) => (draw = resolve)),
  };
  return { capture, copy: () => copy(), draw: (picture: string | null) => draw(picture) };
}

function Harness({
  subjects,
  capture = readyCapture,
  copyLimitMs,
}: {
  subjects?: readonly TicketSubject[];
  capture?: () => PageCapture;
  copyLimitMs?: number;
}) {
  const support = useSupportDialog(capture, copyLimitMs);
  return (
    <>
      <button type="button" aria-busy={support.capturing} onClick={() => void support.open()}>
        Open
      </button>
      <button type="button" onClick={() => void support.open({ errorReportId: 'evt-1' })}>
        Feedback
      </button>
      <SupportDialog state={support.state} onClose={support.close} schoolId={7} subjects={subjects} />
    </>
  );
}

function setup(subjects?: readonly TicketSubject[], capture?: () => PageCapture, copyLimitMs?: number) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <Harness subjects={subjects} capture={capture} copyLimitMs={copyLimitMs} />,
      },
    ],
    '/',
    { language: 'en' },
  );
}

function file(name: string, size: number, type = 'text/plain'): File {
  const content = new File(['x'], name, { type });
  Object.defineProperty(content, 'size', { value: size });
  return content;
}

async function openForm(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Support' });
  await user.click(within(dialog).getByRole('button', { name: 'I want to send a message' }));
  return dialog;
}

async function chooseSubject(user: ReturnType<typeof setup>['user'], name: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: /Subject/ }), name);
}

describe('support dialog', () => {
  it('shows the help menu first, then the form; Send waits for a message and a subject', async () => {
    fakeApi({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    expect(within(dialog).getByText('Is your question about:')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Tests and results' })).toHaveAttribute(
      'href',
      'https://help.leerzicht.example/en/tests',
    );
    await user.click(within(dialog).getByRole('button', { name: 'I want to send a message' }));
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Help');
    expect(within(dialog).getByText(`4 of ${SUPPORT_MESSAGE_MAX} characters`)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await chooseSubject(user, 'Users');
    expect(send).toBeEnabled();
  });

  it('preselects a single subject and includes the screenshot by default, which can be left out', async () => {
    fakeApi({});
    const { user } = setup(['other']);
    const dialog = await openForm(user);
    expect(within(dialog).getByRole('combobox', { name: /Subject/ })).toHaveValue('other');
    const screenshot = within(dialog).getByRole('checkbox', { name: 'Include a screenshot of the page' });
    expect(screenshot).toBeChecked();
    expect(await within(dialog).findByRole('img', { name: 'Screenshot of the page' })).toHaveAttribute(
      'src',
      SHOT,
    );
    await user.click(screenshot);
    expect(within(dialog).queryByRole('img', { name: 'Screenshot of the page' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'x');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('opens once the page is copied, waits for the picture to send it, and sends at once without it', async () => {
    fakeApi({});
    const held = heldCapture();
    const { user } = setup(['other'], () => held.capture);
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    // Copying the page: the button is busy and the dialog not open yet (it would be in the picture).
    expect(open).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog', { name: 'Support' })).not.toBeInTheDocument();
    held.copy();
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    expect(open).toHaveAttribute('aria-busy', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'I want to send a message' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Help');
    expect(within(dialog).getByText('Taking the screenshot…')).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const screenshot = within(dialog).getByRole('checkbox', { name: 'Include a screenshot of the page' });
    await user.click(screenshot);
    expect(send).toBeEnabled();
    await user.click(screenshot);
    expect(send).toBeDisabled();
    held.draw(SHOT);
    expect(await within(dialog).findByRole('img', { name: 'Screenshot of the page' })).toHaveAttribute(
      'src',
      SHOT,
    );
    expect(within(dialog).queryByText('Taking the screenshot…')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it('opens without a screenshot when copying the page takes too long, and ignores the late picture', async () => {
    fakeApi({});
    const held = heldCapture();
    const { user } = setup(['other'], () => held.capture, 30);
    const dialog = await openForm(user);
    expect(within(dialog).queryByRole('checkbox', { name: /screenshot/ })).not.toBeInTheDocument();
    held.copy();
    held.draw(SHOT);
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'x');
    expect(within(dialog).queryByRole('img', { name: 'Screenshot of the page' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('refuses a message over the limit', async () => {
    fakeApi({});
    const { user } = setup(['other']);
    const dialog = await openForm(user);
    const message = within(dialog).getByRole('textbox', { name: /Message/ });
    await user.click(message);
    await user.paste('a'.repeat(SUPPORT_MESSAGE_MAX + 1));
    expect(
      within(dialog).getByText(`The message can be at most ${SUPPORT_MESSAGE_MAX} characters.`),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('warns about files over 5 MB with the support address, refuses duplicate names and removes files', async () => {
    fakeApi({});
    const { user } = setup();
    const dialog = await openForm(user);
    const input =
      dialog.querySelector<HTMLInputElement>('input[type="file"]') ??
      document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, [file('a.txt', 10), file('big.pdf', ATTACHMENT_MAX_BYTES + 1)]);
    expect(
      screen.getByText(
        'The file you are trying to upload is too large. Files larger than 5MB can be shared with us via support@leerzicht.example.',
      ),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Attachments' });
    expect(within(list).getByText('a.txt')).toBeInTheDocument();
    expect(within(list).queryByText('big.pdf')).not.toBeInTheDocument();
    await user.upload(input, [file('a.txt', 20), file('b.txt', 5)]);
    expect(screen.getByText('A file named a.txt is already attached.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Remove a.txt' }));
    expect(within(dialog).queryByText('a.txt')).not.toBeInTheDocument();
    expect(within(dialog).getByText('b.txt')).toBeInTheDocument();
  });

  it('locks while sending, then closes, resets and shows a closable confirmation', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = fakeApi({
      'POST /api/1.0/support/': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = setup(['other']);
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Het werkt niet');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Support' })).toBeInTheDocument();
    const body = fetch.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('school_id')).toBe('7');
    expect(form.get('subject')).toBe('other');
    expect(form.get('message')).toBe('Het werkt niet');
    expect(form.get('screenshot')).toBeInstanceOf(File);
    answer(jsonResponse({ id: 1, status: 'local' }, 201));
    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Message sent');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Support' })).not.toBeInTheDocument());
    await user.click(within(confirmation).getByRole('button', { name: 'Close confirmation' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Reset: the next opening starts at the menu with an empty form.
    const again = await openForm(user);
    expect(within(again).getByRole('textbox', { name: /Message/ })).toHaveValue('');
  });

  it('keeps what was entered and shows an error when sending fails', async () => {
    fakeApi({
      'POST /api/1.0/support/': jsonResponse({ status: 500, detail: 'Internal server error.' }, 500),
    });
    const { user } = setup(['other']);
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Nog steeds kapot');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('Your message could not be sent. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toHaveValue('Nog steeds kapot');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('opens at the form with the error-report id when opened from an error view', async () => {
    const fetch = fakeApi({ 'POST /api/1.0/support/': jsonResponse({ id: 2, status: 'local' }, 201) });
    const { user } = setup(['other']);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Fout');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect((fetch.mock.calls[0]?.[1]?.body as FormData).get('errorReportId')).toBe('evt-1');
  });
});
