import type { ExclusionPupil, NationalTestExclusionList } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// These tests type and click through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const profile = { ...dutchProfile, language: 'en' as const };
const pupil = (
  id: number,
  firstName: string,
  lastNamePrefix: string,
  lastName: string,
  extra: Partial<ExclusionPupil> = {},
): ExclusionPupil => ({
  id,
  firstName,
  lastNamePrefix,
  lastName,
  yearclassId: 14,
  yearclassName: 'Groep 5',
  grade: 5,
  citoIsExcluded: false,
  reason: null,
  reasonText: null,
  changedBy: null,
  changedAt: null,
  ...extra,
});
// Given out of order: the page sorts on the word after the particle.
const list: NationalTestExclusionList = {
  calendarYear: 2025,
  pupils: [
    pupil(1, 'Piet', '', 'Zwart'),
    pupil(2, 'Jan', 'van', 'Dijk'),
    pupil(3, 'Els', 'van der', 'Berg', {
      citoIsExcluded: true,
      reason: 'OTHER',
      reasonText: 'Langdurig ziek',
      changedBy: { firstName: 'Marieke', lastName: 'de Vries' },
      changedAt: '2025-10-01T09:30:00.000Z',
    }),
    pupil(4, 'Anna', 'de', 'Boer', { yearclassId: 18, yearclassName: 'Groep 8', grade: 8 }),
  ],
};

function setup(update?: (request: FakeRequest) => Response) {
  const requests: FakeRequest[] = [];
  const lists: FakeRequest[] = [];
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/schools/1/national_test_exclusions/': (request) => {
      lists.push(request);
      return jsonResponse(list);
    },
    'POST /api/1.0/national_test_exclusions/': (request) => {
      requests.push(request);
      return update ? update(request) : jsonResponse({ updated: 1 });
    },
  });
  signIn();
  return { ...renderApp('/app/schools/1/admin/pupils', { language: 'en' }), requests, lists };
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

describe('pupils page (Management > Pupils): national-test exclusions', () => {
  it("lists the session's school year sorted on the word after the particle, with reason and change", async () => {
    const { lists } = setup();
    expect(await screen.findByRole('heading', { name: 'Pupils' })).toBeInTheDocument();
    expect(names()).toEqual(['Els van der Berg', 'Anna de Boer', 'Jan van Dijk', 'Piet Zwart']);
    expect(lists[0]?.url.searchParams.get('school_year')).toBe('2025');
    const els = screen.getByRole('row', { name: 'Els van der Berg' });
    expect(
      within(els).getByRole('switch', { name: 'Els van der Berg excluded from national tests' }),
    ).toBeChecked();
    expect(within(els).getByText('Other: Langdurig ziek')).toBeInTheDocument();
    expect(within(els).getByText(/Marieke de Vries/)).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Jan van Dijk' })).getByRole('switch')).not.toBeChecked();
    expect(
      within(screen.getByRole('row', { name: 'Anna de Boer' })).getByText('Groep 8'),
    ).toBeInTheDocument();
  });

  it('searches on any part of the name', async () => {
    const { user } = setup();
    const search = await screen.findByRole('textbox', { name: 'Search a pupil' });
    await user.type(search, 'van');
    expect(names()).toEqual(['Els van der Berg', 'Jan van Dijk']);
    await user.click(screen.getByRole('checkbox', { name: 'Only excluded pupils' }));
    expect(names()).toEqual(['Els van der Berg']);
    await user.click(screen.getByRole('checkbox', { name: 'Only excluded pupils' }));
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No pupil matches this search.')).toBeInTheDocument();
  });

  it('asks the reason before excluding one pupil; a missing reason or text is said under its field', async () => {
    const { user, requests } = setup();
    await user.click(
      await screen.findByRole('switch', { name: 'Jan van Dijk excluded from national tests' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Exclude Jan van Dijk from national tests' });
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(within(dialog).getByText('Describe the reason.')).toBeInTheDocument();
    expect(requests).toEqual([]);
    await user.click(
      within(dialog).getByRole('radio', {
        name: 'Newcomer with a non-Dutch background, under 4 years in the Netherlands',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([
        { schoolId: 1, pupilIds: [2], excluded: true, reason: 'NEWCOMER', reasonText: null },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's 400 under the field it names", async () => {
    const { user } = setup(() =>
      jsonResponse(
        { status: 400, detail: 'Invalid input.', errors: { reasonText: ['Describe the reason.'] } },
        400,
      ),
    );
    await user.click(await screen.findByRole('switch', { name: 'Piet Zwart excluded from national tests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude Piet Zwart from national tests' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: /The reason in a few words/ }), 'Ziek');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await within(dialog).findByText('Describe the reason.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('counts a pupil again at once when the switch goes off, without a question', async () => {
    const { user, requests } = setup();
    await user.click(
      await screen.findByRole('switch', { name: 'Els van der Berg excluded from national tests' }),
    );
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([
        { schoolId: 1, pupilIds: [3], excluded: false },
      ]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('excludes the selected pupils in one call, and counts them again in one call', async () => {
    const { user, requests } = setup((request) =>
      jsonResponse({ updated: (request.body as { pupilIds: number[] }).pupilIds.length }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Piet Zwart' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Anna de Boer' }));
    expect(screen.getByText('2 pupils selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exclude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude 2 pupils from national tests' });
    await user.click(
      within(dialog).getByRole('radio', { name: 'Special needs with a development perspective' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({
      schoolId: 1,
      pupilIds: [4, 1],
      excluded: true,
      reason: 'DEVELOPMENT_PERSPECTIVE',
      reasonText: null,
    });
    await waitFor(() => expect(screen.getByText('No pupils selected')).toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Select all pupils' }));
    await user.click(screen.getByRole('button', { name: 'Count again' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toEqual({ schoolId: 1, pupilIds: [3, 4, 2, 1], excluded: false });
  });

  it('says when a pupil is not of the school and nothing changed', async () => {
    const { user } = setup(() =>
      jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: { pupilIds: ['Not every pupil belongs to this school.'] },
        },
        400,
      ),
    );
    await user.click(
      await screen.findByRole('switch', { name: 'Els van der Berg excluded from national tests' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not every pupil belongs to this school; nothing was changed.',
    );
  });
});
