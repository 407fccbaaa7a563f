import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blobText, captureDownloads } from '../../../test/downloads';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { signIn, TEST_TOKEN } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { TicketsPage } from './tickets-page';

const ticket = {
  id: 3,
  schoolId: 1,
  subject: 'users',
  message: 'Ik kan niet inloggen.',
  email: 'anna@school.example',
  name: 'Anna de Vries',
  properties: { schoolName: 'De Regenboog', isDemo: false, errorReportId: 'evt-9' },
  status: 'failed',
  attempts: 6,
  lastError: 'submit answered 500',
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  attachments: [{ id: 8, fileName: 'scherm.png', contentType: 'image/png', size: 10, isScreenshot: true }],
};

describe('support tickets page', () => {
  it('lists the tickets with their state, attempts, properties and attachments', async () => {
    fakeApi({ 'GET /api/1.0/support/tickets/': jsonResponse({ count: 1, results: [ticket] }) });
    renderRoutes([{ path: '/', element: <TicketsPage /> }], '/', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Support tickets' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Anna de Vries/ });
    expect(within(row).getByText('Ik kan niet inloggen.')).toBeInTheDocument();
    expect(within(row).getByText('Users')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('6 attempts')).toBeInTheDocument();
    expect(within(row).getByText('submit answered 500')).toBeInTheDocument();
    expect(within(row).getByText('Error report evt-9')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'scherm.png' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    fakeApi({ 'GET /api/1.0/support/tickets/': jsonResponse({ count: 0, results: [] }) });
    renderRoutes([{ path: '/', element: <TicketsPage /> }], '/', { language: 'en' });
    expect(await screen.findByText('There are no support tickets.')).toBeInTheDocument();
  });

  it("saves an attachment under the name the server gives, with the session's header", async () => {
    signIn();
    const fetch = fakeApi({
      'GET /api/1.0/support/tickets/': jsonResponse({ count: 1, results: [ticket] }),
      'GET /api/1.0/support/tickets/3/attachments/8/': new Response('png', {
        headers: {
          'Content-Type': 'image/png',
          'Content-Disposition': "attachment; filename*=UTF-8''scherm%20%C3%A9%C3%A9n.png",
        },
      }),
    });
    const saved = captureDownloads();
    const { user } = renderRoutes([{ path: '/', element: <TicketsPage /> }], '/', { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'scherm.png' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('scherm één.png');
    expect(saved[0] && (await blobText(saved[0].file))).toBe('png');
    const call = fetch.mock.calls.find(([input]) => String(input).includes('/attachments/'));
    expect(call?.[1]?.headers).toMatchObject({ Authorization: `JWT ${TEST_TOKEN}` });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when an attachment cannot be downloaded, and saves nothing', async () => {
    signIn();
    fakeApi({
      'GET /api/1.0/support/tickets/': jsonResponse({ count: 1, results: [ticket] }),
      'GET /api/1.0/support/tickets/3/attachments/8/': new Response('Bad gateway', { status: 502 }),
    });
    const saved = captureDownloads();
    const { user } = renderRoutes([{ path: '/', element: <TicketsPage /> }], '/', { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'scherm.png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The attachment could not be downloaded.');
    expect(saved).toEqual([]);
  });
});
