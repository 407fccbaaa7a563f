import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { memberOf, profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { shellReplies } from '../../../test/shell-fixtures';

const DISCONNECTED = 'Koppeling met het administratiesysteem uitgeschakeld';
// The notices show on every page of a school; an unknown page keeps these tests apart from the pages.
const KOMPAS_PAGE = '/app/schools/2/no-such-page';
const REGENBOOG_PAGE = '/app/schools/1/no-such-page';

function recordPosts() {
  const posts: FakeRequest[] = [];
  const reply = (request: FakeRequest) => {
    posts.push(request);
    return jsonResponse(request.body);
  };
  return { posts, reply };
}

function useDate(date: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(date);
}

afterEach(() => vi.useRealTimers());

describe('disconnected-school dialog', () => {
  it('shows when the school’s connection is inactive and hides for good with "Niet meer tonen"', async () => {
    signIn();
    const { posts, reply } = recordPosts();
    fakeApi({ ...shellReplies(), 'POST /api/1.0/hidden-notifications/': reply });
    const { user, unmount } = renderApp(KOMPAS_PAGE);

    const dialog = await screen.findByRole('dialog', { name: DISCONNECTED });
    expect(dialog).toHaveTextContent('De koppeling van CBS Het Kompas met het leerlingadministratiesysteem');
    await user.click(screen.getByRole('button', { name: 'Niet meer tonen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts.map((post) => post.body)).toEqual([
      { kind: 'disconnected_school', schoolId: 2, schoolYear: null },
    ]);

    // A new visit (the server now lists it as hidden) shows no dialog.
    unmount();
    fakeApi(shellReplies({ hidden: [{ kind: 'disconnected_school', schoolId: 2, schoolYear: null }] }));
    renderApp(KOMPAS_PAGE);
    await screen.findByRole('heading', { name: 'Pagina niet gevonden' });
    expect(screen.queryByRole('dialog', { name: DISCONNECTED })).not.toBeInTheDocument();
  });

  it('closes for this visit only with the close button, without saving', async () => {
    signIn();
    const { posts, reply } = recordPosts();
    fakeApi({ ...shellReplies(), 'POST /api/1.0/hidden-notifications/': reply });
    const { user } = renderApp(KOMPAS_PAGE);
    await screen.findByRole('dialog', { name: DISCONNECTED });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);
  });

  it('does not show for a connected school', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp(REGENBOOG_PAGE);
    await screen.findByRole('heading', { name: 'Pagina niet gevonden' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('in a demo session: sends nothing, yet stays hidden in this browser', async () => {
    signIn();
    const { posts, reply } = recordPosts();
    const demo = { ...profile, isDemo: true, canWrite: false };
    fakeApi({ ...shellReplies({ profile: demo }), 'POST /api/1.0/hidden-notifications/': reply });
    const { user, unmount } = renderApp(KOMPAS_PAGE);
    await screen.findByRole('dialog', { name: DISCONNECTED });
    await user.click(screen.getByRole('button', { name: 'Niet meer tonen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);

    unmount();
    renderApp(KOMPAS_PAGE);
    await screen.findByRole('heading', { name: 'Pagina niet gevonden' });
    expect(screen.queryByRole('dialog', { name: DISCONNECTED })).not.toBeInTheDocument();
  });
});

describe('new-school-year dialog', () => {
  const title = 'Nieuw schooljaar 2026-2027';

  it('shows to a superuser before 1 October and hides for that school year', async () => {
    useDate(new Date(2026, 8, 30, 12));
    signIn();
    const { posts, reply } = recordPosts();
    fakeApi({ ...shellReplies(), 'POST /api/1.0/hidden-notifications/': reply });
    const { user } = renderApp(REGENBOOG_PAGE);
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Niet meer tonen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts.map((post) => post.body)).toEqual([
      { kind: 'new_school_year', schoolId: 1, schoolYear: 2026 },
    ]);
  });

  it('does not show from 1 October', async () => {
    useDate(new Date(2026, 9, 1, 8));
    signIn();
    fakeApi(shellReplies());
    renderApp(REGENBOOG_PAGE);
    await screen.findByRole('heading', { name: 'Pagina niet gevonden' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show to a teacher', async () => {
    useDate(new Date(2026, 7, 20));
    signIn();
    const teacher = {
      ...profile,
      isSchoolSuperuserOnAnySchool: false,
      schools: profile.schools.map((item) => memberOf(item, 'teacher', [18])),
    };
    fakeApi(shellReplies({ profile: teacher, schools: [{ ...school, isSchoolSuperuser: false }] }));
    renderApp(REGENBOOG_PAGE);
    await screen.findByRole('heading', { name: 'Pagina niet gevonden' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show when hidden for this school year, but does the next year', async () => {
    useDate(new Date(2026, 7, 20));
    signIn();
    const hidden = [{ kind: 'new_school_year', schoolId: 1, schoolYear: 2026 }];
    fakeApi(shellReplies({ hidden }));
    const { unmount } = renderApp(REGENBOOG_PAGE);
    await screen.findByRole('heading', { name: 'Pagina niet gevonden' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    unmount();
    useDate(new Date(2027, 7, 20));
    fakeApi(shellReplies({ hidden }));
    renderApp(REGENBOOG_PAGE);
    expect(await screen.findByRole('dialog', { name: 'Nieuw schooljaar 2027-2028' })).toBeInTheDocument();
  });

  it('comes after the disconnected-school dialog', async () => {
    useDate(new Date(2026, 8, 1));
    signIn();
    fakeApi(shellReplies());
    const { user } = renderApp(KOMPAS_PAGE);
    await screen.findByRole('dialog', { name: DISCONNECTED });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
  });
});
