import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectoratePreviewSchema, schoolInspectionSchema } from '@leerzicht/contract';
import { createSecretBox } from '../../src/platform/secret-box';
import { seedDemo } from '../../src/seed/index';
import { KOMPAS, REGENBOOG } from '../../src/seed/schools';
import {
  EXAMPLE_FIRST_YEAR,
  EXAMPLE_NAME,
  EXAMPLES_DIR,
  exampleRows,
} from '../fixtures/uploads/inspectorate/write-example';
import { api, authed, createTestApp, type TestApp } from '../helpers/app';
import { addMember, createUser } from '../helpers/factories';
import { inspectorateCsv, inspectorateOds } from '../helpers/inspectorate-file';
import { signIn } from '../helpers/sign-in';
import { multipartPayload } from '../helpers/ticketing';

/*
 * The inspectorate example files of docs/uploads/examples/ are what write-example.ts writes, and on the demo as
 * seeded in school year 2026-2027 they match the two demo schools, whose stored published rows they equal.
 */
const TODAY = new Date('2026-11-25T12:00:00Z');

describe('the inspectorate example files in docs/uploads/examples', () => {
  let t: TestApp;
  let staffToken = '';
  let superuserToken = '';

  beforeAll(async () => {
    t = await createTestApp({ now: TODAY });
    const secretBox = createSecretBox('test-key-material-test-key-material');
    await seedDemo(t.database.db, {
      today: TODAY,
      providerDomain: t.ctx.config.PROVIDER_DOMAIN,
      encryptSecret: (plain) => secretBox.encrypt(plain),
    });
    const staff = await createUser(t.database.db, {
      email: `inspectorate-staff@${t.ctx.config.PROVIDER_DOMAIN}`,
      isProviderStaff: true,
    });
    const superuser = await createUser(t.database.db);
    await addMember(t.database.db, REGENBOOG.id, superuser.id, { isSchoolSuperuser: true });
    staffToken = await signIn(t, staff);
    superuserToken = await signIn(t, superuser);
  }, 180_000);
  afterAll(() => t.close());

  it('are the files write-example.ts writes', async () => {
    const csv = await readFile(path.join(EXAMPLES_DIR, `${EXAMPLE_NAME}.csv`), 'utf8');
    expect(csv).toBe(inspectorateCsv(EXAMPLE_FIRST_YEAR, exampleRows()));
    const ods = await readFile(path.join(EXAMPLES_DIR, `${EXAMPLE_NAME}.ods`));
    // The zip's dates differ per run: compare what it holds.
    const entries = (bytes: Uint8Array) =>
      Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
    expect(entries(ods)).toEqual(entries(inspectorateOds(EXAMPLE_FIRST_YEAR, exampleRows())));
  });

  it.each(['ods', 'csv'])(
    'the %s file matches both demo schools, unchanged against the demo',
    async (ext) => {
      const name = `${EXAMPLE_NAME}.${ext}`;
      const content = await readFile(path.join(EXAMPLES_DIR, name));
      const { payload, headers } = await multipartPayload({}, [{ field: 'file', name, content }]);
      const response = await t.app.inject(
        authed(staffToken, { method: 'POST', url: api('/inspectorate-figures/preview/'), payload, headers }),
      );
      expect(response.statusCode).toBe(200);
      const preview = inspectoratePreviewSchema.parse(response.json());
      expect(preview.matched.map((row) => [row.schoolId, row.status])).toEqual([
        [REGENBOOG.id, 'unchanged'],
        [KOMPAS.id, 'unchanged'],
      ]);
      expect(preview.unmatchedCount).toBe(2);
      expect(preview.rowErrors).toEqual([]);
    },
  );

  it("gives the demo's inspection panel the inspectorate's published figures and its verdict values", async () => {
    const response = await t.app.inject(
      authed(superuserToken, { method: 'GET', url: api(`/school-inspection/${REGENBOOG.id}/`) }),
    );
    const body = schoolInspectionSchema.parse(response.json());
    expect(body.published.map((row) => row.ovt)).toEqual([`${REGENBOOG.brinCode}|C1`]);
    expect(body.signalSource?.kind).toBe('imported');
    expect(body.signalTarget).toBe(50.1);
    expect(body.signal1F).toBe(85);
  });
});
