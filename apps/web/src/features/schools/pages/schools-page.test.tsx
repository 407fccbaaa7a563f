import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { profile, signIn, TEST_TOKEN } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('schools page', () => {
  it('lists the schools of the profile with their BRIN codes and links', async () => {
    signIn();
    const fetch = fakeApi({ 'GET /api/1.0/profile/': jsonResponse(profile) });
    renderApp('/app/schools');

    expect(await screen.findByRole('heading', { name: 'Scholen' })).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'CBS Het KompasBRIN-code 34CD',
      'OBS De RegenboogBRIN-code 12AB',
    ]);
    expect(screen.getByRole('link', { name: 'OBS De Regenboog' })).toHaveAttribute('href', '/app/schools/1');
    expect(screen.getByRole('link', { name: 'CBS Het Kompas' })).toHaveAttribute('href', '/app/schools/2');
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`JWT ${TEST_TOKEN}`);
  });

  it('says so when the user has no school', async () => {
    signIn();
    fakeApi({ 'GET /api/1.0/profile/': jsonResponse({ ...profile, schools: [] }) });
    renderApp('/app/schools', { language: 'en' });
    expect(await screen.findByText('You are not connected to a school yet.')).toBeInTheDocument();
  });
});
