import type { Senco } from '@leerzicht/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, type FakeRequest } from '../../../test/fake-api';
import { profile as dutchProfile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// These tests type a lot through the whole app; the full suite runs many files in parallel.
vi.setConfig({ testTimeout: 20_000 });

const profile = { ...dutchProfile, language: 'en' as const };
const people: Senco[] = [
  {
    sencoId: 1,
    id: 11,
    isSchoolSuperuser: true,
    isSenco: false,
    isInvitation: false,
    fullName: 'Anna de Vries',
    email: 'anna@x.nl',
  },
  {
    sencoId: 2,
    id: 12,
    isSchoolSuperuser: false,
    isSenco: false,
    isInvitation: false,
    fullName: 'Thomas Bakker',
    email: 'thomas@x.nl',
  },
  {
    sencoId: 3,
    id: 13,
    isSchoolSuperuser: false,
    isSenco: true,
    isInvitation: false,
    fullName: 'Ingrid Heuvel',
    email: 'ingrid@x.nl',
  },
  {
    sencoId: null,
    id: 40,
    isSchoolSuperuser: false,
    isSenco: false,
    isInvitation: true,
    fullName: '',
    email: 'open@x.nl',
  },
];

function setup(
  extra: Record<string, ReturnType<typeof jsonResponse> | ((request: FakeRequest) => Response)> = {},
) {
  const requests: FakeRequest[] = [];
  const record = (reply: Response) => (request: FakeRequest) => {
    requests.push(request);
    return reply.clone();
  };
  fakeApi({
    'GET /api/1.0/profile/': jsonResponse(profile),
    'GET /api/1.0/schools/1/': jsonResponse(school),
    'GET /api/1.0/school_sencos/1/': jsonResponse(people),
    'GET /api/1.0/school_permissions/1/': jsonResponse([{ userId: 2, groupIds: [18] }]),
    ...Object.fromEntries(
      Object.entries(extra).map(([key, reply]) => [key, reply instanceof Response ? record(reply) : reply]),
    ),
  });
  signIn();
  return { ...renderApp('/app/schools/1/admin/permissions', { language: 'en' }), requests };
}

describe('permissions page (Management > Users)', () => {
  it('lists colleagues with their roles and the open invitations', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const anna = screen.getByRole('row', { name: /Anna de Vries/ });
    expect(within(anna).getByText('Administrator')).toBeInTheDocument();
    expect(within(anna).getByText('All groups')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Thomas Bakker/ })).getByText('Teacher'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Ingrid Heuvel/ })).getByText('Internal supervisor'),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /open@x.nl/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Groups of Thomas Bakker' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Thomas Bakker/ })).getByText('Groep 8'),
    ).toBeInTheDocument();
  });

  it('invites several addresses at once and shows each result; refused ones stay in the box', async () => {
    const { user, requests } = setup({
      'POST /api/1.0/person_invitation/': jsonResponse({
        invitations: [
          { email: 'a@x.nl', errors: [], id: 50 },
          { email: 'thomas@x.nl', errors: ['This person is already a member of this school.'] },
        ],
      }),
    });
    const box = await screen.findByLabelText(/E-mail addresses/);
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    await user.type(box, 'a@x.nl, thomas@x.nl');
    await user.click(screen.getByRole('checkbox', { name: 'Invite as administrator' }));
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Invitation sent to a@x.nl')).toBeInTheDocument();
    expect(
      screen.getByText('thomas@x.nl: This person is already a member of this school.'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('thomas@x.nl');
    expect(requests[0]?.body).toEqual({
      schoolId: 1,
      emails: ['a@x.nl', 'thomas@x.nl'],
      isSchoolSuperuser: true,
    });
  });

  it('removes an open invitation after confirmation', async () => {
    const { user, requests } = setup({
      'POST /api/1.0/person_invitation/remove/': jsonResponse({ id: 40, detail: 'Removed.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove open@x.nl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the school' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requests.map((request) => request.body)).toEqual([{ id: 40 }]));
  });

  it('toggles the superuser flag and shows a refusal', async () => {
    const { user, requests } = setup({
      'PATCH /api/1.0/school_sencos/update_by_senco_id_and_school_id': jsonResponse(
        { status: 400, detail: 'A school must keep at least one superuser.' },
        400,
      ),
    });
    await user.click(await screen.findByRole('switch', { name: 'Anna de Vries is an administrator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A school must keep at least one administrator.',
    );
    expect(requests[0]?.body).toEqual({ schoolId: 1, sencoId: 1, isSchoolSuperuser: false });
  });

  it('removes a colleague after confirmation', async () => {
    const { user, requests } = setup({
      'POST /api/1.0/school_sencos/remove/': jsonResponse({ sencoId: 2, detail: 'Removed.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Thomas Bakker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the school' });
    expect(dialog).toHaveTextContent('Do you want to remove Thomas Bakker from this school?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([{ schoolId: 1, sencoId: 2 }]),
    );
  });

  it('gives a teacher a group of the current year', async () => {
    const { user, requests } = setup({
      'POST /api/1.0/school_permissions/add/': jsonResponse({ userId: 2, groupIds: [18, 14] }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Groups of Thomas Bakker' }));
    // The shell may hold a native group select too: pick the option of the combobox list.
    // jsdom sees the opening dropdown as hidden: look the option up in the group list itself.
    const list = await screen.findByRole('listbox', { name: 'Groups of Thomas Bakker', hidden: true });
    const option = within(list).getByRole('option', { name: 'Groep 4/5', hidden: true });
    await user.click(option);
    await waitFor(() => expect(requests[0]?.body).toEqual({ schoolId: 1, userId: 2, groupIds: [14] }));
  });
});
