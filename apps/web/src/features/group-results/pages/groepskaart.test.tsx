import {
  ALPHABETICAL_LEVELS,
  alphabeticalLevelForPercentile,
  ROMAN_LEVELS,
  romanLevelForPercentile,
  type Approach,
  type GroupNationalScore,
  type YearClassPupilResult,
} from '@leerzicht/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  groupPupil,
  nationalScore,
  SETTINGS,
  yearClassResponse,
  yearClassResult,
} from '../../../test/result-fixtures';

const SP = 2;
const RW = 1;
const TBL = 3;

const score = (
  pupilId: number,
  subjectId: number,
  calendarYear: number,
  yearTime: 'M' | 'E',
  percentile: number,
  extra: { provider?: 'CITO' | 'DIA'; isCounted?: boolean; alphabetical?: boolean } = {},
) =>
  nationalScore({
    pupilId,
    subjectId,
    calendarYear,
    yearTime,
    grade: 6,
    abilityScore: 50 + percentile / 2,
    percentile,
    provider: extra.provider,
    isCounted: extra.isCounted,
    overrides: extra.alphabetical
      ? { roman: null, alphabetical: alphabeticalLevelForPercentile(percentile) }
      : undefined,
  });

const approach = (subjectId: number, value: Approach, calendarYear = 2025) => ({
  subjectId,
  calendarYear,
  approach: value,
  yearClassId: 40,
});

const PUPILS: YearClassPupilResult[] = [
  groupPupil(
    1,
    ['Jan', 'van', 'Dijk'],
    [score(1, SP, 2025, 'M', 90), score(1, SP, 2024, 'E', 30), score(1, RW, 2025, 'M', 10)],
    { approaches: [approach(SP, 'enriched'), approach(RW, 'intensive'), approach(TBL, 'basic', 2024)] },
  ),
  groupPupil(
    2,
    ['Anna', 'de', 'Boer'],
    [
      score(2, SP, 2025, 'M', 85),
      score(2, RW, 2025, 'M', 50),
      // Not counted (a lower-priority provider at the same moment): the map shows the counted one.
      score(2, RW, 2025, 'M', 95, { provider: 'DIA', isCounted: false }),
    ],
    { approaches: [approach(SP, 'undefined')] },
  ),
  groupPupil(3, ['Piet', '', 'Bakker'], [score(3, SP, 2024, 'E', 45), score(3, RW, 2025, 'M', 70)]),
  groupPupil(4, ['Ali', '', 'Aydin'], [score(4, TBL, 2025, 'E', 30, { alphabetical: true })]),
];

/** Independent of the page: per subject the latest moment, then the counted result's level of each pupil. */
function expectedMap(pupils: YearClassPupilResult[], subjectId: number) {
  const scores = pupils.flatMap((pupil) => pupil.scores.filter((item) => item.subjectId === subjectId));
  const key = (item: GroupNationalScore) =>
    item.calendarYear * 10 + (item.yearTime === 'B' ? 0 : item.yearTime === 'M' ? 1 : 2);
  const latest = Math.max(...scores.map(key));
  const levels = new Map<number, string[]>();
  const without: string[] = [];
  // Names sort on the word after the particle.
  const byName = [...pupils].sort((a, b) => a.lastName.localeCompare(b.lastName));
  for (const pupil of byName) {
    const found = pupil.scores.find(
      (item) => item.subjectId === subjectId && item.isCounted && key(item) === latest,
    );
    const name = [pupil.firstName, pupil.lastNamePrefix, pupil.lastName].filter(Boolean).join(' ');
    if (!found) {
      without.push(name);
      continue;
    }
    const row = found.alphabetical
      ? ALPHABETICAL_LEVELS.indexOf(found.alphabetical)
      : ROMAN_LEVELS.indexOf(romanLevelForPercentile(found.percentile ?? 0));
    levels.set(row, [...(levels.get(row) ?? []), name]);
  }
  return { levels, without };
}

describe('groepskaart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the pupils by level per subject at its latest moment, with their instruction group', async () => {
    signIn();
    fakeApi({
      'GET /api/1.0/profile/': jsonResponse(profile),
      'GET /api/1.0/schools/1/': jsonResponse(school),
      'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
      'GET /api/1.0/year_classes/40/result/': yearClassResponse(yearClassResult(PUPILS)),
    });
    const user = userEvent.setup();
    renderApp('/app/schools/1/groups/40/results');
    await user.click(await screen.findByRole('radio', { name: 'Groepskaart' }));
    const table = await screen.findByTestId('groepskaart');

    for (const subjectId of [SP, RW, TBL]) {
      const expected = expectedMap(PUPILS, subjectId);
      for (let row = 0; row < 5; row += 1) {
        const tr = table.querySelector<HTMLElement>(`tr[data-level-row="${row}"]`)!;
        const cell = tr.querySelector<HTMLElement>(`td[data-subject-id="${subjectId}"]`)!;
        const names = within(cell)
          .queryAllByRole('link')
          .map((link) => link.textContent);
        expect(names, `subject ${subjectId} row ${row}`).toEqual(expected.levels.get(row) ?? []);
      }
      const none = table.querySelector<HTMLElement>(
        `tr[data-level-row="none"] td[data-subject-id="${subjectId}"]`,
      )!;
      expect(none.textContent).toBe(expected.without.join(', '));
    }

    // Both scales are shown (Ali's result is on the A-E scale), so the rows say so.
    expect(within(table).getByRole('rowheader', { name: 'Niveau I / A' })).toBeInTheDocument();
    // The instruction groups of the shown school year (2025); "not yet assigned" and other years show none.
    const badge = (pupilId: number, subjectId: number) =>
      table.querySelector(`td[data-subject-id="${subjectId}"] [data-pupil-id="${pupilId}"] [data-approach]`)
        ?.textContent ?? null;
    expect(badge(1, SP)).toBe('Verrijkt');
    expect(badge(1, RW)).toBe('Intensief');
    expect(badge(2, SP)).toBeNull();
    expect(badge(4, TBL)).toBeNull();
    // The first column stays in view while the map scrolls sideways.
    expect(table.className).toMatch(/stickyFirstColumn/);

    // Back to the per-subject view: its pupil column stays in view too.
    await user.click(screen.getByRole('radio', { name: 'Per vak' }));
    expect((await screen.findByTestId('group-results')).className).toMatch(/stickyFirstColumn/);
  });

  it('says the tables scroll sideways when they are wider than the screen', async () => {
    // jsdom lays nothing out: the scroll containers report a table of 900 px in a screen of 390 px.
    const isContainer = (element: Element) =>
      element.classList.contains('mantine-TableScrollContainer-scrollContainer');
    const widths = (wide: number, narrow: number) => ({
      scrollWidth: {
        configurable: true,
        get(this: HTMLElement) {
          return isContainer(this) ? wide : 0;
        },
      },
      clientWidth: {
        configurable: true,
        get(this: HTMLElement) {
          return isContainer(this) ? narrow : 0;
        },
      },
    });
    Object.defineProperties(HTMLElement.prototype, widths(900, 390));
    try {
      signIn();
      fakeApi({
        'GET /api/1.0/profile/': jsonResponse(profile),
        'GET /api/1.0/schools/1/': jsonResponse(school),
        'GET /api/1.0/user-settings/': jsonResponse(SETTINGS),
        'GET /api/1.0/year_classes/40/result/': yearClassResponse(yearClassResult(PUPILS)),
      });
      renderApp('/app/schools/1/groups/40/results');
      const table = await screen.findByTestId('group-results');
      const hints = await screen.findAllByTestId('scroll-hint');
      expect(hints[0]).toHaveTextContent('Schuif de tabel opzij voor meer kolommen');
      // The fading edge sits on the group table's wrapper while there is more to its right.
      expect(table.closest('[data-more-right]')).not.toBeNull();
    } finally {
      // The own properties set above go; jsdom's (on Element.prototype) show through again.
      for (const key of ['scrollWidth', 'clientWidth']) Reflect.deleteProperty(HTMLElement.prototype, key);
    }
  });
});
