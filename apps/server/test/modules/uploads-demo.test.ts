import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { schoolYearOf, uploadListSchema, uploadPreviewSchema, uploadRecordSchema } from '@leerzicht/contract';
import { pupils, yearClassPupils, yearClasses } from '../../src/db/schema/index';
import { seedDemo } from '../../src/seed/index';
import { DEMO_EDEXML_NEW_PUPIL, DEMO_EDEXML_NEW_TEACHER, demoEdexml } from '../../src/seed/demo-edexml';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/sign-in';
import { edexmlFile, sendUpload, sha256 } from '../helpers/uploads';

/*
 * The demo's uploads: seeded pupils carry keys and ECK-iDs, De Regenboog has uploads in its list, and the demo
 * EDEXML file the e2e test uploads (apps/server/src/seed/demo-edexml.ts) previews as promised against the seeded
 * database: one new pupil, one row error, everything else unchanged.
 */

const TODAY = new Date('2026-11-21T12:00:00Z');
const CURRENT = schoolYearOf(TODAY);
const REGENBOOG = 1;

let t: TestApp;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lz-uploads-demo-'));
  t = await createTestApp({ now: TODAY, env: { DATA_DIR: dataDir } });
  await seedDemo(t.database.db, {
    today: TODAY,
    providerDomain: t.ctx.config.PROVIDER_DOMAIN,
    encryptSecret: (plain) => t.ctx.secretBox.encrypt(plain),
  });
  token = await signIn(t, 'beheer');
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function send(kind: 'preview' | 'apply', file: Buffer, fields: Record<string, string> = {}) {
  return sendUpload(t, token, REGENBOOG, kind, edexmlFile(file, 'edexml-regenboog.xml'), {
    kind: 'EDEXML',
    ...fields,
  });
}

describe('demo uploads', () => {
  it('gives every demo pupil a key and a distinct ECK-iD', async () => {
    const rows = await t.database.db.select({ key: pupils.externalKey, eckId: pupils.eckId }).from(pupils);
    expect(rows.length).toBeGreaterThan(500);
    expect(
      rows.every(
        (row) => row.key !== null && /^https:\/\/ketenid\.nl\/201703\/[0-9a-f]{128}$/.test(row.eckId ?? ''),
      ),
    ).toBe(true);
    expect(new Set(rows.map((row) => row.eckId)).size).toBe(rows.length);
  });

  it('lists the seeded uploads of De Regenboog to beheer', async () => {
    const response = await t.app.inject(
      authed(token, { method: 'GET', url: api(`/schools/${REGENBOOG}/uploads/`) }),
    );
    expect(response.statusCode).toBe(200);
    const page = uploadListSchema.parse(response.json());
    expect(page.count).toBe(2);
    expect(page.results.map((r) => [r.kind, r.status, r.calendarYear, r.uploadedBy])).toEqual([
      ['EDEXML', 'done', CURRENT, 'Bas Jansen'],
      ['EDEXML', 'done', CURRENT, 'Bas Jansen'],
    ]);
    expect(page.results[0]?.counts.pupils?.add).toBe(0);
    expect(page.results[1]?.counts.pupils?.add).toBeGreaterThan(0);
  });

  it('previews the demo EDEXML file as one new pupil and one row error, and applies it', async () => {
    const db = t.database.db;
    const groups = await db
      .select()
      .from(yearClasses)
      .where(and(eq(yearClasses.schoolId, REGENBOOG), eq(yearClasses.calendarYear, CURRENT)));
    const present = await db
      .select({ id: pupils.id })
      .from(yearClassPupils)
      .innerJoin(pupils, eq(pupils.id, yearClassPupils.pupilId))
      .innerJoin(yearClasses, eq(yearClasses.id, yearClassPupils.yearClassId))
      .where(
        and(
          eq(yearClasses.schoolId, REGENBOOG),
          eq(yearClasses.calendarYear, CURRENT),
          isNull(pupils.dateLeft),
        ),
      );

    const file = Buffer.from(demoEdexml(TODAY, t.ctx.config.PROVIDER_DOMAIN));
    const response = await send('preview', file);
    expect(response.statusCode, response.body).toBe(200);
    const preview = uploadPreviewSchema.parse(response.json());
    expect(preview.errorCount).toBe(1);
    expect(preview.errors[0]).toMatchObject({ code: 'invalid_date', field: 'geboortedatum' });
    const text = file.toString();
    const errorLine = text.split('\n')[(preview.errors[0]?.line ?? 0) - 1] ?? '';
    expect(errorLine).toContain('<leerling key=');
    // The present pupils but the one with the error are unchanged; Noor is new.
    expect(preview.counts).toEqual({
      pupils: { add: 1, change: 0, unchanged: present.length - 1 },
      groups: { add: 0, change: 0, unchanged: groups.length },
      teachers: { add: 0, change: 0, unchanged: 2 },
      pupilsLeft: 0,
    });
    expect(preview.teachers).toContainEqual({
      email: DEMO_EDEXML_NEW_TEACHER.email,
      name: DEMO_EDEXML_NEW_TEACHER.name,
      hasAccount: false,
      isMember: false,
      addressProblem: null,
      givenAddress: null,
      roles: [],
      roleDescriptions: [],
    });

    const hash = sha256(file);
    const applied = await send('apply', file, { sha256: hash, skipRowErrors: 'true' });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(uploadRecordSchema.parse(applied.json()).counts.pupils?.add).toBe(1);
    const [noor] = await db.select().from(pupils).where(eq(pupils.externalKey, DEMO_EDEXML_NEW_PUPIL.key));
    expect(noor).toMatchObject({
      schoolId: REGENBOOG,
      firstName: DEMO_EDEXML_NEW_PUPIL.firstName,
      lastNamePrefix: DEMO_EDEXML_NEW_PUPIL.lastNamePrefix,
      lastName: DEMO_EDEXML_NEW_PUPIL.lastName,
    });
    const [place] = await db
      .select({ name: yearClasses.name, grade: yearClassPupils.grade })
      .from(yearClassPupils)
      .innerJoin(yearClasses, eq(yearClasses.id, yearClassPupils.yearClassId))
      .where(eq(yearClassPupils.pupilId, noor?.id ?? 0));
    expect(place).toEqual({ name: DEMO_EDEXML_NEW_PUPIL.groupName, grade: DEMO_EDEXML_NEW_PUPIL.grade });
  });
});
