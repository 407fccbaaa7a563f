import { expect, test, type Locator, type Page } from './test';
import {
  compareMoments,
  momentKey,
  pupilDetailSchema,
  schoolAnalyticsSchema,
  schoolHistoryAnswerSchema,
  unpackSchoolHistory,
  unpackYearClassResult,
  yearClassResultSchema,
  type GroupNationalScore,
} from '@leerzicht/contract';
import type { z } from 'zod';

/*
 * The results walk with the demo data: school → subject → group results → pupil (OBS De Regenboog), checking that
 * the figures in the table views are the API's (fetched here with the same token the app uses).
 */

const nl = (value: number, digits = 1) =>
  new Intl.NumberFormat('nl', { maximumFractionDigits: digits }).format(value);

async function api<T>(page: Page, path: string, schema: z.ZodType<T>): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const response = await page.request.get(`/api/1.0${path}`, { headers: { Authorization: `JWT ${token}` } });
  expect(response.ok()).toBe(true);
  return schema.parse(await response.json());
}

async function cellTexts(row: Locator): Promise<string[]> {
  return row.locator('th, td').allInnerTexts();
}

test('a school leader walks from the school to a subject, a group and a pupil, seeing the API’s figures', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Gebruikersnaam', exact: true }).fill('directeur');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('welkom-leerzicht');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('link', { name: 'OBS De Regenboog' }).click();
  await expect(page).toHaveURL(/\/app\/schools\/\d+$/);
  const schoolId = Number(/\/app\/schools\/(\d+)$/.exec(page.url())?.[1]);

  // School: the Spelling level distribution read as a table, per moment, against the school analytics.
  const history = unpackSchoolHistory(
    await api(page, `/school_history/${schoolId}/`, schoolHistoryAnswerSchema),
  );
  const spelling = history.subjects.find((subject) => subject.code === 'SP');
  expect(spelling).toBeDefined();
  const subjectId = spelling!.id;
  const analytics = await api(
    page,
    `/schools/${schoolId}/analytics/?subject_id=${subjectId}`,
    schoolAnalyticsSchema,
  );
  const chartTitle = 'Spelling: verdeling over de niveaus per moment';
  // Every school year (the page shows the last three unless asked), in Spelling's own card: the cards load
  // their figures one by one, so the first switch on the page may belong to another subject.
  await page
    .getByRole('region', { name: 'Spelling', exact: true })
    .getByRole('switch', { name: /^Alle \d+ schooljaren tonen/ })
    .check();
  await page
    .getByRole('radiogroup', { name: `Weergave van ${chartTitle}` })
    .getByText('Tabel')
    .click();
  const schoolTable = page.getByRole('table', { name: chartTitle });
  const countOf = (levels: Record<string, number>) => Object.values(levels).reduce((a, b) => a + b, 0);
  const withLevels = analytics.moments.filter((moment) => countOf(moment.levels) > 0);
  const withLetters = analytics.moments.filter((moment) => countOf(moment.letters) > 0);
  expect(withLevels.length).toBeGreaterThan(2);
  // One row per moment and scheme, and the national distribution of each scheme (shown by default).
  const schemes = (withLevels.length > 0 ? 1 : 0) + (withLetters.length > 0 ? 1 : 0);
  await expect(schoolTable.locator('tbody tr')).toHaveCount(withLevels.length + withLetters.length + schemes);
  const lastMoment = withLevels[withLevels.length - 1]!;
  const lastTotal = countOf(lastMoment.levels);
  const lastRow = await cellTexts(
    schoolTable.locator('tbody tr').nth(withLevels.length + withLetters.length - 1),
  );
  expect(lastRow[1]).toBe(String(lastTotal));
  expect(lastRow[2]).toBe(`${nl(Math.round((lastMoment.levels.I / lastTotal) * 1000) / 10)}%`);
  const exams = history.exams.filter((exam) =>
    exam.results.some((result) => result.subjectId === subjectId && result.school.pupilCount > 0),
  );
  const lastExam = exams[exams.length - 1]!;

  // Subject: the level distribution per group at the latest moment.
  await page.getByRole('link', { name: 'Spelling in detail' }).click();
  await expect(page).toHaveURL(new RegExp(`/subjects/${subjectId}$`));
  const groupLevels = page.getByTestId('group-levels');
  const latest = lastExam.results.find((result) => result.subjectId === subjectId)!;
  const group = [...latest.yearClasses].sort(
    (a, b) => a.grade - b.grade || a.yearClassName.localeCompare(b.yearClassName, 'nl'),
  )[0]!;
  const groupRow = groupLevels
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: group.yearClassName, exact: true }) });
  await expect(groupRow).toBeVisible();
  const groupCells = await cellTexts(groupRow);
  expect(groupCells[1]).toBe(String(group.pupilCount));
  expect(groupCells[2]).toContain(nl(group.meanPercentile!));
  const levelTotal = group.levels.I + group.levels.II + group.levels.III + group.levels.IV + group.levels.V;
  expect(groupCells[3]).toBe(nl(Math.round((group.levels.I / levelTotal) * 1000) / 10));

  // Group results: the first pupil's Spelling result at the latest moment.
  await groupRow.getByRole('link', { name: group.yearClassName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.yearClassId}/results$`));
  const result = unpackYearClassResult(
    await api(page, `/year_classes/${group.yearClassId}/result/`, yearClassResultSchema),
  );
  await expect(page.getByRole('tab', { name: 'Spelling', selected: true })).toBeVisible();
  const table = page.getByTestId('group-results');
  await expect(table.locator('tbody tr')).toHaveCount(result.pupils.length);
  // The result the server counts (provider priority) is the one the page shows.
  const atMoment = (scores: GroupNationalScore[]) =>
    scores.find(
      (score) => score.isCounted && score.subjectId === subjectId && momentKey(score) === momentKey(lastExam),
    );
  const pupil = result.pupils.find((item) => atMoment(item.scores) !== undefined);
  expect(pupil).toBeDefined();
  const pupilId = pupil!.id;
  const score = atMoment(pupil!.scores)!;
  const firstRow = table.locator(`tbody tr[data-pupil-id="${pupilId}"]`);
  const rowCells = await cellTexts(firstRow);
  expect(rowCells[1]).toBe(`${score.provider} ${score.testVersion}`);
  expect(rowCells[2]).toContain(nl(score.abilityScore!, 0));
  expect(rowCells[3]).toContain((score.roman ?? score.alphabetical)!);
  expect(rowCells[4]).toContain(String(score.percentile));

  // Pupil: the newest Spelling result in the pupil's table.
  const pupilName = rowCells[0]!;
  await firstRow.getByRole('link', { name: pupilName }).click();
  await expect(page).toHaveURL(new RegExp(`/pupils/${pupilId}$`));
  await expect(page.getByRole('heading', { name: pupilName, level: 1 })).toBeVisible();
  const detail = await api(page, `/pupils/${pupilId}/?school_id=${schoolId}`, pupilDetailSchema);
  const newest = detail.scores
    .filter((item) => item.subjectId === subjectId && item.isCounted)
    .sort(compareMoments)
    .at(-1);
  expect(newest).toBeDefined();
  const pupilTable = page.getByRole('table', { name: 'Landelijke toetsen Spelling (laatste 120 maanden)' });
  await expect(pupilTable.locator('tbody tr').first()).toBeVisible();
  const newestCells = await cellTexts(pupilTable.locator('tbody tr').first());
  expect(newestCells[0]).toBe(`${newest!.yearTime} ${newest!.calendarYear}-${newest!.calendarYear + 1}`);
  // Each row names its provider and test version (ability scales differ between them).
  expect(newestCells.slice(2, 4)).toEqual([newest!.provider, newest!.testVersion]);
  expect(newestCells[4]).toContain(nl(newest!.abilityScore!, 0));
  expect(newestCells[7]).toContain(String(newest!.percentile));
});
