import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
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
});
