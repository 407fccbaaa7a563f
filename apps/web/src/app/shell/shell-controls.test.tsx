import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../test/fake-api';
import { profile, school, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { shellReplies } from '../../test/shell-fixtures';

function recorder() {
  const requests: FakeRequest[] = [];
  const reply = (request: FakeRequest) => {
    requests.push(request);
    return jsonResponse(request.body);
  };
  return { requests, reply };
}

describe('language', () => {
  it('switches to English in the shell and saves the choice for the user', async () => {
    signIn();
    const { requests, reply } = recorder();
    fakeApi({ ...shellReplies(), 'PATCH /api/1.0/rest-auth/user/': reply });
    const { user } = renderApp('/app/schools');
    await screen.findByRole('heading', { name: 'Scholen' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Taal' }), 'English');
    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    await waitFor(() => expect(requests.map((request) => request.body)).toEqual([{ language: 'en' }]));
  });

  it('switches with ?lang= on any address and remembers it in this browser only', async () => {
    signIn();
    const { requests, reply } = recorder();
    fakeApi({ ...shellReplies(), 'PATCH /api/1.0/rest-auth/user/': reply });
    const { router } = renderApp('/app/schools');
    await screen.findByRole('heading', { name: 'Scholen' });
    await router.navigate('/app/schools/1/unknown?lang=en');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('en');
    await router.navigate('/app/schools');
    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('takes the user’s language in a browser without a choice of its own', async () => {
    signIn();
    const { requests, reply } = recorder();
    fakeApi({
      ...shellReplies({ profile: { ...profile, language: 'en' } }),
      'PATCH /api/1.0/rest-auth/user/': reply,
    });
    renderApp('/app/schools');
    window.localStorage.removeItem('language');
    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('demo and impersonated sessions', () => {
  it('a demo session shows a banner and sends no write when the language changes', async () => {
    signIn();
    const { requests, reply } = recorder();
    fakeApi({
      ...shellReplies({ profile: { ...profile, isDemo: true, canWrite: false } }),
      'PATCH /api/1.0/rest-auth/user/': reply,
    });
    const { user } = renderApp('/app/schools');
    expect(
      await screen.findByText('Dit is een demo-account: wijzigingen worden niet opgeslagen.'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Taal' }), 'English');
    expect(await screen.findByText('This is a demo account: changes are not saved.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('an impersonated session names the user it views as', async () => {
    signIn();
    fakeApi(shellReplies({ profile: { ...profile, isImpersonated: true, canWrite: false } }));
    renderApp('/app/schools', { language: 'en' });
    expect(
      await screen.findByText(
        'You are viewing as Anna de Vries (impersonated session): changes are not saved.',
      ),
    ).toBeInTheDocument();
  });
});

describe('school year and group selector', () => {
  it('lists the groups of the chosen school year and changes the session school year', async () => {
    signIn();
    const { requests, reply } = recorder();
    const older = {
      ...school,
      currentSchoolYear: 2024,
      classes: [{ ...school.classes[1]!, yearClassId: 4, yearClassName: 'Groep 3' }],
    };
    fakeApi({
      ...shellReplies(),
      'GET /api/1.0/schools/1/': (request) =>
        jsonResponse(request.url.searchParams.get('school_year') === '2024' ? older : school),
      'PUT /api/1.0/session/school-year/': reply,
    });
    const { user } = renderApp('/app/schools/1');
    const groupSelect = await screen.findByRole('combobox', { name: 'Groep' });
    expect(
      within(groupSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kies een groep', 'Groep 8', 'Groep 4/5']);
    const yearSelect = screen.getByRole('combobox', { name: 'Schooljaar' });
    expect(yearSelect).toHaveValue('2025');
    await user.selectOptions(yearSelect, '2024-2025');
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Groep' })).getAllByRole('option')).toHaveLength(2),
    );
    expect(screen.getByRole('option', { name: 'Groep 3' })).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([{ currentSchoolYear: 2024 }]);
  });

  it('follows the URL and opens the chosen group', async () => {
    signIn();
    fakeApi(shellReplies());
    const { user, router } = renderApp('/app/schools/1/groups/14/notes');
    const groupSelect = await screen.findByRole('combobox', { name: 'Groep' });
    await waitFor(() => expect(groupSelect).toHaveValue('14'));
    await user.selectOptions(groupSelect, 'Groep 8');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools/1/groups/18/notes'));
    expect(screen.getByRole('link', { name: 'Resultaten' })).toHaveAttribute(
      'href',
      '/app/schools/1/groups/18/results',
    );
  });
});

describe('navigation', () => {
  it('moves focus to the new page’s heading', async () => {
    signIn();
    fakeApi(shellReplies());
    const { router } = renderApp('/app/schools');
    await screen.findByRole('heading', { name: 'Scholen' });
    await router.navigate('/app/schools/1/unknown');
    const heading = await screen.findByRole('heading', { name: 'Pagina niet gevonden', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('opens menu items with the keyboard', async () => {
    signIn();
    fakeApi(shellReplies());
    const { user, router } = renderApp('/app/schools/1');
    const nav = within(await screen.findByRole('navigation', { name: 'Hoofdmenu' }));
    const [pupils] = await nav.findAllByRole('link', { name: 'Leerlingen' });
    pupils?.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schools/1/pupils'));
  });
});
