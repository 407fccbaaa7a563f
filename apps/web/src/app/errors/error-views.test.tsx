import { screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { browser } from '../../lib/browser';
import { fakeApi, jsonResponse, silenceExpectedErrors, type FakeRequest } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-routes';
import { lazyPage } from '../lazy-page';
import { RouteErrorView } from './route-error-view';

function Crash(): never {
  throw new TypeError('Cannot read properties of undefined');
}

function Frame() {
  return (
    <main>
      <Link to="/fine">Verder</Link>
      <Outlet />
    </main>
  );
}

function setup(path: string, language: 'nl' | 'en' = 'nl') {
  const reports: FakeRequest[] = [];
  fakeApi({
    'POST /api/1.0/client-errors/': (request) => {
      reports.push(request);
      return jsonResponse({ reportId: (request.body as { reportId: string }).reportId }, 201);
    },
    'POST /api/1.0/support/': jsonResponse({ id: 1, status: 'local' }, 201),
  });
  const view = renderRoutes(
    [
      {
        element: <Frame />,
        hydrateFallbackElement: <p>…</p>,
        children: [
          {
            errorElement: <RouteErrorView />,
            children: [
              { path: '/crash', element: <Crash /> },
              { path: '/app/schools/:schoolId/crash', element: <Crash /> },
              {
                path: '/server',
                loader: () => {
                  throw new ApiError(500, 'Internal Server Error', { status: 500, detail: 'x' });
                },
                element: <p>never</p>,
              },
              {
                path: '/chunk',
                lazy: lazyPage(
                  () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
                  () => Crash,
                ),
              },
              { path: '/fine', element: <h1>Alles goed</h1> },
            ],
          },
        ],
      },
    ],
    path,
    { language },
  );
  return { ...view, reports };
}

describe('unexpected error view', () => {
  it('catches a render crash: the texts of section 8, a report id sent to the server, home and feedback', async () => {
    silenceExpectedErrors();
    const { reports } = setup('/crash', 'en');
    expect(
      await screen.findByRole('heading', {
        name: 'Oops... We are currently experiencing a technical problem',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Our team has been notified/)).toBeInTheDocument();
    await waitFor(() => expect(reports).toHaveLength(1));
    const report = reports[0]?.body as { reportId: string; message: string; path: string };
    expect(report).toMatchObject({ message: 'TypeError: Cannot read properties of undefined' });
    expect(report.reportId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText(report.reportId)).toBeInTheDocument();
    expect(reports[0]?.headers.Authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Give feedback' }).getAttribute('href')).toContain(
      report.reportId,
    );
  });

  it('within a school, opens the support dialog with the report id instead of a mail', async () => {
    silenceExpectedErrors();
    const { reports, user } = setup('/app/schools/4/crash', 'en');
    await user.click(await screen.findByRole('button', { name: 'Give feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    await waitFor(() => expect(reports).toHaveLength(1));
    const { reportId } = reports[0]?.body as { reportId: string };
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Subject/ }), 'Other');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Het ging mis');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/support/'))).toBe(true),
    );
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/support/'));
    const form = call?.[1]?.body as FormData;
    expect(form.get('errorReportId')).toBe(reportId);
    expect(form.get('school_id')).toBe('4');
  });

  it('shows for a server error (5xx)', async () => {
    silenceExpectedErrors();
    setup('/server');
    expect(
      await screen.findByRole('heading', { name: 'Oeps... We hebben op dit moment een technisch probleem' }),
    ).toBeInTheDocument();
  });

  it('clears when the user leaves the view', async () => {
    silenceExpectedErrors();
    const { user } = setup('/crash');
    await screen.findByRole('heading', { name: /Oeps/ });
    await user.click(screen.getByRole('link', { name: 'Verder' }));
    expect(await screen.findByRole('heading', { name: 'Alles goed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Oeps/ })).not.toBeInTheDocument();
  });

  it('offers a reload when a part of the app failed to load', async () => {
    silenceExpectedErrors();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { user } = setup('/chunk');
    await user.click(await screen.findByRole('button', { name: 'Pagina opnieuw laden' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Een deel van Leerzicht kon niet worden geladen/)).toBeInTheDocument();
  });
});
