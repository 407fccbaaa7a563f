import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render-routes';
import { LeaveGuard, type LeaveGuardProps } from './leave-guard';

function FormPage({ kind }: Pick<LeaveGuardProps, 'kind'>) {
  const [value, setValue] = useState('');
  return (
    <main>
      <h1>Formulier</h1>
      <TextInput label="Naam" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <Link to="/elsewhere">Elders</Link>
      <LeaveGuard when={value !== ''} kind={kind} />
    </main>
  );
}

function setup(kind?: LeaveGuardProps['kind']) {
  return renderRoutes(
    [
      { path: '/form', element: <FormPage kind={kind} /> },
      { path: '/elsewhere', element: <h1>Elders</h1> },
    ],
    '/form',
  );
}

describe('leave guard', () => {
  it('lets a clean form go without asking', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving a dirty form; staying keeps the page and the typed text', async () => {
    const { user, router } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Anna');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(dialog).toHaveTextContent('Je hebt wijzigingen die nog niet zijn opgeslagen.');
    await user.click(screen.getByRole('button', { name: 'Op deze pagina blijven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveValue('Anna');
  });

  it('leaves when the user confirms, and has a close button', async () => {
    const { user, router } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Anna');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagina verlaten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('closes with Escape and stays', async () => {
    const { user, router } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'x');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
  });

  it('asks the browser before unloading a dirty form only', async () => {
    const { user } = setup();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('blocks leaving an unsaved note with the texts of section 5', async () => {
    const { user, router } = setup('unsavedNote');
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Notitie');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Een notitie is nog niet opgeslagen' });
    expect(dialog).toHaveTextContent(
      'Rond eerst deze notitie af voordat je verdergaat, door de notitie op te slaan of te annuleren.',
    );
    expect(screen.queryByRole('button', { name: 'Pagina verlaten' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
  });

  it('shows the English note texts', async () => {
    const { user } = renderRoutes(
      [
        { path: '/form', element: <FormPage kind="unsavedNote" /> },
        { path: '/elsewhere', element: <h1>Elders</h1> },
      ],
      '/form',
      { language: 'en' },
    );
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'x');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    const dialog = await screen.findByRole('dialog', { name: 'A note has not been saved' });
    expect(dialog).toHaveTextContent(
      'Please first finish this note before moving on, by either saving or cancelling on the note.',
    );
  });
});
