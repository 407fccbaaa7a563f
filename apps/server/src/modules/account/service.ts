import { HOMEPAGE_PAGES, fullName, schoolYearOf, type HomepagePage, type Profile } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { unauthorized } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findUser, listUserSchools } from './repository';

export function isProviderEmail(email: string, providerDomain: string): boolean {
  return email.toLowerCase().endsWith(`@${providerDomain.toLowerCase()}`);
}

function homepagePage(value: string | null): HomepagePage {
  return (HOMEPAGE_PAGES as readonly string[]).includes(value ?? '') ? (value as HomepagePage) : 'schools';
}

export async function getProfile(ctx: AppContext, session: ActiveSession): Promise<Profile> {
  const user = await findUser(ctx.db, session.userId);
  if (!user) throw unauthorized();
  const schools = await listUserSchools(ctx.db, user.id);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullName({ firstName: user.firstName, lastName: user.lastName }),
    language: user.language === 'en' ? 'en' : 'nl',
    isDemo: user.isDemo,
    isRestricted: user.isRestricted,
    isImpersonated: session.impersonatorId !== null,
    isSchoolSuperuserOnAnySchool: schools.some((school) => school.isSchoolSuperuser),
    isProviderStaff: isProviderEmail(user.email, ctx.config.PROVIDER_DOMAIN),
    currentSchoolYear: session.currentSchoolYear ?? schoolYearOf(ctx.now()),
    schools,
    homepage: {
      page: homepagePage(user.homepagePage),
      schoolId: user.homepageSchoolId,
      groupId: user.homepageGroupId,
    },
  };
}
