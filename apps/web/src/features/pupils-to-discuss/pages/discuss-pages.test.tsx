import type { DiscussReason, PupilToDiscuss, PupilsToDiscuss } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { memberOf, profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { SETTINGS, SUBJECTS, yearClassResponse, yearClassResult } from '../../../test/result-fixtures';

const [math, spelling] = SUBJECTS;
const RW = math!.id;
const SP = spelling!.id;

const pupil = (
  id: number,
  [firstName, lastNamePrefix, lastName]: [string, string, string],
  group: [number, string],
  reasons: DiscussReason[],
  extra: Partial<PupilToDiscuss> = {},
): PupilToDiscuss => ({
  id,
  firstName,
  lastNamePrefix,
  lastName,
  yearClassId: group[0],
  yearClassName: group[1],
  grade: 6,
  citoIsExcluded: false,
  reasons,
  ...extra,
});

const G6: [number, string] = [40, 'Groep 6'];
const G7: [number, string] = [41, 'Groep 7'];
const PUPILS: PupilToDiscuss[] = [
  pupil(1, ['Jan', 'van', 'Dijk'], G6, [
    {
      code: 'LEVEL_DROP',
      subjectId: RW,
      comparedWith: 'PREVIOUS',
      from: { calendarYear: 2025, yearTime: 'M', grade: 6, level: 'III' },
      to: { calendarYear: 2025, yearTime: 'E', grade: 6, level: 'V' },
      drop: 2,
    },
    {
      code: 'GROWTH_STALLED',
      subjectId: SP,
      provider: 'CITO',
      steps: [
        {
          from: { calendarYear: 2024, yearTime: 'M', grade: 5, abilityScore: 118 },
          to: { calendarYear: 2024, yearTime: 'E', grade: 5, abilityScore: 120 },
          growth: 2,
          expectedGrowth: 5.5,
        },
        {
          from: { calendarYear: 2024, yearTime: 'E', grade: 5, abilityScore: 120 },
          to: { calendarYear: 2025, yearTime: 'M', grade: 6, abilityScore: 121.5 },
          growth: 1.5,
          expectedGrowth: 4.25,
        },
      ],
    },
  ]),
  pupil(
    2,
    ['Eva', 'de', 'Boer'],
    G6,
    [
      {
        code: 'METHOD_MISMATCH',
        subjectId: RW,
        direction: 'METHOD_HIGHER',
        national: { calendarYear: 2025, yearTime: 'M', grade: 6, level: 'IV' },
        letter: 'G',
        letterCount: 3,
        methodCount: 4,
      },
    ],
    { citoIsExcluded: true },
  ),
  pupil(3, ['Sara', '', 'Wit'], G7, [
    {
      code: 'LEVEL_DROP',
      subjectId: SP,
      comparedWith: 'BEST_OF_YEAR',
      from: { calendarYear: 2024, yearTime: 'M', grade: 6, level: 'A' },
      to: { calendarYear: 2025, yearTime: 'M', grade: 7, level: 'C' },
      drop: 2,
    },
    {
      code: 'GROWTH_STALLED',
      subjectId: RW,
      provider: 'CITO',
      steps: [
        {
          from: { calendarYear: 2024, yearTime: 'M', grade: 6, abilityScore: 90 },
          to: { calendarYear: 2024, yearTime: 'E', grade: 6, abilityScore: 90 },
          growth: 0,
          expectedGrowth: null,
        },
        {
          from: { calendarYear: 2024, yearTime: 'E', grade: 6, abilityScore: 90 },
          to: { calendarYear: 2025, yearTime: 'M', grade: 7, abilityScore: 88 },
          growth: -2,
          expectedGrowth: 3,
        },
      ],
    },
  ]),
];

/** The sentence the page should show, written from the fixture's figures (Dutch decimal comma). */
function sentence(reason: DiscussReason): string {
  const name = SUBJECTS.find((subject) => subject.id === reason.subjectId)!.nameNl;
  const num = (value: number) => String(value).replace('.', ',');
  const at = (m: { yearTime: string; grade: number }) => `${m.yearTime}${m.grade}`;
  switch (reason.code) {
    case 'GROWTH_STALLED': {
      const [a, b] = reason.steps;
      const norms = a.expectedGrowth !== null && b.expectedGrowth !== null;
      return (
        `${name}: vaardigheidsscore ${num(a.from.abilityScore)} → ${num(a.to.abilityScore)} → ` +
        `${num(b.to.abilityScore)} bij ${at(a.from)}, ${at(a.to)} en ${at(b.to)}, ` +
        `een groei van ${num(a.growth)} en ${num(b.growth)}` +
        (norms ? ` waar de norm ${num(a.expectedGrowth ?? 0)} en ${num(b.expectedGrowth ?? 0)} verwacht` : '')
      );
    }
    case 'LEVEL_DROP':
      return reason.comparedWith === 'PREVIOUS'
        ? `${name}: van ${reason.from.level} naar ${reason.to.level} tussen ${at(reason.from)} en ${at(reason.to)}`
        : `${name}: van ${reason.from.level} (het beste niveau van het afgelopen jaar, ${at(reason.from)}) naar ${reason.to.level} bij ${at(reason.to)}`;
    case 'METHOD_MISMATCH':
      return `${name}: ${reason.letterCount} van de ${reason.methodCount} methodetoetsen ${
        reason.letter === 'G' ? 'goed (G)' : 'onvoldoende (O)'
      }, maar landelijk niveau ${reason.national.level} bij ${at(reason.national)}`;
  }
}

const fullName = (p: PupilToDiscuss) => [p.firstName, p.lastNamePrefix, p.lastName].filter(Boolean).join(' ');

function serve(list: PupilsToDiscuss, who = profile) {
  signIn();
  return fakeApi({
    'GET /api/1.0/profile/': jsonResponse(who),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
    'GET /api/1.0/subjects/': jsonResponse(SUBJECTS),
    'GET /api/1.0/schools/1/pupils_to_discuss/': jsonResponse(list),
    'GET /api/1.0/year_classes/40/pupils_to_discuss/': jsonResponse(list),
    'GET /api/1.0/year_classes/40/result/': yearClassResponse(yearClassResult([], { grade: 6 })),
  });
}

/** Per row: the pupil's name, the group (school list) and the reasons as shown. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({
      name: within(row).getByRole('link').textContent,
      href: within(row).getByRole('link').getAttribute('href'),
      cells: within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
      reasons: within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    }));
}

const listOf = (pupils: PupilToDiscuss[], pupilCount = 24): PupilsToDiscuss => ({
  schoolId: 1,
  calendarYear: 2025,
  pupilCount,
  pupils,
});

describe('pupils to discuss', () => {
  it('lists the school’s pupils with their group and each reason as a sentence with its figures', async () => {
    const requests = serve(listOf(PUPILS));
    renderApp('/app/schools/1/discuss');
    const table = await screen.findByTestId('discuss-table');
    expect(document.title).toBe(`Leerlingen om te bespreken - ${school.name} - Leerzicht`);
    const rows = rowsOf(table);
    expect(rows).toEqual(
      PUPILS.map((p) => ({
        name: fullName(p),
        href: `/app/schools/1/pupils/${p.id}`,
        cells: [p.yearClassName, p.reasons.map(sentence).join('')],
        reasons: p.reasons.map(sentence),
      })),
    );
    expect(rows[0]?.reasons[0]).toBe('Rekenen-Wiskunde: van III naar V tussen M6 en E6');
    expect(screen.getByTestId('discuss-count')).toHaveTextContent(
      `${PUPILS.length} leerlingen om te bespreken, van de 24 bekeken.`,
    );
    const excluded = within(table).getAllByRole('row')[2]!;
    expect(within(excluded).getByText('uitgesloten van landelijke toetsen')).toBeInTheDocument();
    const asked = requests.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/schools/1/pupils_to_discuss/?calendar_year=2025'))).toBe(true);
    expect(screen.getByTestId('discuss-rules')).toHaveTextContent('minder dan de helft');
  });

  it('filters by signal and by subject, showing only the matching reasons', async () => {
    serve(listOf(PUPILS));
    const user = userEvent.setup();
    renderApp('/app/schools/1/discuss');
    await screen.findByTestId('discuss-table');
    const choose = async (label: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      const list = await screen.findByRole('listbox', { name: label, hidden: true });
      await user.click(within(list).getByRole('option', { name: option, hidden: true }));
    };
    const expectRows = (keep: (reason: DiscussReason) => boolean) =>
      waitFor(() =>
        expect(rowsOf(screen.getByTestId('discuss-table')).map((row) => [row.name, row.reasons])).toEqual(
          PUPILS.filter((p) => p.reasons.some(keep)).map((p) => [
            fullName(p),
            p.reasons.filter(keep).map(sentence),
          ]),
        ),
      );
    await choose('Signaal', 'Twee of meer niveaus gedaald');
    await expectRows((reason) => reason.code === 'LEVEL_DROP');
    await choose('Vak', 'Spelling');
    await expectRows((reason) => reason.code === 'LEVEL_DROP' && reason.subjectId === SP);
    await choose('Signaal', 'Methode en landelijke toets verschillen');
    expect(await screen.findByTestId('discuss-empty-filtered')).toHaveTextContent(
      'Geen leerling met dit signaal in dit vak.',
    );
    await choose('Signaal', 'Alle');
    await expectRows((reason) => reason.subjectId === SP);
  });

  it('says why the list is empty and shows the rules', async () => {
    serve(listOf([]));
    renderApp('/app/schools/1/discuss');
    expect(await screen.findByTestId('discuss-empty')).toHaveTextContent(
      'Geen enkele leerling voldoet aan een van de signalen hieronder',
    );
    expect(screen.queryByTestId('discuss-table')).toBeNull();
    expect(screen.getByTestId('discuss-rules')).toHaveTextContent('Twee of meer niveaus gedaald');
  });

  it('tells a teacher without groups in the school year to ask the administrator', async () => {
    const teacher = {
      ...profile,
      schools: profile.schools.map((s) => memberOf(s, 'teacher', [])),
    };
    serve(listOf([], 0), teacher);
    renderApp('/app/schools/1/discuss');
    expect(await screen.findByTestId('discuss-empty')).toHaveTextContent(
      'U heeft in dit schooljaar geen groepen',
    );
  });

  it('shows the group’s list without a group column, reached from the group page', async () => {
    const mine = PUPILS.filter((p) => p.yearClassId === G6[0]);
    serve(listOf(mine, 2));
    renderApp('/app/schools/1/groups/40/discuss');
    const table = await screen.findByTestId('discuss-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Leerling', 'Signalen']);
    expect(rowsOf(table).map((row) => [row.name, row.reasons])).toEqual(
      mine.map((p) => [fullName(p), p.reasons.map(sentence)]),
    );
  });
});
