import { describe, expect, it } from 'vitest';
import type { SchoolAccess } from '../../src/platform/access/index';
import { canUpload } from '../../src/modules/uploads/policy';

/*
 * Who may upload, case by case: provider staff (flag and domain) who are superusers of the school, in their own
 * session. Every other combination is refused (the routes answer 404).
 */
const DOMAIN = 'leerzicht.example';
const access = (values: Partial<SchoolAccess>): SchoolAccess => ({
  schoolId: 10,
  userId: 1,
  isSchoolSuperuser: false,
  isSenco: false,
  readsWholeSchool: false,
  isRestricted: false,
  groupIds: [],
  ...values,
});
const superuser = access({ isSchoolSuperuser: true, readsWholeSchool: true, groupIds: null });
const senco = access({ isSenco: true, readsWholeSchool: true, groupIds: null });
const staff = { isProviderStaff: true, email: `bas@${DOMAIN}` };
const own = { impersonatorId: null };

describe('canUpload', () => {
  const cases: [string, Parameters<typeof canUpload>, boolean][] = [
    ['staff, superuser of the school, own session', [own, staff, superuser, DOMAIN], true],
    [
      'the address in upper case',
      [own, { ...staff, email: `BAS@${DOMAIN.toUpperCase()}` }, superuser, DOMAIN],
      true,
    ],
    ['staff in an impersonated session', [{ impersonatorId: 7 }, staff, superuser, DOMAIN], false],
    ['staff, senco of the school', [own, staff, senco, DOMAIN], false],
    ['staff, teacher of the school', [own, staff, access({ groupIds: [1] }), DOMAIN], false],
    ['staff, not a member', [own, staff, null, DOMAIN], false],
    [
      'superuser with the staff flag outside the domain',
      [own, { ...staff, email: 'bas@school.example' }, superuser, DOMAIN],
      false,
    ],
    [
      'superuser with a domain address but no staff flag',
      [own, { ...staff, isProviderStaff: false }, superuser, DOMAIN],
      false,
    ],
    [
      'an address that only ends like the domain',
      [own, { ...staff, email: `bas@evil${DOMAIN}` }, superuser, DOMAIN],
      false,
    ],
    ['no account', [own, null, superuser, DOMAIN], false],
  ];
  for (const [name, args, allowed] of cases)
    it(`${allowed ? 'allows' : 'refuses'} ${name}`, () => {
      expect(canUpload(...args)).toBe(allowed);
    });
});
