import { DEMOSCHOOL, KOMPAS, REGENBOOG } from './schools';
import type { SimGroup } from './model';
import type { DemoData, DemoUser } from './types';

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'welkom-leerzicht';
/** The TOTP secret of the `tweestaps` account (base32), for authenticator apps and tests. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const USER_IDS = {
  directeur: 1,
  leerkracht: 2,
  ib: 3,
  beheer: 4,
  tweestaps: 5,
  demo: 6,
  geenlicentie: 7,
} as const;
export type DemoUsername = keyof typeof USER_IDS;

/** The current groups each teacher account may see (by school and group name). */
export const TEACHER_GROUPS: Partial<Record<DemoUsername, { schoolId: number; names: string[] }>> = {
  leerkracht: { schoolId: REGENBOOG.id, names: ['Groep 3', 'Groep 6A'] },
  tweestaps: { schoolId: REGENBOOG.id, names: ['Groep 4A', 'Groep 5'] },
  geenlicentie: { schoolId: DEMOSCHOOL.id, names: ['Groep 5'] },
};

export function accountRows(
  groups: SimGroup[],
  current: number,
  today: Date,
  providerDomain: string,
): Pick<DemoData, 'users' | 'userSettings' | 'schoolMemberships' | 'teacherGroupPermissions'> {
  const joined = new Date(Date.UTC(current - REGENBOOG.history, 7, 20, 9));
  const user = (
    username: DemoUsername,
    firstName: string,
    lastName: string,
    email: string,
    extra: Partial<DemoUser> = {},
  ): DemoUser => ({
    id: USER_IDS[username],
    username,
    email,
    firstName,
    lastName,
    language: 'nl',
    isDemo: false,
    isRestricted: false,
    isActive: true,
    isProviderStaff: false,
    totpActive: false,
    totpSecret: null,
    dateJoined: joined,
    lastLogin: new Date(today.getTime() - 86_400_000),
    ...extra,
  });
  const at = (domain: string, name: string) => `${name}@${domain}`;
  const users: DemoUser[] = [
    user('directeur', 'Marieke', 'de Vries', at(REGENBOOG.emailDomain, 'directeur')),
    user('leerkracht', 'Thomas', 'Bakker', at(REGENBOOG.emailDomain, 'leerkracht')),
    user('ib', 'Ingrid', 'van den Heuvel', at(REGENBOOG.emailDomain, 'ib')),
    user('beheer', 'Bas', 'Jansen', at(providerDomain, 'beheer'), { isProviderStaff: true }),
    user('tweestaps', 'Sanne', 'Visser', at(REGENBOOG.emailDomain, 'tweestaps'), {
      totpActive: true,
      totpSecret: DEMO_TOTP_SECRET,
    }),
    user('demo', 'Demo', 'Gebruiker', at(REGENBOOG.emailDomain, 'demo'), { isDemo: true }),
    user('geenlicentie', 'Pieter', 'Smit', at(DEMOSCHOOL.emailDomain, 'geenlicentie')),
  ];
  const userSettings = users.map((u) => ({
    userId: u.id,
    showNationalAverage: true,
    showBarAverage: true,
    aggregationType: 'year' as const,
    preferredTestsView: null,
    extra: {},
  }));
  const memberships: [DemoUsername, number, { superuser?: boolean; senco?: boolean }][] = [
    ['directeur', REGENBOOG.id, { superuser: true }],
    ['directeur', KOMPAS.id, { superuser: true }],
    ['leerkracht', REGENBOOG.id, {}],
    ['ib', REGENBOOG.id, { senco: true }],
    ['beheer', REGENBOOG.id, { superuser: true }],
    ['tweestaps', REGENBOOG.id, {}],
    ['demo', REGENBOOG.id, { senco: true }],
    ['geenlicentie', DEMOSCHOOL.id, {}],
  ];
  const schoolMemberships = memberships.map(([username, schoolId, flags], index) => ({
    id: index + 1,
    schoolId,
    userId: USER_IDS[username],
    isSchoolSuperuser: flags.superuser ?? false,
    isSenco: flags.senco ?? false,
    createdAt: joined,
  }));
  const teacherGroupPermissions: DemoData['teacherGroupPermissions'] = [];
  for (const [username, spec] of Object.entries(TEACHER_GROUPS) as [
    DemoUsername,
    { schoolId: number; names: string[] },
  ][]) {
    for (const name of spec.names) {
      const group = groups.find((g) => g.schoolId === spec.schoolId && g.year === current && g.name === name);
      if (!group) throw new Error(`demo data: no current group ${name} for ${username}`);
      teacherGroupPermissions.push({
        id: teacherGroupPermissions.length + 1,
        schoolId: spec.schoolId,
        userId: USER_IDS[username],
        yearClassId: group.id,
      });
    }
  }
  return { users, userSettings, schoolMemberships, teacherGroupPermissions };
}
