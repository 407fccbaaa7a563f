import type { AccountAbilities, Profile, School, SchoolAbilities } from '@leerzicht/contract';

export const TEST_TOKEN = 'test-token';

export function signIn(): void {
  window.localStorage.setItem('token', TEST_TOKEN);
  window.localStorage.setItem('username', 'directeur');
}

/*
 * What the server's profile says each role may do (apps/server/src/modules/account/abilities-policy.ts; the server
 * test account-abilities.test.ts checks every one against the routes). Fixtures describe a role's profile with
 * these, as the server would send it; the web reads only the abilities.
 */
export const TEACHER_ABILITIES: SchoolAbilities = {
  readWholeSchool: false,
  readInspection: false,
  setSchoolweging: false,
  editAmbitions: false,
  manageAspects: false,
  manageSchool: false,
  upload: false,
  activateConnection: false,
};
export const SENCO_ABILITIES: SchoolAbilities = {
  ...TEACHER_ABILITIES,
  readWholeSchool: true,
  readInspection: true,
  manageAspects: true,
};
export const SUPERUSER_ABILITIES: SchoolAbilities = {
  ...SENCO_ABILITIES,
  setSchoolweging: true,
  editAmbitions: true,
  manageSchool: true,
};
export const NO_ACCOUNT_ABILITIES: AccountAbilities = {
  makeSystemTemplates: false,
  readTickets: false,
  importInspectorateFigures: false,
};
export const STAFF_ACCOUNT_ABILITIES: AccountAbilities = {
  makeSystemTemplates: true,
  readTickets: true,
  importInspectorateFigures: true,
};

export type ProfileSchool = Profile['schools'][number];
export type MemberRole = 'teacher' | 'senco' | 'superuser';

/** The profile's entry for a school as the server sends it to a member of that role (a teacher: `groupIds`). */
export function memberOf(school: ProfileSchool, role: MemberRole, groupIds: number[] = [18]): ProfileSchool {
  const abilities = { teacher: TEACHER_ABILITIES, senco: SENCO_ABILITIES, superuser: SUPERUSER_ABILITIES }[
    role
  ];
  return {
    ...school,
    isSchoolSuperuser: role === 'superuser',
    isSenco: role === 'senco',
    groupIds: role === 'teacher' ? groupIds : null,
    abilities,
  };
}

/**
 * The profile of the same user as provider staff in their own session: the account's staff abilities, and Upload
 * and switching the link on in every school (Upload only where they also manage the school).
 */
export function asProviderStaff(base: Profile): Profile {
  return {
    ...base,
    isProviderStaff: true,
    abilities: STAFF_ACCOUNT_ABILITIES,
    schools: base.schools.map((school) => ({
      ...school,
      abilities: { ...school.abilities, upload: school.abilities.manageSchool, activateConnection: true },
    })),
  };
}

export const profile: Profile = {
  id: 1,
  email: 'directeur@regenboog.example',
  pendingEmail: null,
  username: 'directeur',
  fullName: 'Anna de Vries',
  firstName: 'Anna',
  lastName: 'de Vries',
  language: 'nl',
  isDemo: false,
  isRestricted: false,
  isImpersonated: false,
  isSchoolSuperuserOnAnySchool: true,
  isProviderStaff: false,
  canWrite: true,
  abilities: NO_ACCOUNT_ABILITIES,
  currentSchoolYear: 2025,
  schools: [
    {
      id: 1,
      name: 'OBS De Regenboog',
      brinCode: '12AB',
      isSchoolSuperuser: true,
      isSenco: false,
      groupIds: null,
      payingStatus: true,
      abilities: SUPERUSER_ABILITIES,
    },
    {
      id: 2,
      name: 'CBS Het Kompas',
      brinCode: '34CD',
      isSchoolSuperuser: true,
      isSenco: false,
      groupIds: null,
      payingStatus: true,
      abilities: SUPERUSER_ABILITIES,
    },
  ],
  homepage: { page: 'schools', schoolId: null, groupId: null },
};

export const school: School = {
  id: 1,
  brinCode: '12AB',
  name: 'OBS De Regenboog',
  startYear: 2019,
  payingStatus: true,
  isSchoolSuperuser: true,
  isConnectionActive: true,
  currentSchoolYear: 2025,
  schoolweging: 27.8,
  classes: [
    {
      yearClassId: 18,
      yearClassName: 'Groep 8',
      yearClassGrade: 8,
      grades: [8],
      calendarYear: 2025,
      pupilCount: 27,
      hasGoals: true,
    },
    {
      yearClassId: 14,
      yearClassName: 'Groep 4/5',
      yearClassGrade: 4,
      grades: [4, 5],
      calendarYear: 2025,
      pupilCount: 24,
      hasGoals: false,
    },
  ],
  testProviders: [],
  nationalTests: [],
};
