import { describe, expect, it } from 'vitest';
import type { SchoolAccess } from '../../src/platform/access/index';
import { actsAsProviderStaff, canReceivePasswordReset } from '../../src/modules/account/policy';
import { canImpersonate, canActAsStaff } from '../../src/modules/admin/policy';
import { canSignIn, needsSecondStep } from '../../src/modules/auth/policy';
import { canListColleagues, canManageColleagues } from '../../src/modules/colleagues/policy';
import { canEditNote, canReadPupilNotes, canSeeNote, mayUseNotes } from '../../src/modules/notes/policy';
import { canManagePermissions } from '../../src/modules/permissions/policy';
import { canPinPupil, canReadPupilDetail, canSetOutflowAdvice } from '../../src/modules/pupils/policy';
import {
  canEditAmbition,
  canReadGroupResults,
  canReadInspection,
  canReadSchoolResults,
  canSetSchoolweging,
} from '../../src/modules/results/policy';
import { canReadSchool } from '../../src/modules/schools/policy';
import { canReadGroupList, canReadSchoolList } from '../../src/modules/pupils-to-discuss/policy';
import {
  canReadGroupApproaches,
  canReadPupilApproaches,
  canSetGroupApproaches,
} from '../../src/modules/approaches/policy';
import {
  canEditObservation,
  canManageAspects,
  canReadAspects,
  canReadGroupObservations,
  canReadObservation,
  canReadPupilObservations,
  canRecordObservation,
  mayUseObservations,
} from '../../src/modules/observations/policy';

/*
 * Every module's policy, role by role: a superuser, a senco, a teacher with groups 1 and 2, and a teacher
 * without groups. The group ids are the teacher's permitted groups; group 3 is another group of the school.
 */
const role = (values: Partial<SchoolAccess>): SchoolAccess => ({
  schoolId: 10,
  userId: 1,
  isSchoolSuperuser: false,
  isSenco: false,
  readsWholeSchool: false,
  isRestricted: false,
  groupIds: [],
  ...values,
});
const ROLES = {
  superuser: role({ isSchoolSuperuser: true, readsWholeSchool: true, groupIds: null }),
  senco: role({ isSenco: true, readsWholeSchool: true, groupIds: null }),
  teacher: role({ groupIds: [1, 2] }),
  newTeacher: role({ groupIds: [] }),
};
type Role = keyof typeof ROLES;

const cases: { policy: string; check: (access: SchoolAccess) => boolean; allowed: Role[] }[] = [
  {
    policy: 'pupils-to-discuss.canReadSchoolList (their groups only, by the scope)',
    check: canReadSchoolList,
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  {
    policy: 'pupils-to-discuss.canReadGroupList (group 1)',
    check: (access) => canReadGroupList(access, 1),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: "pupils-to-discuss.canReadGroupList (group 3, not the teacher's)",
    check: (access) => canReadGroupList(access, 3),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'schools.canReadSchool',
    check: canReadSchool,
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  {
    policy: 'results.canReadSchoolResults',
    check: canReadSchoolResults,
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  {
    policy: 'results.canReadGroupResults(own group 2)',
    check: (a) => canReadGroupResults(a, 2),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'results.canReadGroupResults(other group 3)',
    check: (a) => canReadGroupResults(a, 3),
    allowed: ['superuser', 'senco'],
  },
  { policy: 'results.canEditAmbition', check: canEditAmbition, allowed: ['superuser'] },
  {
    policy: 'pupils.canReadPupilDetail(was in 3, now in 1)',
    check: (a) => canReadPupilDetail(a, [3, 1]),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'pupils.canReadPupilDetail(only in 3)',
    check: (a) => canReadPupilDetail(a, [3]),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'pupils.canReadPupilDetail(never enrolled)',
    check: (a) => canReadPupilDetail(a, []),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'pupils.canPinPupil(in 2)',
    check: (a) => canPinPupil(a, [2]),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'pupils.canSetOutflowAdvice(latest group 2)',
    check: (a) => canSetOutflowAdvice(a, 2),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'pupils.canSetOutflowAdvice(latest group 3)',
    check: (a) => canSetOutflowAdvice(a, 3),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'pupils.canSetOutflowAdvice(no group)',
    check: (a) => canSetOutflowAdvice(a, null),
    allowed: ['superuser', 'senco'],
  },
  { policy: 'results.canReadInspection', check: canReadInspection, allowed: ['superuser', 'senco'] },
  { policy: 'results.canSetSchoolweging', check: canSetSchoolweging, allowed: ['superuser'] },
  { policy: 'colleagues.canListColleagues', check: canListColleagues, allowed: ['superuser', 'senco'] },
  { policy: 'colleagues.canManageColleagues', check: canManageColleagues, allowed: ['superuser'] },
  { policy: 'permissions.canManagePermissions', check: canManagePermissions, allowed: ['superuser'] },
  {
    policy: 'observations.canReadPupilObservations(in 2)',
    check: (a) => canReadPupilObservations(a, [2]),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'observations.canReadPupilObservations(only in 3)',
    check: (a) => canReadPupilObservations(a, [3]),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'observations.canReadGroupObservations(own group 1)',
    check: (a) => canReadGroupObservations(a, 1),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'observations.canReadGroupObservations(other group 3)',
    check: (a) => canReadGroupObservations(a, 3),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: "observations.canReadObservation(another's confidential)",
    check: (a) => canReadObservation(a, { confidential: true, authorId: 2 }),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'observations.canReadObservation(own confidential)',
    check: (a) => canReadObservation(a, { confidential: true, authorId: 1 }),
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  {
    policy: "observations.canReadObservation(another's, not confidential)",
    check: (a) => canReadObservation(a, { confidential: false, authorId: 2 }),
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  {
    policy: "observations.canEditObservation(another's)",
    check: (a) => canEditObservation(a, { confidential: false, authorId: 2 }),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'observations.canEditObservation(author gone)',
    check: (a) => canEditObservation(a, { confidential: false, authorId: null }),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'observations.canEditObservation(own)',
    check: (a) => canEditObservation(a, { confidential: true, authorId: 1 }),
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  {
    policy: 'observations.canRecordObservation(group 2)',
    check: (a) => canRecordObservation(a, 2),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'observations.canRecordObservation(group 3)',
    check: (a) => canRecordObservation(a, 3),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'observations.canReadAspects',
    check: canReadAspects,
    allowed: ['superuser', 'senco', 'teacher', 'newTeacher'],
  },
  { policy: 'observations.canManageAspects', check: canManageAspects, allowed: ['superuser', 'senco'] },
  {
    policy: 'approaches.canReadPupilApproaches(was in 1)',
    check: (a) => canReadPupilApproaches(a, [3, 1]),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'approaches.canReadPupilApproaches(only in 3)',
    check: (a) => canReadPupilApproaches(a, [3]),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'approaches.canReadGroupApproaches(own group 2)',
    check: (a) => canReadGroupApproaches(a, 2),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'approaches.canReadGroupApproaches(other group 3)',
    check: (a) => canReadGroupApproaches(a, 3),
    allowed: ['superuser', 'senco'],
  },
  {
    policy: 'approaches.canSetGroupApproaches(own group 1)',
    check: (a) => canSetGroupApproaches(a, 1),
    allowed: ['superuser', 'senco', 'teacher'],
  },
  {
    policy: 'approaches.canSetGroupApproaches(other group 3)',
    check: (a) => canSetGroupApproaches(a, 3),
    allowed: ['superuser', 'senco'],
  },
];

describe('observations.mayUseObservations (the user, any school)', () => {
  it.each([
    ['an ordinary user', false, true],
    ['a restricted user', true, false],
  ])('%s', (_name, isRestricted, expected) => {
    expect(mayUseObservations({ isRestricted })).toBe(expected);
  });
});

describe.each(cases)('$policy', ({ check, allowed }) => {
  it.each(Object.keys(ROLES) as Role[])('%s', (name) => {
    expect(check(ROLES[name])).toBe(allowed.includes(name));
  });
});

describe('admin policies', () => {
  const staff = { id: 1, isStaff: true, impersonated: false };
  it.each([
    ['staff', staff, true],
    ['not staff', { ...staff, isStaff: false }, false],
    ['staff in an impersonated session', { ...staff, impersonated: true }, false],
  ])('canActAsStaff: %s', (_name, actor, expected) => {
    expect(canActAsStaff(actor)).toBe(expected);
  });
  it.each([
    ['a school member', { id: 2, isProviderStaff: false }, true],
    ['oneself', { id: 1, isProviderStaff: true }, false],
    ['other staff', { id: 3, isProviderStaff: true }, false],
  ])('canImpersonate %s', (_name, target, expected) => {
    expect(canImpersonate(staff, target)).toBe(expected);
    expect(canImpersonate({ ...staff, isStaff: false }, target)).toBe(false);
  });
});

describe('account and auth policies (the own account, no school)', () => {
  it.each([
    ['an active account', { isActive: true, isDemo: false }, true],
    ['a deactivated account', { isActive: false, isDemo: false }, false],
    ['the demo account', { isActive: true, isDemo: true }, false],
  ])('canReceivePasswordReset: %s', (_name, user, expected) => {
    expect(canReceivePasswordReset(user)).toBe(expected);
  });

  const staffUser = { isProviderStaff: true, email: 'beheer@leerzicht.example' };
  it.each([
    ['staff in their own session', { impersonatorId: null }, staffUser, true],
    ['staff in an impersonated session', { impersonatorId: 4 }, staffUser, false],
    [
      'the role without the domain',
      { impersonatorId: null },
      { ...staffUser, email: 'b@school.example' },
      false,
    ],
    [
      'the domain without the role',
      { impersonatorId: null },
      { ...staffUser, isProviderStaff: false },
      false,
    ],
  ])('actsAsProviderStaff: %s', (_name, session, user, expected) => {
    expect(actsAsProviderStaff(session, user, 'leerzicht.example')).toBe(expected);
  });

  it.each([
    ['active', { isActive: true }, true],
    ['deactivated', { isActive: false }, false],
  ])('canSignIn: %s', (_name, user, expected) => {
    expect(canSignIn(user)).toBe(expected);
  });

  it.each([
    ['two-step on with a secret', { totpActive: true, totpSecretEnc: 'sealed' }, true],
    ['two-step on without a secret', { totpActive: true, totpSecretEnc: null }, false],
    ['two-step off', { totpActive: false, totpSecretEnc: 'sealed' }, false],
  ])('needsSecondStep: %s', (_name, user, expected) => {
    expect(needsSecondStep(user)).toBe(expected);
  });
});

describe('notes policies', () => {
  // The role's userId is 1; a note by user 1 is the reader's own, by user 2 a colleague's.
  const roles = { superuser: true, senco: true, teacher: false, newTeacher: false } as const;
  it.each(Object.keys(roles) as Role[])('%s', (name) => {
    const access = ROLES[name];
    const whole = roles[name as keyof typeof roles];
    expect(canReadPupilNotes(access, [2])).toBe(whole || name === 'teacher');
    expect(canReadPupilNotes(access, [3])).toBe(whole);
    expect(canSeeNote(access, { confidential: false, authorId: 2 })).toBe(true);
    expect(canSeeNote(access, { confidential: true, authorId: 2 })).toBe(whole);
    expect(canSeeNote(access, { confidential: true, authorId: 1 })).toBe(true);
    expect(canEditNote(access, { authorId: 2 })).toBe(whole);
    expect(canEditNote(access, { authorId: 1 })).toBe(true);
  });
  it('refuses restricted users', () => {
    expect(mayUseNotes({ isRestricted: true })).toBe(false);
    expect(mayUseNotes({ isRestricted: false })).toBe(true);
  });
});
