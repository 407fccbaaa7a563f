import type { AccountAbilities, SchoolAbilities } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { resolveSchoolAccess, type SchoolAccess } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { canManageColleagues } from '../colleagues/index';
import { canManageRetention } from '../data-retention/index';
import { actsAsStaff, canCreateSchoolTemplate, canManageTemplate } from '../group-plans/index';
import { canImportInspectorateFigures } from '../inspectorate/index';
import { canManageExclusions } from '../national-test-exclusions/index';
import { canManageAspects } from '../observations/index';
import { canManagePermissions } from '../permissions/index';
import {
  canEditAmbition,
  canReadInspection,
  canSetSchoolweging,
  readsWholeSchoolResults,
} from '../results/index';
import { canChangeConnection, canReadConnection } from '../school-connection/index';
import { canReadTickets } from '../support/index';
import { canUpload } from '../uploads/index';
import { actsAsProviderStaff } from './policy';

/*
 * What the profile tells the web the user may do (Outline's presentPolicies): every ability is the verdict of the
 * pure policy function the routes behind it use, imported from that module's index.ts, so the web's menus and
 * buttons cannot drift from what the server allows. test/modules/account-abilities.test.ts calls the routes for
 * each role and compares.
 */

/** Who asks: the session (no staff powers in an impersonated one), the account and the provider's domain. */
export interface AbilitySubject {
  session: Pick<ActiveSession, 'impersonatorId'>;
  user: { isProviderStaff: boolean; email: string };
  providerDomain: string;
}

/**
 * Management's pages and the policies of what each reads and changes: users (permissions, colleagues), plan
 * templates, pupils (national-test exclusions) and school data (the link, retention). The menu offers Management
 * as one area, so it is offered when every one of them allows.
 */
const MANAGEMENT: ReadonlyArray<(access: SchoolAccess, staff: boolean) => boolean> = [
  (access) => canManagePermissions(access),
  (access) => canManageColleagues(access),
  (access) => canCreateSchoolTemplate(access),
  (access) => canManageExclusions(access),
  (access) => canManageRetention(access),
  (access, staff) => canReadConnection(access, staff),
];

/** A system template as the template rules see one about to be made. */
const NEW_SYSTEM_TEMPLATE = { isSystem: true, isPublished: false, schoolId: null } as const;

/** The abilities in one school the user is a member of (`access`, from the one resolver). */
export function schoolAbilitiesOf(subject: AbilitySubject, access: SchoolAccess): SchoolAbilities {
  const staff = actsAsProviderStaff(subject.session, subject.user, subject.providerDomain);
  return {
    readWholeSchool: readsWholeSchoolResults(access),
    readInspection: canReadInspection(access),
    setSchoolweging: canSetSchoolweging(access),
    editAmbitions: canEditAmbition(access),
    manageAspects: canManageAspects(access),
    manageSchool: MANAGEMENT.every((mayManage) => mayManage(access, staff)),
    upload: canUpload(subject.session, subject.user, access, subject.providerDomain),
    activateConnection: canChangeConnection(access, staff, true),
  };
}

/** The abilities that belong to no school: system templates and support tickets (provider staff). */
export function accountAbilitiesOf(subject: AbilitySubject): AccountAbilities {
  const { session, user, providerDomain } = subject;
  return {
    makeSystemTemplates: canManageTemplate(
      { isStaff: actsAsStaff(session, user, providerDomain), access: null },
      NEW_SYSTEM_TEMPLATE,
    ),
    readTickets: canReadTickets(session, user, providerDomain),
    importInspectorateFigures: canImportInspectorateFigures({
      isStaff: actsAsProviderStaff(session, user, providerDomain),
      impersonated: session.impersonatorId !== null,
    }),
  };
}

/**
 * The member schools the session reaches, each with its groups and abilities as the one access resolver decides
 * them (an impersonated session reaches only the school it was started for: the others drop out).
 */
export async function schoolsWithAbilities<School extends { id: number }>(
  db: Db,
  session: ActiveSession,
  subject: AbilitySubject,
  memberships: readonly School[],
): Promise<Array<School & { groupIds: number[] | null; abilities: SchoolAbilities }>> {
  const schools = await Promise.all(
    memberships.map(async (school) => {
      const access = await resolveSchoolAccess(db, session, school.id);
      return access
        ? { ...school, groupIds: access.groupIds, abilities: schoolAbilitiesOf(subject, access) }
        : null;
    }),
  );
  return schools.flatMap((school) => (school ? [school] : []));
}
