import { schoolYearOf } from '@leerzicht/contract';
import { TEACHER_GROUPS, USER_IDS } from './accounts';
import { DEFAULT_SEED, generateDemoData } from './generate';
import { REGENBOOG } from './schools';
import { demoEckId } from './uploads';

/** The one pupil the demo EDEXML file adds (in an existing group of the current school year). */
export const DEMO_EDEXML_NEW_PUPIL = {
  key: 'LL900001',
  firstName: 'Noor',
  lastNamePrefix: 'van den',
  lastName: 'Berg',
  groupName: 'Groep 5',
  grade: 5,
} as const;

/** The teacher in the demo EDEXML file who has no account (to invite). */
export const DEMO_EDEXML_NEW_TEACHER = {
  email: 'fatima.elamrani@regenboog.example',
  name: 'Fatima El Amrani',
  groupName: 'Groep 7',
} as const;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const element = (name: string, value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? [] : [`<${name}>${escapeXml(value)}</${name}>`];

/**
 * Variants of the demo file: `rowError: false` leaves out the row with the invalid birth date (the file is then valid
 * against the EDEXML 2.1 schema); `teacherWithoutAddress` adds DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS.
 */
export interface DemoEdexmlOptions {
  rowError?: boolean;
  teacherWithoutAddress?: boolean;
}

/** The teacher of the example file (docs/uploads/examples) whom the administration system has no address for. */
export const DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS = {
  name: 'Lotte Smit',
  role: 'IB',
} as const;

/**
 * An EDEXML 2.1 export of De Regenboog (BRIN 12AB) as the demo data stands on `today` (generated with the demo's
 * seed): every group of the current school year by its key, every pupil enrolled in one who has not left (key,
 * ECK-iD, names, birth date, gender, grade, group), and the two teacher accounts with their groups. Previewed
 * against the demo database it shows everything unchanged except: exactly one new pupil (DEMO_EDEXML_NEW_PUPIL)
 * and exactly one row error (an existing pupil's geboortedatum 31 February). It also names one teacher without an
 * account (DEMO_EDEXML_NEW_TEACHER). For the e2e upload test (e2e/fixtures/make-edexml.ts).
 */
export function demoEdexml(
  today: Date = new Date(),
  providerDomain = 'leerzicht.example',
  { rowError = true, teacherWithoutAddress = false }: DemoEdexmlOptions = {},
): string {
  const data = generateDemoData({ seed: DEFAULT_SEED, today, providerDomain });
  const current = schoolYearOf(today);
  const groups = data.yearClasses
    .filter((g) => g.schoolId === REGENBOOG.id && g.calendarYear === current)
    .sort((a, b) => a.grade - b.grade || a.name.localeCompare(b.name));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const pupilById = new Map(data.pupils.map((p) => [p.id, p]));
  const enrolled = data.yearClassPupils
    .filter((e) => groupById.has(e.yearClassId))
    .flatMap((e) => {
      const pupil = pupilById.get(e.pupilId);
      return pupil && !pupil.dateLeft ? [{ pupil, enrolment: e }] : [];
    })
    .sort((a, b) => (a.pupil.id ?? 0) - (b.pupil.id ?? 0));
  const newGroup = groups.find((g) => g.name === DEMO_EDEXML_NEW_PUPIL.groupName);
  const teacherGroup = groups.find((g) => g.name === DEMO_EDEXML_NEW_TEACHER.groupName);
  const inGroep3 = enrolled.find((row) => groupById.get(row.enrolment.yearClassId)?.name === 'Groep 3');
  if (!newGroup || !teacherGroup || !inGroep3)
    throw new Error('demo EDEXML: the demo has no Groep 3, 5 or 7');
  const broken = rowError ? inGroep3 : null;

  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!--',
    `  Synthetic EDEXML 2.1 export of OBS De Regenboog (BRIN ${REGENBOOG.brinCode}), school year ${current}-${current + 1},`,
    `  made from the demo data of ${today.toISOString().slice(0, 10)} (apps/server/src/seed/demo-edexml.ts).`,
    `  ${groups.length} groups and ${enrolled.length + 1} pupils by their keys and ECK-iDs, two teachers with an account and`,
    '  one without. Against the demo database its preview shows everything unchanged, except:',
    `  - one new pupil: ${DEMO_EDEXML_NEW_PUPIL.firstName} ${DEMO_EDEXML_NEW_PUPIL.lastNamePrefix} ${DEMO_EDEXML_NEW_PUPIL.lastName} (key ${DEMO_EDEXML_NEW_PUPIL.key}) in ${DEMO_EDEXML_NEW_PUPIL.groupName};`,
    ...(broken
      ? [`  - one row error: pupil ${broken.pupil.externalKey} has geboortedatum 31 February (invalid_date);`]
      : []),
    `  - one teacher without an account: ${DEMO_EDEXML_NEW_TEACHER.name} (${DEMO_EDEXML_NEW_TEACHER.groupName}), to invite.`,
    ...(teacherWithoutAddress
      ? [
          `  It also names ${DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS.name} (intern begeleider), whom the administration system has no`,
          '  e-mail address for: listed, but not to be invited yet.',
        ]
      : []),
    ...(broken ? [] : ['  Valid against the EDEXML 2.1 schema (with later school years allowed).']),
    '  No real person.',
    '-->',
    '<EDEX xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="EDEXML.structuur.xsd">',
    '  <school>',
    `    <schooljaar>${current}-${current + 1}</schooljaar>`,
    `    <brincode>${REGENBOOG.brinCode}</brincode>`,
    '    <dependancecode>00</dependancecode>',
    '    <xsdversie>2.1</xsdversie>',
    '  </school>',
    '  <groepen>',
  ];
  for (const group of groups) {
    const combination = /\d\/\d/.test(group.name);
    lines.push(
      `    <groep key="${escapeXml(group.externalKey ?? '')}">`,
      `      <naam>${escapeXml(group.name)}</naam>`,
      `      <jaargroep>${combination ? 'C' : group.grade}</jaargroep>`,
      '    </groep>',
    );
  }
  lines.push('  </groepen>', '  <leerlingen>');
  const pupilLines = (p: {
    key: string;
    eckId: string;
    lastName: string;
    prefix: string;
    firstName: string;
    dateOfBirth: string;
    gender: string | null | undefined;
    grade: number;
    groupKey: string;
  }) => [
    `    <leerling key="${escapeXml(p.key)}" eckid="${escapeXml(p.eckId)}">`,
    ...[
      ...element('achternaam', p.lastName),
      ...element('voorvoegsel', p.prefix),
      ...element('voornamen', p.firstName),
      ...element('roepnaam', p.firstName),
      ...element('geboortedatum', p.dateOfBirth),
      ...element('geslacht', p.gender === 'male' ? '1' : p.gender === 'female' ? '2' : '0'),
      ...element('jaargroep', String(p.grade)),
      `<groep key="${escapeXml(p.groupKey)}"/>`,
    ].map((line) => `      ${line}`),
    '    </leerling>',
  ];
  for (const { pupil, enrolment } of enrolled) {
    const id = pupil.id ?? 0;
    lines.push(
      ...pupilLines({
        key: pupil.externalKey ?? '',
        eckId: pupil.eckId ?? demoEckId(id),
        lastName: pupil.lastName,
        prefix: pupil.lastNamePrefix ?? '',
        firstName: pupil.firstName,
        dateOfBirth:
          pupil === broken?.pupil
            ? `${(pupil.dateOfBirth ?? '2018').slice(0, 4)}-02-31`
            : (pupil.dateOfBirth ?? ''),
        gender: pupil.gender,
        grade: enrolment.grade,
        groupKey: groupById.get(enrolment.yearClassId)?.externalKey ?? '',
      }),
    );
  }
  lines.push(
    ...pupilLines({
      key: DEMO_EDEXML_NEW_PUPIL.key,
      eckId: demoEckId(900_001),
      lastName: DEMO_EDEXML_NEW_PUPIL.lastName,
      prefix: DEMO_EDEXML_NEW_PUPIL.lastNamePrefix,
      firstName: DEMO_EDEXML_NEW_PUPIL.firstName,
      dateOfBirth: `${current - 8}-03-14`,
      gender: 'female',
      grade: DEMO_EDEXML_NEW_PUPIL.grade,
      groupKey: newGroup.externalKey ?? '',
    }),
  );
  lines.push('  </leerlingen>', '  <leerkrachten>');
  const teachers = data.users.filter((u) => u.id === USER_IDS.leerkracht || u.id === USER_IDS.tweestaps);
  for (const user of teachers) {
    const username = user.id === USER_IDS.leerkracht ? 'leerkracht' : 'tweestaps';
    const names = TEACHER_GROUPS[username]?.names ?? [];
    const keys = groups.filter((g) => names.includes(g.name)).map((g) => g.externalKey ?? '');
    lines.push(
      `    <leerkracht key="T${user.id}">`,
      ...element('achternaam', user.lastName ?? '').map((line) => `      ${line}`),
      ...element('roepnaam', user.firstName ?? '').map((line) => `      ${line}`),
      ...element('emailadres', user.email).map((line) => `      ${line}`),
      '      <groepen>',
      ...keys.map((key) => `        <groep key="${escapeXml(key)}"/>`),
      '      </groepen>',
      '    </leerkracht>',
    );
  }
  lines.push(
    '    <leerkracht key="T900">',
    '      <achternaam>Amrani</achternaam>',
    '      <voorvoegsel>El</voorvoegsel>',
    '      <roepnaam>Fatima</roepnaam>',
    `      <emailadres>${DEMO_EDEXML_NEW_TEACHER.email}</emailadres>`,
    '      <groepen>',
    `        <groep key="${escapeXml(teacherGroup.externalKey ?? '')}"/>`,
    '      </groepen>',
    '    </leerkracht>',
    ...(teacherWithoutAddress
      ? [
          '    <leerkracht key="T901">',
          '      <achternaam>Smit</achternaam>',
          '      <roepnaam>Lotte</roepnaam>',
          `      <rol>${DEMO_EDEXML_TEACHER_WITHOUT_ADDRESS.role}</rol>`,
          '    </leerkracht>',
        ]
      : []),
    '  </leerkrachten>',
    '</EDEX>',
    '',
  );
  return lines.join('\n');
}
