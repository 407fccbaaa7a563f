import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

const [math, spelling] = SUBJECTS;

function serve(grade: number) {
  const jan = groupPupil(1, ['Jan', 'van', 'Dijk'], [], {
    approaches: [{ subjectId: math!.id, calendarYear: 2025, approach: 'intensive', yearClassId: 40 }],
  });
  const eva = groupPupil(2, ['Eva', 'de', 'Boer'], [], {
    citoIsExcluded: true,
    approaches: [
      { subjectId: math!.id, calendarYear: 2025, approach: 'enriched', yearClassId: 40 },
      { subjectId: spelling!.id, calendarYear: 2025, approach: 'basic', yearClassId: 40 },
    ],
  });
  const result = yearClassResult([eva, jan], {
    grade,
    grades: [grade],
    teachers: [
      { id: 3, name: 'Tom Leerkracht' },
      { id: 4, name: 'Rik Invaller' },
    ],
  });
  signIn();
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/year_classes/40/result/': yearClassResponse(result),
  });
  return result;
}

describe('group page', () => {
  it('says what the group is, who teaches it, and leads to each of its pages', async () => {
    const result = serve(6);
    renderApp('/app/schools/1/groups/40');
    const summary = await screen.findByTestId('group-summary');
    expect(document.title).toBe(`${result.group.name} - ${school.name} - Leerzicht`);
    expect(summary).toHaveTextContent(
      `Groep 6 · schooljaar 2025-2026 · ${result.pupils.length} leerlingen. Leerkrachten: Tom Leerkracht en Rik Invaller.`,
    );
    const links = within(screen.getByTestId('group-links'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(
      ['worksheet', 'results', 'notes', 'social-emotional', 'instruction-groups', 'discuss'].map(
        (page) => `/app/schools/1/groups/40/${page}`,
      ),
    );
  });

  it('lists the pupils with their instruction group per subject, and marks an excluded pupil', async () => {
    const result = serve(6);
    renderApp('/app/schools/1/groups/40');
    const table = await screen.findByTestId('group-pupils');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Leerling', 'Instructiegroep Rekenen-Wiskunde', 'Instructiegroep Spelling']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(result.pupils.length);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    // In the order the server sent (by surname): Eva de Boer, then Jan van Dijk.
    expect(cells).toEqual([
      ['Verrijkt', 'Basis'],
      ['Intensief', 'Nog niet ingedeeld'],
    ]);
    expect(within(rows[0]!).getByText('uitgesloten van landelijke toetsen')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Jan van Dijk' })).toHaveAttribute(
      'href',
      '/app/schools/1/pupils/1',
    );
  });

  it('offers the test overview to a group with goals', async () => {
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/year_classes/40/result/': yearClassResponse(
        yearClassResult([], { grade: 6, hasGoals: true }),
      ),
    });
    renderApp('/app/schools/1/groups/40');
    const links = within(await screen.findByTestId('group-links')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toContain('/app/schools/1/groups/40/goals');
  });

  it('offers no results below grade 3', async () => {
    serve(2);
    renderApp('/app/schools/1/groups/40');
    const links = within(await screen.findByTestId('group-links')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).not.toContain('/app/schools/1/groups/40/results');
    expect(links.map((link) => link.getAttribute('href'))).not.toContain('/app/schools/1/groups/40/discuss');
  });
});
