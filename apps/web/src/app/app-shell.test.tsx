import type { Profile } from '@leerzicht/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, silenceExpectedErrors } from '../test/fake-api';
import { asProviderStaff, memberOf, profile, school, signIn } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { yearClassResponse, yearClassResult } from '../test/result-fixtures';
import { oneSchoolProfile, shellReplies } from '../test/shell-fixtures';

async function menu() {
  return within(await screen.findByRole('navigation', { name: 'Hoofdmenu' }));
}

function linkNames(nav: { getAllByRole: (role: 'link') => HTMLElement[] }) {
  return nav.getAllByRole('link').map((link) => link.textContent);
}

afterEach(() => vi.useRealTimers());

/** A teacher: superuser at none of the schools, with group permissions. */
function asTeacher(base: Profile): Profile {
  return {
    ...base,
    isSchoolSuperuserOnAnySchool: false,
    schools: base.schools.map((item) => memberOf(item, 'teacher', [18])),
  };
}

describe('side menu', () => {
  it('shows the items of a superuser with several schools, and no group items without a group', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools/1');
    const nav = await menu();
    expect(linkNames(nav)).toEqual([
      'OBS De Regenboog',
      'School',
      'Leerlingen om te bespreken',
      'Leerjaar',
      'Groepen',
      'Leerlingen',
      'Beheer',
      'Gebruikers',
      'Plannen',
      'Leerlingen',
      'Schoolgegevens',
    ]);
    expect(nav.getByRole('link', { name: 'OBS De Regenboog' })).toHaveAttribute('href', '/app/schools');
    expect(nav.getByRole('link', { name: 'School' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the sub-items of a selected group of grade 3+ that have pages, and the group page', async () => {
    signIn();
    fakeApi({
      ...shellReplies(),
      'GET /api/1.0/year_classes/18/result/': yearClassResponse(yearClassResult([], { id: 18 })),
    });
    renderApp('/app/schools/1/groups/18');
    const nav = await menu();
    expect(await nav.findByRole('link', { name: 'Resultaten' })).toHaveAttribute(
      'href',
      '/app/schools/1/groups/18/results',
    );
    expect(nav.getByRole('link', { name: 'Notities' })).toHaveAttribute(
      'href',
      '/app/schools/1/groups/18/notes',
    );
    expect(nav.getByRole('link', { name: 'Werkblad' })).toHaveAttribute(
      'href',
      '/app/schools/1/groups/18/worksheet',
    );
    // Group 18 (grade 8) has goals: its test overview, marked beta.
    const overview = nav.getByRole('link', { name: /Toetsoverzicht/ });
    expect(overview).toHaveAttribute('href', '/app/schools/1/groups/18/goals');
    expect(within(overview).getByText('bèta')).toBeInTheDocument();
    expect(await screen.findByTestId('group-links')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pagina niet gevonden' })).not.toBeInTheDocument();
  });

  it('links the header to the account, and offers a skip link to the page content', async () => {
    signIn();
    fakeApi(shellReplies());
    const { user } = renderApp('/app/schools/1');
    const account = await screen.findByRole('link', { name: profile.fullName });
    expect(account).toHaveAttribute('href', '/app/account');
    const skip = screen.getByRole('link', { name: 'Naar de inhoud' });
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('hides Results and Test overview below grade 3', async () => {
    signIn();
    const young = {
      ...school,
      classes: [{ ...school.classes[0]!, yearClassId: 11, yearClassGrade: 2, grades: [2] }],
    };
    fakeApi(shellReplies({ schools: [young] }));
    renderApp('/app/schools/1/groups/11/notes');
    const nav = await menu();
    await nav.findByRole('link', { name: 'Notities' });
    expect(nav.queryByRole('link', { name: 'Resultaten' })).not.toBeInTheDocument();
    // Nor the test overview, though the group has goals.
    expect(nav.queryByRole('link', { name: /Toetsoverzicht/ })).not.toBeInTheDocument();
  });

  it('shows no Management to a teacher, and no school-name entry with one school', async () => {
    signIn();
    fakeApi(
      shellReplies({
        profile: asTeacher(oneSchoolProfile),
        schools: [{ ...school, isSchoolSuperuser: false }],
      }),
    );
    renderApp('/app/schools/1');
    const nav = await menu();
    expect(linkNames(nav)).toEqual(['School', 'Leerjaar', 'Groepen', 'Leerlingen']);
  });

  it('shows Upload to a superuser from the provider domain', async () => {
    signIn();
    fakeApi(shellReplies({ profile: asProviderStaff(profile) }));
    renderApp('/app/schools/1');
    const nav = await menu();
    expect(nav.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/app/schools/1/admin/upload');
  });

  it('shows no menu without a selected school', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools');
    await screen.findByRole('heading', { name: 'Scholen' });
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
  });
});

describe('logo home link', () => {
  const logo = () => screen.findByRole('link', { name: 'Leerzicht, naar de startpagina' });

  it('leads to the school list without a school (several schools)', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools');
    expect(await logo()).toHaveAttribute('href', '/app/schools');
  });

  it('leads to the school page with several schools', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools/1');
    await menu();
    expect(await logo()).toHaveAttribute('href', '/app/schools/1');
  });

  it('leads to the groups list with one school and several groups', async () => {
    signIn();
    fakeApi(shellReplies({ profile: oneSchoolProfile }));
    renderApp('/app/schools');
    await screen.findByRole('heading', { name: 'Scholen' });
    expect(
      await screen.findByRole('link', { name: 'Leerzicht, naar de startpagina', current: false }),
    ).toBeVisible();
    await vi.waitFor(async () => expect(await logo()).toHaveAttribute('href', '/app/schools/1/groups'));
  });

  it('leads to the worksheet with one school and one group', async () => {
    signIn();
    fakeApi(
      shellReplies({
        profile: oneSchoolProfile,
        schools: [{ ...school, classes: school.classes.slice(0, 1) }],
      }),
    );
    renderApp('/app/schools');
    await vi.waitFor(async () =>
      expect(await logo()).toHaveAttribute('href', '/app/schools/1/groups/18/worksheet'),
    );
  });

  it('leads to the school list when the school has no groups', async () => {
    signIn();
    fakeApi(shellReplies({ profile: oneSchoolProfile, schools: [{ ...school, classes: [] }] }));
    renderApp('/app/schools/1');
    await menu();
    expect(await logo()).toHaveAttribute('href', '/app/schools');
  });
});

describe('footer', () => {
  it('shows the copyright with the current year and, with a school selected, the Support button', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 2, 3));
    signIn();
    fakeApi(shellReplies());
    const { user } = renderApp('/app/schools/1');
    await menu();
    expect(screen.getByText('© 2031 Leerzicht')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ondersteuning' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Gaat je vraag over:');
  });
});

describe('management access', () => {
  it('shows the no-access view to a teacher and clears the stored redirect', async () => {
    silenceExpectedErrors();
    signIn();
    window.localStorage.setItem('login_redirect_path', '/app/schools/1/admin/templates');
    fakeApi(
      shellReplies({ profile: asTeacher(profile), schools: [{ ...school, isSchoolSuperuser: false }] }),
    );
    renderApp('/app/schools/1/admin/templates', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Unfortunately you do not have access to this page. Ask the administrator of your school to grant you the necessary access rights.',
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('login_redirect_path')).toBeNull();
  });

  it('keeps Upload for provider staff: anyone else is told it is not found (as the server answers 404)', async () => {
    silenceExpectedErrors();
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools/1/admin/upload');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });

  it('shows later pages of a superuser as not found for now', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools/1/admin/unknown');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});
