import type { UploadPreview } from '@leerzicht/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { signIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { PreviewPanel } from './preview-panel';

vi.setConfig({ testTimeout: 20_000 });

/*
 * The EDEXML preview's own parts: the groups and pupils the file skips with their reason (no errors), the rows the
 * import adapts, the school's vestigingen, and teachers without an address, who are listed but not invited.
 */

const preview: UploadPreview = {
  kind: 'EDEXML',
  fileName: 'export.xml',
  sha256: 'd'.repeat(64),
  calendarYear: 2025,
  counts: {
    pupils: { add: 2, change: 0, unchanged: 0 },
    groups: { add: 1, change: 0, unchanged: 0 },
    teachers: { add: 0, change: 0, unchanged: 0 },
    pupilsLeft: 0,
  },
  errors: [],
  errorCount: 0,
  alreadyApplied: false,
  teachers: [
    {
      email: 'kees@school.example',
      name: 'Kees van Dam',
      hasAccount: false,
      isMember: false,
      addressProblem: null,
      givenAddress: null,
      roles: ['LRK'],
      roleDescriptions: [],
    },
    {
      email: null,
      name: 'Lia',
      hasAccount: false,
      isMember: false,
      addressProblem: 'missing',
      givenAddress: null,
      roles: ['STA', 'OWA'],
      roleDescriptions: ['Plusklas'],
    },
    {
      email: null,
      name: 'Rik Proef',
      hasAccount: false,
      isMember: false,
      addressProblem: 'invalid',
      givenAddress: 'rik at school',
      roles: [],
      roleDescriptions: [],
    },
  ],
  eckIdConflicts: [],
  eckIdConflictCount: 0,
  skipped: [
    { line: 40, kind: 'group', key: 'GN', name: 'Taalklas', reason: 'not_primary', values: {} },
    {
      line: 90,
      kind: 'pupil',
      key: 'L013',
      name: 'Ada Proef',
      reason: 'group_skipped',
      values: { group: 'Taalklas', groupReason: 'not_primary' },
    },
    {
      line: 95,
      kind: 'pupil',
      key: 'L099',
      name: 'Finn Mulder',
      reason: 'left',
      values: { date: '2025-10-31' },
    },
    {
      line: 99,
      kind: 'pupil',
      key: 'L012',
      name: 'Jip Proef',
      reason: 'no_year',
      values: { code: 'S', group: 'De Zon' },
    },
  ],
  skippedCount: 4,
  notes: [
    {
      line: 30,
      kind: 'group',
      key: 'G3D',
      name: 'Groep 3',
      code: 'renamed_group',
      values: { from: 'Groep 3', to: 'Groep 3 (De Linde)' },
    },
    {
      line: 80,
      kind: 'pupil',
      key: 'L011',
      name: 'Kim',
      code: 'grade_from_age',
      values: { grade: 5, age: 8 },
    },
  ],
  noteCount: 2,
  locations: [
    { key: 'HG', name: 'Hoofdgebouw', status: 'new', pupils: 2 },
    { key: 'DP', name: 'De Linde', status: 'not_in_file', pupils: 3 },
  ],
};

function show(language: 'en' | 'nl') {
  signIn();
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <PreviewPanel schoolId={1} preview={preview} busy={false} onApply={() => {}} onCancel={() => {}} />
        ),
      },
    ],
    '/',
    { language },
  );
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the EDEXML preview', () => {
  it('lists skipped rows with their reason, adapted rows, vestigingen and teachers without an address', async () => {
    const invited: FakeRequest[] = [];
    fakeApi({
      'POST /api/1.0/uploads/invite_teachers/': (request) => {
        invited.push(request);
        return jsonResponse({ invited: 1, skipped: 0 });
      },
    });
    const { user } = show('en');
    expect(await screen.findByText('4 groups and pupils are skipped')).toBeInTheDocument();
    expect(cellsOf(screen.getByRole('table', { name: 'Skipped groups and pupils' }))).toEqual([
      ['Line', 'Group or pupil', 'Reason'],
      ['40', 'Group Taalklas', 'Neither primary nor secondary education (jaargroep N).'],
      [
        '90',
        'Pupil Ada Proef',
        'The group Taalklas is skipped: Neither primary nor secondary education (jaargroep N).',
      ],
      ['95', 'Pupil Finn Mulder', 'Left the school on October 31, 2025.'],
      [
        '99',
        'Pupil Jip Proef',
        'In special-education group De Zon without a jaargroep of their own or a birth date.',
      ],
    ]);
    const notes = within(screen.getByRole('list', { name: 'Imported with an adjustment' }));
    expect(notes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 30, Groep 3: another group has the same name; stored as ‘Groep 3 (De Linde)’.',
      'Line 80, Kim: no jaargroep of their own; groep 5 by age (8 on 1 October).',
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Locations' }))).toEqual([
      ['Location', 'In this file'],
      ['Hoofdgebouw', 'New: 2 pupils'],
      ['De Linde', 'Not in this file: 3 pupils stay as they are'],
    ]);
    const noAddress = within(screen.getByRole('list', { name: 'Teachers without an e-mail address' }));
    expect(noAddress.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Lia (trainee, teaching assistant, Plusklas): no address: cannot be invited yet',
      'Rik Proef: ‘rik at school’ is no e-mail address: cannot be invited yet',
    ]);
    expect(screen.getByText('2 teachers without an e-mail address')).toBeInTheDocument();

    // Only the teacher with an address is invited.
    await user.click(screen.getByRole('button', { name: 'Invite this teacher' }));
    expect(await screen.findByText('1 invitation sent.')).toBeInTheDocument();
    expect(invited.map((request) => request.body)).toEqual([
      { schoolId: 1, emails: ['kees@school.example'] },
    ]);
  });

  it('speaks Dutch', async () => {
    fakeApi({});
    show('nl');
    expect(await screen.findByText('4 groepen en leerlingen worden overgeslagen')).toBeInTheDocument();
    expect(screen.getByText('Uitgeschreven op 31 oktober 2025.')).toBeInTheDocument();
    expect(screen.getByText('Niet in dit bestand: 3 leerlingen blijven ongewijzigd')).toBeInTheDocument();
    expect(screen.getByText(/geen adres: kan nog niet worden uitgenodigd/)).toBeInTheDocument();
    expect(screen.getByText(/stagiair, onderwijsassistent, Plusklas/)).toBeInTheDocument();
  });
});
