import { accountEndpoints } from '@leerzicht/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { STORAGE_KEYS } from './storage';

describe('the default 401 handler', () => {
  it('clears the stored session and loads the login page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'expired');
    window.localStorage.setItem(STORAGE_KEYS.username, 'directeur');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    const fetch = vi.fn(() => Promise.resolve(new Response('', { status: 401 })));
    const client = createApiClient({ fetch });
    await expect(client.call(accountEndpoints.profile, {})).rejects.toMatchObject({ status: 401 });
    expect(fetch.mock.calls[0]).toBeDefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/login');
  });
});
