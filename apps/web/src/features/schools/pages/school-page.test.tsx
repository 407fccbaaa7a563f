import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, silenceExpectedErrors } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const NOT_FOUND_EN =
  'Unfortunately, we cannot find the page that you are trying to visit. The page may have been deleted or moved.';

describe('school page', () => {
  it('shows the name, BRIN code and the groups of the current year', async () => {
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
    });
    renderApp('/app/schools/1');

    expect(await screen.findByRole('heading', { name: 'OBS De Regenboog' })).toBeInTheDocument();
    expect(screen.getByText('BRIN-code 12AB')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Groepen van schooljaar 2025-2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Groep 4/5', '4/5', '24'],
      ['Groep 8', '8', '27'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Groep 8' })).toBeInTheDocument();
  });

  it('shows the not-found view when the school is not one of the user’s (404)', async () => {
    silenceExpectedErrors();
    signIn();
    const fetch = fakeApi({ 'GET /api/1.0/profile/': jsonResponse(profile) });
    renderApp('/app/schools/99', { language: 'en' });

    expect(await screen.findByText(NOT_FOUND_EN)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetch.mock.calls.filter((call) => String(call[0]).includes('/schools/99/'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the not-found view for an id that is not a number', async () => {
    silenceExpectedErrors();
    signIn();
    fakeApi({ 'GET /api/1.0/profile/': jsonResponse(profile) });
    renderApp('/app/schools/abc');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});
