import { act, screen } from '@testing-library/react';
import { UPDATE_CHECK_INTERVAL_MS } from '@leerzicht/contract';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-routes';
import { updateChecks, useUpdateReloader } from './update-reloader';

function Root() {
  useUpdateReloader();
  return <Outlet />;
}

beforeEach(() => {
  updateChecks.enabled = true;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  updateChecks.enabled = false;
  vi.useRealTimers();
});

describe('update of the application', () => {
  it('checks the version every 60 s and reloads on the next navigation once it changed', async () => {
    let version = 'build-1';
    const fetch = fakeApi({ 'GET /api/1.0/version/': () => jsonResponse({ version }) });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { router } = renderRoutes(
      [
        {
          element: <Root />,
          children: [
            { path: '/a', element: <h1>A</h1> },
            { path: '/b', element: <h1>B</h1> },
          ],
        },
      ],
      '/a',
    );
    await screen.findByRole('heading', { name: 'A' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));

    await act(() => router.navigate('/b'));
    expect(reload).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();

    version = 'build-2';
    await act(() => vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();

    await act(() => router.navigate('/a'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
