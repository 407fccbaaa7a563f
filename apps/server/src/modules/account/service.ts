import { HOMEPAGE_PAGES, fullName, schoolYearOf, type HomepagePage, type Profile } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { unauthorized } from '../../platform/http-errors';
import { isReadOnlySession } from '../../platform/routing/index';
import type { ActiveSession } from '../../platform/sessions';
import { accountAbilitiesOf, schoolsWithAbilities, type AbilitySubject } from './abilities-policy';
import { findPendingEmail } from './email-change-repository';
import { actsAsProviderStaff } from './policy';
import { findUser, listUserSchools } from './repository';

function homepagePage(value: string | null): HomepagePage {
  return (HOMEPAGE_PAGES as readonly string[]).includes(value ?? '') ? (value as HomepagePage) : 'schools';
}

/** `db`: the transaction of a change the profile answers, so that a failed read undoes the change. */
export async function getProfile(ctx: AppContext, session: ActiveSession, db: Db = ctx.db): Promise<Profile> {
  const user = await findUser(db, session.userId);
  if (!user) throw unauthorized();
  const subject: AbilitySubject = { session, user, providerDomain: ctx.config.PROVIDER_DOMAIN };
  // What the user may do, per school and beyond, as the routes' policies decide it (abilities-policy.ts).
  const schools = await schoolsWithAbilities(db, session, subject, await listUserSchools(db, user.id));
  return {
    id: user.id,
    email: user.email,
    pendingEmail: await findPendingEmail(db, user.id, ctx.now()),
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullName({ firstName: user.firstName, lastName: user.lastName }),
    language: user.language === 'en' ? 'en' : 'nl',
    isDemo: user.isDemo,
    isRestricted: user.isRestricted,
    isImpersonated: session.impersonatorId !== null,
    isSchoolSuperuserOnAnySchool: schools.some((school) => school.isSchoolSuperuser),
    isProviderStaff: actsAsProviderStaff(session, user, ctx.config.PROVIDER_DOMAIN),
    canWrite: !isReadOnlySession(session),
    abilities: accountAbilitiesOf(subject),
    currentSchoolYear: session.currentSchoolYear ?? schoolYearOf(ctx.now()),
    schools,
    homepage: {
      page: homepagePage(user.homepagePage),
      schoolId: user.homepageSchoolId,
      groupId: user.homepageGroupId,
    },
  };
}
