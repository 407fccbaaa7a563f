import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  profileSchema,
  type AccountAbilities,
  type Profile,
  type SchoolAbilities,
} from '@leerzicht/contract';
import { schoolAmbitions } from '../../src/db/schema/index';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { createAspect } from '../helpers/care-factories';
import {
  addMember,
  createCatalog,
  createSchool,
  createUser,
  createYearClass,
  permitGroup,
} from '../helpers/factories';
import { inspectorateCsv } from '../helpers/inspectorate-file';
import { signIn } from '../helpers/sign-in';
import { multipartPayload } from '../helpers/ticketing';
import { SUBJECT_IDS } from '../../src/seed/catalog';

/*
 * The abilities in GET /profile/ are what the web shows menus, pages and buttons from. Each one is checked against
 * the routes it stands for, for every role: an ability that says yes must be answered (2xx), one that says no must
 * be refused (403 or 404). So the profile cannot tell the web something the routes' policies do not allow, nor
 * hide what they do.
 */

const NOW = new Date('2026-03-02T10:00:00Z');
const PROVIDER_DOMAIN = 'leerzicht.example';

const ROLES = [
  'teacher',
  'senco',
  'superuser',
  /** A superuser marked restricted (no notes, observations or plans). */
  'restricted',
  /** Provider staff who is a superuser of the school. */
  'staff',
  /** Provider staff who is a plain member of the school. */
  'staffTeacher',
  /** Provider staff impersonating the superuser: the staff member's powers do not come along. */
  'impersonated',
] as const;
type Role = (typeof ROLES)[number];

type Ability = keyof SchoolAbilities | keyof AccountAbilities;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

interface Probe {
  ability: Ability;
  method: Method;
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /** Checked only where the ability says yes: others may be allowed it too for reasons of their own. */
  whereAllowed?: true;
}

/**
 * What each role's profile must say, written out per role (not computed by the code under test): the routes
 * below then confirm every cell.
 */
const EXPECTED: Record<Role, { school: SchoolAbilities; account: AccountAbilities }> = (() => {
  const none: SchoolAbilities = {
    readWholeSchool: false,
    readInspection: false,
    setSchoolweging: false,
    editAmbitions: false,
    manageAspects: false,
    manageSchool: false,
    upload: false,
    activateConnection: false,
  };
  const senco: SchoolAbilities = {
    ...none,
    readWholeSchool: true,
    readInspection: true,
    manageAspects: true,
  };
  const superuser: SchoolAbilities = {
    ...senco,
    setSchoolweging: true,
    editAmbitions: true,
    manageSchool: true,
  };
  const noAccount: AccountAbilities = {
    makeSystemTemplates: false,
    readTickets: false,
    importInspectorateFigures: false,
  };
  const staffAccount: AccountAbilities = {
    makeSystemTemplates: true,
    readTickets: true,
    importInspectorateFigures: true,
  };
  return {
    teacher: { school: none, account: noAccount },
    senco: { school: senco, account: noAccount },
    superuser: { school: superuser, account: noAccount },
    restricted: { school: superuser, account: noAccount },
    staff: { school: { ...superuser, upload: true, activateConnection: true }, account: staffAccount },
    staffTeacher: { school: { ...none, activateConnection: true }, account: staffAccount },
    impersonated: { school: superuser, account: noAccount },
  };
})();

describe('GET /profile/ abilities match what the routes allow', () => {
  let t: TestApp;
  let schoolId = 0;
  const tokens: Partial<Record<Role, string>> = {};
  let probes: Probe[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PROVIDER_DOMAIN } });
    const db = t.database.db;
    await createCatalog(db);
    const school = await createSchool(db, { name: 'Rechtenschool' });
    schoolId = school.id;
    const ownGroup = await createYearClass(db, school.id, { name: 'Groep 5', grade: 5, calendarYear: 2025 });
    // No teacher is permitted on this group: only those who read the whole school read its results.
    const otherGroup = await createYearClass(db, school.id, {
      name: 'Groep 6',
      grade: 6,
      calendarYear: 2025,
    });
    const staffEmail = () => `staff-${randomBytes(4).toString('hex')}@${PROVIDER_DOMAIN}`;
    const users = {
      teacher: await createUser(db),
      senco: await createUser(db),
      superuser: await createUser(db),
      restricted: await createUser(db, { isRestricted: true }),
      staff: await createUser(db, { email: staffEmail(), isProviderStaff: true }),
      staffTeacher: await createUser(db, { email: staffEmail(), isProviderStaff: true }),
      colleague: await createUser(db),
    };
    const impersonator = await createUser(db, { email: staffEmail(), isProviderStaff: true });
    await addMember(db, school.id, users.teacher.id);
    await addMember(db, school.id, users.senco.id, { isSenco: true });
    await addMember(db, school.id, users.superuser.id, { isSchoolSuperuser: true });
    await addMember(db, school.id, users.restricted.id, { isSchoolSuperuser: true });
    await addMember(db, school.id, users.staff.id, { isSchoolSuperuser: true });
    await addMember(db, school.id, users.staffTeacher.id);
    await addMember(db, school.id, users.colleague.id);
    await permitGroup(db, school.id, users.teacher.id, ownGroup.id);

    for (const role of ROLES) {
      if (role !== 'impersonated') tokens[role] = await signIn(t, users[role]);
    }
    const started = await t.app.inject(
      authed(await signIn(t, impersonator), {
        method: 'POST',
        url: api('/impersonate/'),
        payload: { userId: users.superuser.id, schoolId: school.id, reason: 'Ticket 31: rechten' },
      }),
    );
    expect(started.statusCode, started.body).toBe(200);
    tokens.impersonated = started.json<{ token: string }>().token;

    const [ambition] = await db
      .insert(schoolAmbitions)
      .values({ schoolId: school.id, subjectId: SUBJECT_IDS.RW, lowScore: 40, highScore: 60 })
      .returning();
    const aspect = await createAspect(db, { schoolId: school.id, name: 'Zelfbeeld', position: 20 });

    // Writes that leave the school as it was (or add only a template), so that the roles' order does not matter.
    probes = [
      { ability: 'readWholeSchool', method: 'GET', url: `/year_classes/${otherGroup.id}/result/` },
      { ability: 'readInspection', method: 'GET', url: `/school-inspection/${school.id}/` },
      {
        ability: 'setSchoolweging',
        method: 'PATCH',
        url: `/schools/${school.id}/schoolweging/`,
        payload: { schoolweging: 30 },
      },
      {
        ability: 'editAmbitions',
        method: 'PATCH',
        url: `/school_ambitions/${ambition?.id}/`,
        payload: { id: ambition?.id, lowScore: 40, highScore: 60 },
      },
      {
        ability: 'manageAspects',
        method: 'PATCH',
        url: `/social_emotional_aspects/${aspect.id}/`,
        payload: { name: 'Zelfbeeld' },
      },
      // Management, page by page: users (permissions, colleagues), templates, pupils, school data.
      { ability: 'manageSchool', method: 'GET', url: `/school_permissions/${school.id}/` },
      {
        ability: 'manageSchool',
        method: 'PATCH',
        url: '/school_sencos/update_by_senco_id_and_school_id',
        payload: { schoolId: school.id, sencoId: users.colleague.id, isSchoolSuperuser: false },
      },
      {
        ability: 'manageSchool',
        method: 'POST',
        url: '/group_plan_templates/',
        payload: { name: 'Schoolsjabloon', school_id: school.id },
      },
      { ability: 'manageSchool', method: 'GET', url: `/schools/${school.id}/national_test_exclusions/` },
      { ability: 'manageSchool', method: 'GET', url: `/schools/${school.id}/retention/` },
      // School data shows the link; provider staff read it without Management too.
      {
        ability: 'manageSchool',
        method: 'GET',
        url: `/schools/${school.id}/connection/`,
        whereAllowed: true,
      },
      { ability: 'upload', method: 'GET', url: `/schools/${school.id}/uploads/` },
      {
        ability: 'activateConnection',
        method: 'PUT',
        url: `/schools/${school.id}/connection/`,
        payload: { isConnectionActive: true },
      },
      {
        ability: 'makeSystemTemplates',
        method: 'POST',
        url: '/group_plan_templates/',
        payload: { name: 'Systeemsjabloon', is_system: true },
      },
      { ability: 'readTickets', method: 'GET', url: '/support/tickets/' },
      // A preview changes nothing: an inspectorate file whose one row matches no school.
      {
        ability: 'importInspectorateFigures',
        method: 'POST',
        url: '/inspectorate-figures/preview/',
        ...(await multipartPayload({}, [
          { field: 'file', name: 'data.csv', content: inspectorateCsv(2022, []) },
        ])),
      },
    ];
  });

  afterAll(() => t.close());

  const profileOf = async (role: Role): Promise<Profile> => {
    const response = await t.app.inject(authed(tokens[role] ?? '', { method: 'GET', url: api('/profile/') }));
    expect(response.statusCode).toBe(200);
    return profileSchema.parse(response.json());
  };

  const abilitiesOf = (profile: Profile): Record<Ability, boolean> => {
    const school = profile.schools.find((entry) => entry.id === schoolId);
    if (!school) throw new Error('the school is missing from the profile');
    return { ...school.abilities, ...profile.abilities };
  };

  it.each(ROLES)('%s: the profile says what the role may do', async (role) => {
    const profile = await profileOf(role);
    expect(abilitiesOf(profile)).toEqual({ ...EXPECTED[role].school, ...EXPECTED[role].account });
  });

  it.each(ROLES)('%s: every ability matches the answer of the routes it stands for', async (role) => {
    const profile = await profileOf(role);
    const abilities = abilitiesOf(profile);
    const seen: [Ability, Method, string, 'allowed' | 'refused'][] = [];
    const expected: typeof seen = [];
    for (const probe of probes) {
      // A read-only session (impersonated, demo) is refused every write by the write rule, whatever the policy
      // says; the profile reports that as canWrite, so only its reads are compared.
      if (!profile.canWrite && probe.method !== 'GET') continue;
      if (probe.whereAllowed && !abilities[probe.ability]) continue;
      const response = await t.app.inject(
        authed(tokens[role] ?? '', {
          method: probe.method,
          url: api(probe.url),
          ...(probe.payload ? { payload: probe.payload } : {}),
          ...(probe.headers ? { headers: probe.headers } : {}),
        }),
      );
      const status = response.statusCode;
      const answer =
        status >= 200 && status < 300 ? 'allowed' : [403, 404].includes(status) ? 'refused' : status;
      if (answer !== 'allowed' && answer !== 'refused') {
        throw new Error(`${role} ${probe.method} ${probe.url}: ${status} ${response.body}`);
      }
      seen.push([probe.ability, probe.method, probe.url, answer]);
      expected.push([
        probe.ability,
        probe.method,
        probe.url,
        abilities[probe.ability] ? 'allowed' : 'refused',
      ]);
    }
    expect(seen).toEqual(expected);
  });

  it('an impersonated session is read-only (its writes are left out of the comparison above)', async () => {
    expect((await profileOf('impersonated')).canWrite).toBe(false);
    expect((await profileOf('superuser')).canWrite).toBe(true);
  });
});
