import type { z } from 'zod';
import type { retentionOverviewSchema } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as directorProfile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

type Overview = z.output<typeof retentionOverviewSchema>;

const due: Overview['pupils'] = [
  { id: 7, name: 'Eva de Boer', sortName: 'Boer, Eva de', dateLeft: '2021-06-30', lastGroupName: 'Groep 8' },
  {
    id: 3,
    name: 'Jan van Dijk',
    sortName: 'Dijk, Jan van',
    dateLeft: '2023-07-14',
    lastGroupName: 'Groep 6',
  },
  { id: 5, name: 'Anna Zwart', sortName: 'Zwart, Anna', dateLeft: '2022-12-01', lastGroupName: null },
];

function setup(reply?: (request: FakeRequest) => Response) {
  let overview: Overview = {
    retentionYears: 2,
    autoRemoveLeftPupils: false,
    cutoffDate: '2023-07-31',
    pupils: due,
  };
  const writes: FakeRequest[] = [];
  let reads = 0;
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse({ ...directorProfile, language: 'en' }),
    'GET /api/1.0/hidden-notifications/': jsonResponse([]),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/schools/1/connection/': jsonResponse({
      schoolId: 1,
      isConnectionActive: true,
      changedBy: null,
      changedAt: null,
    }),
    'GET /api/1.0/schools/1/retention/': () => {
      reads += 1;
      return jsonResponse(overview);
    },
    'PUT /api/1.0/schools/1/retention/': (request) => {
      writes.push(request);
      overview = { ...overview, ...(request.body as object), cutoffDate: '2022-07-31' };
      return jsonResponse(overview);
    },
    'POST /api/1.0/schools/1/retention/remove/': (request) => {
      writes.push(request);
      if (reply) return reply(request);
      const ids = (request.body as { pupilIds: number[] }).pupilIds;
      overview = { ...overview, pupils: overview.pupils.filter((pupil) => !ids.includes(pupil.id)) };
      return jsonResponse({ removed: ids.length });
    },
  });
  signIn();
  return { ...renderApp('/app/schools/1/admin/data', { language: 'en' }), writes, reads: () => reads };
}

const listed = () =>
  within(screen.getByRole('table', { name: 'Pupils past the retention period' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

describe('Management > School data: retention', () => {
  it('lists the pupils past the period by surname, removes the selected ones after a confirmation naming the count', async () => {
    const { user, writes, reads } = setup();
    await screen.findByRole('region', { name: 'Retention period' });
    expect(listed()).toEqual(['Boer, Eva de', 'Dijk, Jan van', 'Zwart, Anna']);
    expect(
      screen.getByText(/Pupils who left on or before July 31, 2023 are due for removal/),
    ).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(remove).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select all pupils' }));
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Anna Zwart' }));
    await user.click(screen.getByRole('button', { name: 'Remove 2 pupils' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove pupils for good?' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove 2 pupils with all their data');
    const readsBefore = reads();
    await user.click(within(dialog).getByRole('button', { name: 'Remove for good' }));
    await waitFor(() => expect(writes.map((write) => write.body)).toEqual([{ pupilIds: [7, 3] }]));
    expect(await screen.findByText('2 pupils removed.')).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(listed()).toEqual(['Zwart, Anna']));
  });

  it('saves the period and the scheduled removal together', async () => {
    const { user, writes } = setup();
    await screen.findByRole('region', { name: 'Retention period' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Keep after leaving' }), '3 school years');
    await user.click(screen.getByRole('switch', { name: /Remove automatically/ }));
    await user.click(save);
    await waitFor(() =>
      expect(writes.map((write) => write.body)).toEqual([{ retentionYears: 3, autoRemoveLeftPupils: true }]),
    );
    expect(await screen.findByText(/Pupils who left on or before July 31, 2022/)).toBeInTheDocument();
  });

  it('says so when the server refuses because a pupil is not due, and keeps the list', async () => {
    const { user } = setup(() =>
      jsonResponse(
        {
          status: 400,
          detail: 'Invalid input.',
          errors: { pupilIds: ['Not every pupil is due for removal.'] },
        },
        400,
      ),
    );
    await screen.findByRole('region', { name: 'Retention period' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Jan van Dijk' }));
    await user.click(screen.getByRole('button', { name: 'Remove 1 pupil' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove pupils for good?' })).getByRole('button', {
        name: 'Remove for good',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not every pupil is due for removal; nothing was removed.',
    );
    expect(listed()).toEqual(['Boer, Eva de', 'Dijk, Jan van', 'Zwart, Anna']);
  });
});
