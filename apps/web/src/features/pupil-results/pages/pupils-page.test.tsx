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

  it('filters by group and pages a long list a hundred at a time', async () => {
    // 130 pupils in Groep 6A and 120 in Groep 7B, surnames numbered so that the sort order is known.
    const many: SchoolPupil[] = Array.from({ length: 250 }, (_, index) => ({
      ...pupil(100 + index, 'Kind', '', `Achternaam ${String(index).padStart(3, '0')}`),
      yearclassId: index < 130 ? 40 : 41,
    }));
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/school_pupils/1/': jsonResponse({
        calendarYear: 2025,
        yearClasses: [
          { yearclassId: 40, yearclassName: 'Groep 6A', grade: 6 },
          { yearclassId: 41, yearclassName: 'Groep 7B', grade: 7 },
        ],
        pupils: many,
      }),
    });
    const { user } = renderApp('/app/schools/1/pupils');
    await screen.findByTestId('pupil-list');
    expect(names()).toHaveLength(100);
    expect(names()[0]).toBe('Kind Achternaam 000');
    expect(screen.getByText(/250 leerlingen/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(names()[0]).toBe('Kind Achternaam 100');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(names()).toEqual(many.slice(200).map((row) => `Kind ${row.lastName}`));

    await user.selectOptions(
      within(screen.getByRole('main')).getByRole('combobox', { name: 'Groep' }),
      'Groep 7B',
    );
    const inGroup = many.filter((row) => row.yearclassId === 41);
    expect(names()).toEqual(inGroup.slice(0, 100).map((row) => `Kind ${row.lastName}`));
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(names()).toEqual(inGroup.slice(100).map((row) => `Kind ${row.lastName}`));
  });
});
