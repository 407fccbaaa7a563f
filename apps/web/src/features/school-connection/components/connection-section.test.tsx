import type { School } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { asProviderStaff, profile as directorProfile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const director = { ...directorProfile, language: 'en' as const };
const overview = { retentionYears: 2, autoRemoveLeftPupils: false, cutoffDate: '2023-07-31', pupils: [] };

/** The school and its link as the server keeps them: a PUT changes both, as the real server does. */
function setup(options: { active: boolean; providerStaff?: boolean }) {
  let active = options.active;
  let changedBy: string | null = options.active ? null : 'Anna de Vries';
  const puts: FakeRequest[] = [];
  let schoolReads = 0;
  const connection = () => ({
    schoolId: 1,
    isConnectionActive: active,
    changedBy,
    changedAt: changedBy ? '2026-02-03T09:15:00.000Z' : null,
  });
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(options.providerStaff ? asProviderStaff(director) : director),
    'GET /api/1.0/hidden-notifications/': jsonResponse([]),
    'GET /api/1.0/schools/1/': () => {
      schoolReads += 1;
      const current: School = { ...school, isConnectionActive: active };
      return jsonResponse(current);
    },
    'GET /api/1.0/schools/1/connection/': () => jsonResponse(connection()),
    'PUT /api/1.0/schools/1/connection/': (request) => {
      puts.push(request);
      const body = request.body as { isConnectionActive: boolean };
      active = body.isConnectionActive;
      changedBy = 'Anna de Vries';
      return jsonResponse(connection());
    },
    'GET /api/1.0/schools/1/retention/': jsonResponse(overview),
  });
  signIn();
  return {
    ...renderApp('/app/schools/1/admin/data', { language: 'en' }),
    puts,
    schoolReads: () => schoolReads,
  };
}

describe('Management > School data: the link to the school information system', () => {
  it('deactivates after a confirmation that says what follows; the school is read again and its dialog shows', async () => {
    const { user, puts, schoolReads } = setup({ active: true });
    const section = await screen.findByRole('region', { name: 'Link to the school information system' });
    expect(within(section).getByText('Active')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Deactivate the link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the link?' });
    expect(dialog).toHaveTextContent(
      'no pupils, groups, teachers or results are imported or synchronised any more',
    );
    expect(dialog).toHaveTextContent('the provider will contact the school');
    expect(dialog).toHaveTextContent("the school's accounts and data may be deleted");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Deactivate the link' }));
    const readsBefore = schoolReads();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate the link?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(puts.map((put) => put.body)).toEqual([{ isConnectionActive: false }]));
    expect(await within(section).findByText('Deactivated')).toBeInTheDocument();
    expect(within(section).getByText(/Deactivated by Anna de Vries on/)).toBeInTheDocument();
    await waitFor(() => expect(schoolReads()).toBeGreaterThan(readsBefore));
    expect(
      await screen.findByRole('dialog', { name: 'Link to the school information system deactivated' }),
    ).toBeInTheDocument();
  });

  it('tells a superuser that only the provider can activate the link again', async () => {
    setup({ active: false });
    const section = await screen.findByRole('region', { name: 'Link to the school information system' });
    expect(
      within(section).getByText('Only the provider can activate the link again. Contact us to do so.'),
    ).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Activate the link again' }),
    ).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Deactivate the link' })).not.toBeInTheDocument();
  });

  it('lets provider staff activate the link again', async () => {
    const { user, puts } = setup({ active: false, providerStaff: true });
    const section = await screen.findByRole('region', { name: 'Link to the school information system' });
    await user.click(within(section).getByRole('button', { name: 'Activate the link again' }));
    await waitFor(() => expect(puts.map((put) => put.body)).toEqual([{ isConnectionActive: true }]));
    expect(await within(section).findByText('Active')).toBeInTheDocument();
  });
});
