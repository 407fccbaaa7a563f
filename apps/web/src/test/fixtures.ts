import type { Profile, School } from '@leerzicht/contract';

export const TEST_TOKEN = 'test-token';

export function signIn(): void {
  window.localStorage.setItem('token', TEST_TOKEN);
  window.localStorage.setItem('username', 'directeur');
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
    },
    {
      id: 2,
      name: 'CBS Het Kompas',
      brinCode: '34CD',
      isSchoolSuperuser: true,
      isSenco: false,
      groupIds: null,
      payingStatus: true,
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
