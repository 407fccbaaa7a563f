import type { SchoolPupil } from '@leerzicht/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const pupil = (
  id: number,
  firstName: string,
  lastNamePrefix: string,
  lastName: string,
  pinId: number | null = null,
): SchoolPupil => ({
  id,
  yearclassId: 40,
  firstName,
  lastNamePrefix,
  lastName,
  grade: 6,
  citoIsExcluded: false,
  showOutflowProfile: false,
  isPinned: pinId !== null,
  pinId,
});

const pupils = [
  pupil(1, 'Jan', 'van', 'Dijk'),
  pupil(2, 'Émile', '', 'Dekker'),
  pupil(3, 'Sanne', 'van der', 'Berg'),
  pupil(4, 'Zoë', 'de', 'Wit', 77),
  pupil(5, 'Anna', '', 'Ter Horst'),
];

function serve() {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/school_pupils/1/': jsonResponse({
      calendarYear: 2025,
      yearClasses: [{ yearclassId: 40, yearclassName: 'Groep 6A', grade: 6 }],
      pupils,
    }),
    'POST /api/1.0/pin_pupil/': jsonResponse({ id: 78, pupilId: 1 }),
    'DELETE /api/1.0/pin_pupil/77/': new Response(null, { status: 204 }),
  });
}

const names = () =>
  within(screen.getByTestId('pupil-list'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('pupils page', () => {
  it('puts pinned pupils first, then sorts on the word after the name particle', async () => {
    serve();
    renderApp('/app/schools/1/pupils');
    await screen.findByTestId('pupil-list');
    expect(names()).toEqual([
      'Zoë de Wit',
      'Sanne van der Berg',
      'Émile Dekker',
      'Jan van Dijk',
      'Anna Ter Horst',
    ]);
  });

  it('searches on any part of the name, ignoring case and accents', async () => {
    serve();
    const { user } = renderApp('/app/schools/1/pupils');
    await user.type(await screen.findByRole('searchbox', { name: 'Zoek een leerling' }), 'emile');
    expect(names()).toEqual(['Émile Dekker']);
    await user.clear(screen.getByRole('searchbox', { name: 'Zoek een leerling' }));
    await user.type(screen.getByRole('searchbox', { name: 'Zoek een leerling' }), 'VAN D');
    expect(names()).toEqual(['Sanne van der Berg', 'Jan van Dijk']);
    await user.type(screen.getByRole('searchbox', { name: 'Zoek een leerling' }), 'xyz');
    expect(screen.getByText('Geen leerlingen gevonden met deze zoekterm.')).toBeInTheDocument();
  });

  it('pins and unpins a pupil', async () => {
    const fetch = serve();
    const { user } = renderApp('/app/schools/1/pupils');
    await user.click(await screen.findByRole('button', { name: 'Vastzetten: Jan van Dijk' }));
    await user.click(screen.getByRole('button', { name: 'Vastgezet: Zoë de Wit' }));
    const writes = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST' || init?.method === 'DELETE')
      .map(([url, init]) => [init?.method, new URL(String(url), 'http://x').pathname, init?.body ?? null]);
    expect(writes).toEqual([
      ['POST', '/api/1.0/pin_pupil/', JSON.stringify({ pupil_id: 1 })],
      ['DELETE', '/api/1.0/pin_pupil/77/', null],
    ]);
  });
});
