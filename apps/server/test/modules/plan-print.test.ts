import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_SECTIONS, type PrintSection } from '@leerzicht/contract';
import { auditLog, groupPlanNotes, groupPlans, pupilNoteCategoryLinks } from '../../src/db/schema/index';
import { SUBJECT_IDS } from '../../src/seed/catalog';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import {
  buildCareSchool,
  careTokens,
  createApproach,
  getOf,
  type CareSchool,
  type CareTokens,
} from '../helpers/care-factories';
import { createNationalScore, createPupil, type Pupil } from '../helpers/factories';
import { createGroupPlan, createNoteCategoryTree, type NoteCategoryNode } from '../helpers/plan-factories';
import { pdfText } from '../helpers/pdf-text';

/*
 * GET /group_plans/{id}/print/: the plan as a PDF. The test fills a plan with categories and notes in all three
 * layers (and archived ones that never print), pupils placed in them, instruction groups, national results around
 * its period and an evaluation; reads the PDF's text back with pdf.js; and checks that the kept sections' texts are
 * there and the omitted ones' are not, in Dutch and in English. Then the role and tenant matrix, demo and
 * impersonated sessions included (a printout is allowed there).
 */
const NOW = new Date('2026-07-10T10:00:00Z'); // school year 2025
const YEAR = 2025;
const { RW } = SUBJECT_IDS;

type Who = keyof CareTokens;

const EVALUATION =
  'De meeste leerlingen hebben de doelen gehaald; de intensieve groep blijft aandacht vragen.';

/** Texts only the given section prints (Dutch labels), and texts no printout may hold. */
const MARKERS: Record<PrintSection, string[]> = {
  group: [
    'Groepsdoelen rekenen',
    'Alle leerlingen beheersen de tafels tot en met 10.',
    'Automatiseren tafels',
    'Dagelijks vijf minuten de tafels oefenen.',
  ],
  instruction: [
    'Instructiegroepen',
    'Verrijkte instructie',
    'Leerlingen: Jan van Dijk',
    'Aanpak verrijking',
    'Compacten en verrijken met de plustaak.',
    'Intensieve instructie',
    'Verlengde instructie aan de instructietafel.',
    'Verrijkt (1)',
    'Intensief (1)',
    'Basis (1)',
  ],
  pupil: [
    'Individuele aandachtspunten',
    'Extra oefentijd bij het rekenen voor Eva.',
    'Individuele aandachtspunten / Werkhouding',
    'Start rustig aan de dag.',
    'Voor de hele categorie',
    'Afspraken over de weektaak van iedereen in deze categorie.',
  ],
  evaluation: ['Evaluatie', EVALUATION],
  effect: ['Gemeten effect', 'Gemeten tussen B5 2025-2026 en E5 2025-2026 (CITO 3.0, 1 leerling).'],
};
const NEVER = ['Oud groepsdoel', 'Gearchiveerde groepsnotitie', 'Notitie in een gearchiveerde categorie'];

describe('GET /group_plans/{id}/print/', () => {
  let t: TestApp;
  let f: CareSchool;
  let tokens: CareTokens;
  let planId: number;
  let planName: string;
  let lukasz: Pupil;
  const db = () => t.database.db;
  const get = (who: Who, url: string) => t.app.inject(authed(tokens[who], { method: 'GET', url: api(url) }));
  const pupilA = (index: number) => getOf(f.pupilsA[index], `pupil A${index}`);

  async function printText(who: Who, query = ''): Promise<string> {
    const response = await get(who, `/group_plans/${planId}/print/${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return (await pdfText(response.rawPayload)).text;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    f = await buildCareSchool(db(), YEAR);
    tokens = await careTokens(t, f);
    const [jan, eva, anna, piet] = [pupilA(0), pupilA(1), pupilA(2), pupilA(3)];
    lukasz = await createPupil(
      db(),
      f.school.id,
      { firstName: 'Łukasz', lastName: 'Şahin' },
      { yearClassId: f.groupA.id, grade: 5 },
    );
    planName = 'Groepsplan rekenen periode 2';
    const plan = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupA.id,
      subjectId: RW,
      name: planName,
      startDate: '2025-10-01',
      endDate: '2026-03-31',
      evaluation: EVALUATION,
    });
    planId = plan.id;
    const { roots } = await createNoteCategoryTree(
      db(),
      [
        {
          name: 'Groepsdoelen rekenen',
          layer: 'GROUP',
          children: [{ name: 'Automatiseren tafels', layer: 'GROUP' }],
        },
        { name: 'Oud groepsdoel', layer: 'GROUP', isArchived: true },
        {
          name: 'Verrijkte instructie',
          layer: 'INSTRUCTION',
          children: [{ name: 'Aanpak verrijking', layer: 'INSTRUCTION' }],
        },
        { name: 'Intensieve instructie', layer: 'INSTRUCTION' },
        {
          name: 'Individuele aandachtspunten',
          layer: 'PUPIL',
          children: [{ name: 'Werkhouding', layer: 'PUPIL' }],
        },
      ],
      { groupPlanId: plan.id },
    );
    const [goals, old, enriched, intensive, individual] = roots as [
      NoteCategoryNode,
      NoteCategoryNode,
      NoteCategoryNode,
      NoteCategoryNode,
      NoteCategoryNode,
    ];
    const [automating] = goals.children as [NoteCategoryNode];
    const [enrichedApproach] = enriched.children as [NoteCategoryNode];
    const [attitude] = individual.children as [NoteCategoryNode];
    const note = async (
      category: NoteCategoryNode,
      content: string,
      extra: { pupilId?: number; archived?: boolean } = {},
    ) => {
      await db()
        .insert(groupPlanNotes)
        .values({
          schoolId: f.school.id,
          noteCategoryId: category.id,
          content,
          pupilId: extra.pupilId ?? null,
          authorId: f.users.teacher.id,
          dateCreated: new Date('2025-10-02T09:00:00Z'),
          dateArchived: extra.archived ? new Date('2025-11-01T09:00:00Z') : null,
        });
    };
    await note(goals, 'Alle leerlingen beheersen de tafels tot en met 10.');
    await note(goals, 'Gearchiveerde groepsnotitie', { archived: true });
    await note(automating, 'Dagelijks vijf minuten de tafels oefenen.');
    await note(old, 'Notitie in een gearchiveerde categorie');
    await note(enrichedApproach, 'Compacten en verrijken met de plustaak.');
    await note(intensive, 'Verlengde instructie aan de instructietafel.');
    await note(individual, 'Extra oefentijd bij het rekenen voor Eva.', { pupilId: eva.id });
    await note(attitude, 'Start rustig aan de dag.', { pupilId: lukasz.id });
    await note(attitude, 'Afspraken over de weektaak van iedereen in deze categorie.');
    const place = (category: NoteCategoryNode, pupil: Pupil, position: number) =>
      db()
        .insert(pupilNoteCategoryLinks)
        .values({ schoolId: f.school.id, noteCategoryId: category.id, pupilId: pupil.id, position });
    await place(enriched, jan, 0);
    await place(intensive, anna, 0);
    await place(individual, eva, 0);
    await place(attitude, lukasz, 0);
    // A pupil of another group placed here: read by the school's superusers and sencos, not by this group's teacher.
    await place(attitude, getOf(f.pupilsB[0], 'pupil B0'), 1);

    for (const [pupil, approach] of [
      [jan, 'enriched'],
      [eva, 'intensive'],
      [piet, 'basic'],
    ] as const)
      await createApproach(db(), {
        schoolId: f.school.id,
        pupilId: pupil.id,
        subjectId: RW,
        calendarYear: YEAR,
        approach,
        yearClassId: f.groupA.id,
      });
    for (const [yearTime, testDate, ability] of [
      ['B', '2025-09-20', 180],
      ['E', '2026-06-10', 191],
    ] as const)
      await createNationalScore(db(), {
        schoolId: f.school.id,
        pupilId: jan.id,
        yearClassId: f.groupA.id,
        subject: 'RW',
        calendarYear: YEAR,
        yearTime,
        grade: 5,
        testDate,
        abilityScore: ability,
        roman: 'II',
      });
  });

  afterAll(() => t.close());

  function expectSections(text: string, kept: readonly PrintSection[]) {
    for (const section of PRINT_SECTIONS) {
      for (const marker of MARKERS[section]) {
        if (kept.includes(section)) expect(text, `${section}: ${marker}`).toContain(marker);
        else expect(text, `${section} left out: ${marker}`).not.toContain(marker);
      }
    }
    for (const marker of NEVER) expect(text, marker).not.toContain(marker);
  }

  it('prints the header and every section, archived categories and notes left out', async () => {
    const response = await get('teacher', `/group_plans/${planId}/print/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const slug = f.groupA.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="groepsplan-${slug}-rekenen-wiskunde.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { text } = await pdfText(response.rawPayload);
    for (const header of [
      `Groepsplan: ${planName}`,
      `Groep: ${f.groupA.name}`,
      'Vak: Rekenen-Wiskunde',
      'Periode: 1 oktober 2025 – 31 maart 2026',
      'Schooljaar: 2025-2026',
      'School: Zorgschool',
    ])
      expect(text).toContain(header);
    expectSections(text, PRINT_SECTIONS);
    // Letters outside the standard fonts' character set print without their accent.
    expect(text).toContain('Lukasz Sahin');
    // The teacher of group A does not read the pupil of group B placed in the plan; a senco does.
    expect(text).not.toContain('Mila Jansen');
    expect(await printText('senco')).toContain('Mila Jansen');
  });

  it('leaves out the sections named in omit, in either query form', async () => {
    expectSections(await printText('teacher', '?omit=pupil&omit=evaluation'), [
      'group',
      'instruction',
      'effect',
    ]);
    expectSections(await printText('teacher', '?omit[]=group&omit[]=instruction&omit[]=effect'), [
      'pupil',
      'evaluation',
    ]);
    expectSections(await printText('teacher', '?omit=effect'), [
      'group',
      'instruction',
      'pupil',
      'evaluation',
    ]);
    const headerOnly = await printText('teacher', `?${PRINT_SECTIONS.map((s) => `omit=${s}`).join('&')}`);
    expectSections(headerOnly, []);
    expect(headerOnly).toContain(`Groepsplan: ${planName}`);

    for (const query of ['?omit=everything', '?lang=de', '?omit=pupil&omit=header']) {
      const response = await get('teacher', `/group_plans/${planId}/print/${query}`);
      expect([query, response.statusCode]).toEqual([query, 400]);
    }
  });

  it('prints English labels with lang=en', async () => {
    const text = await printText('teacher', '?lang=en&omit=pupil');
    for (const label of [
      `Group plan: ${planName}`,
      'Subject: Mathematics',
      'Period: 1 October 2025 – 31 March 2026',
      'Instruction groups',
      'Enriched (1)',
      'Evaluation',
      'Measured effect',
      'Measured between B5 2025-2026 and E5 2025-2026 (CITO 3.0, 1 pupil).',
      EVALUATION,
      'Compacten en verrijken met de plustaak.',
    ])
      expect(text, label).toContain(label);
    for (const dutch of [
      'Instructiegroepen',
      'Gemeten effect',
      'Vak:',
      'Extra oefentijd bij het rekenen voor Eva.',
    ])
      expect(text, dutch).not.toContain(dutch);
  });

  it('answers by role and tenant as the plan itself, demo and impersonated sessions included', async () => {
    const planB = await createGroupPlan(db(), {
      schoolId: f.school.id,
      yearClassId: f.groupB.id,
      subjectId: RW,
    });
    const otherSchool = await createGroupPlan(db(), { schoolId: f.other.id, subjectId: RW });
    const cases: [Who, number, number][] = [
      ['superuser', planId, 200],
      ['senco', planId, 200],
      ['teacher', planId, 200],
      ['teacher', planB.id, 404],
      ['otherTeacher', planId, 404],
      ['restricted', planId, 403],
      ['outsider', planId, 404],
      ['superuser', otherSchool.id, 404],
      ['demo', planId, 200],
      ['impersonated', planId, 200],
      ['impersonated', planB.id, 404],
      ['superuser', 2147483647, 404],
    ];
    for (const [who, id, status] of cases) {
      const response = await get(who, `/group_plans/${id}/print/?omit=effect`);
      expect([who, id, response.statusCode]).toEqual([who, id, status]);
      if (status === 200) expect(response.headers['content-type']).toBe('application/pdf');
      else expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: api(`/group_plans/${planId}/print/`) });
    expect(anonymous.statusCode).toBe(401);
    // The demo user's printout is the real one.
    expectSections(await printText('demo'), PRINT_SECTIONS);
    // Nothing changed by printing.
    const [plan] = await db().select().from(groupPlans).where(eq(groupPlans.id, planId));
    expect(plan?.evaluation).toBe(EVALUATION);
  });

  it('audits a printout as a read of pupil data of the school', async () => {
    const reads = () =>
      db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'pupil_data.read'),
            eq(auditLog.actorUserId, f.users.senco.id),
            like(auditLog.entity, '%/print/'),
          ),
        );
    const before = (await reads()).length;
    expect((await get('senco', `/group_plans/${planId}/print/?omit=effect`)).statusCode).toBe(200);
    await expect.poll(async () => (await reads()).length).toBe(before + 1);
    expect((await reads()).at(-1)?.schoolId).toBe(f.school.id);
  });
});
