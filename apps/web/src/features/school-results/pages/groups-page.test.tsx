import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { memberOf, profile, school, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { shellReplies } from '../../../test/shell-fixtures';

const teacher = {
  ...profile,
  isSchoolSuperuserOnAnySchool: false,
  schools: profile.schools.map((item) => memberOf(item, 'teacher', [])),
};

describe('groups page', () => {
  it('leads from each group to its own page, and from grade 3 to its results', async () => {
    signIn();
    fakeApi(shellReplies());
    renderApp('/app/schools/1/groups');
    const table = await screen.findByRole('table');
    for (const group of school.classes) {
      const row = within(table).getByRole('rowheader', { name: group.yearClassName }).closest('tr');
      expect(within(row as HTMLElement).getByRole('link', { name: group.yearClassName })).toHaveAttribute(
        'href',
        `/app/schools/1/groups/${group.yearClassId}`,
      );
    }
  });

  it('tells a teacher without groups why the list is empty and who can change it', async () => {
    signIn();
    fakeApi(shellReplies({ profile: teacher, schools: [{ ...school, classes: [] }] }));
    renderApp('/app/schools/1/groups');
    expect(
      await screen.findByText(
        'Je hebt in dit schooljaar geen groepen. Vraag de beheerder van je school om je aan je groep te koppelen.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a superuser that the school has no groups yet', async () => {
    signIn();
    fakeApi(shellReplies({ schools: [{ ...school, classes: [] }] }));
    renderApp('/app/schools/1/groups');
    expect(
      await screen.findByText('Deze school heeft in dit schooljaar nog geen groepen.'),
    ).toBeInTheDocument();
  });
});
