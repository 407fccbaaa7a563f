import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LATER_SCHOOL_YEARS,
  schemaFile,
  validateEdexml,
  withLaterSchoolYears,
} from '../helpers/edexml-schema';
import { fixture, FIXTURE_DIR, lineOf } from '../fixtures/uploads/edexml/school';

/*
 * The EDEXML fixtures against the real EDEXML 2.1 schema (Edustandaard's XSD, libxml2 through xmllint-wasm), with
 * later school years allowed (the README in fixtures/uploads/edexml/schema says how). Every fixture is valid, except
 * those made to break a rule, which break exactly the one rule their test is about.
 */

const text = (name: string) => fixture(name).toString('utf8');

/** Fixtures that break the schema on purpose: the line and the message of each violation, in order. */
const BROKEN: Record<string, { line: (text: string) => number; message: RegExp }[]> = {
  'broken.xml': [
    {
      line: (t) => lineOf(t, '</leerling>', t.indexOf('key="L003"')),
      message: /Opening and ending tag mismatch: achternaam/,
    },
  ],
  'duplicate-pupil-key.xml': [
    {
      line: (t) => lineOf(t, '<leerling key="L003"', t.indexOf('<leerling key="L003"') + 1),
      message: /Duplicate key-sequence \['L003'\] in key identity-constraint 'leerlingKey'/,
    },
  ],
  'invalid-rows.xml': [
    {
      line: (t) => lineOf(t, '<geboortedatum>2016-02-30'),
      message: /'2016-02-30' is not a valid value of the atomic type 'xs:date'/,
    },
    { line: (t) => lineOf(t, '<jaargroep>9</jaargroep>'), message: /'9' is not an element of the set/ },
  ],
  'unknown-group.xml': [
    {
      line: (t) => lineOf(t, '<groep key="G9"/>'),
      message: /No match found for key-sequence \['G9'\] of keyref 'groepsRefLeerling'/,
    },
  ],
};
/** Refused before anything is read (a DOCTYPE with entities): not given to the validator, which would expand them. */
const NOT_VALIDATED = new Set(['entity-expansion.xml', 'external-entity.xml']);

describe('the EDEXML 2.1 schema', () => {
  it('is patched only by the later school years', () => {
    const original = schemaFile('EDEXML.types.variabel.xsd');
    const patched = withLaterSchoolYears(original);
    const added = patched.split('\n').filter((line) => !original.split('\n').includes(line));
    expect(added.map((line) => line.trim())).toEqual(
      LATER_SCHOOL_YEARS.map((year) => `<xs:enumeration value="${year}"/>`),
    );
    expect(patched.split('\n').filter((line) => !added.includes(line))).toEqual(original.split('\n'));
  });

  it('refuses 2025-2026 as published, and allows it with later years', async () => {
    const doc = [{ name: 'valid.xml', text: text('valid.xml') }];
    const published = await validateEdexml(doc, { laterYears: false });
    expect(published.get('valid.xml')).toEqual([
      {
        line: lineOf(text('valid.xml'), '<schooljaar>'),
        message: expect.stringMatching(/'2025-2026' is not an element of the set/),
      },
    ]);
    expect((await validateEdexml(doc)).get('valid.xml')).toEqual([]);
  });
});

describe('the EDEXML fixtures against the schema', () => {
  const names = readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.xml') && !NOT_VALIDATED.has(name))
    .sort();

  it('are all valid but for the rule each broken one is about', async () => {
    const results = await validateEdexml(names.map((name) => ({ name, text: text(name) })));
    for (const name of names) {
      const expected = (BROKEN[name] ?? []).map(({ line, message }) => ({
        line: line(text(name)),
        message: expect.stringMatching(message),
      }));
      // A well-formedness error stops the schema check and repeats at every later end tag: the first one counts.
      const errors = results.get(name) ?? [];
      expect(name === 'broken.xml' ? errors.slice(0, 1) : errors, name).toEqual(expected);
    }
  });

  it('broken.xml is valid once its one unclosed element is closed', async () => {
    const closed = text('broken.xml').replace('<achternaam>Bakker\n', '<achternaam>Bakker</achternaam>\n');
    expect(closed).not.toBe(text('broken.xml'));
    expect((await validateEdexml([{ name: 'closed.xml', text: closed }])).get('closed.xml')).toEqual([]);
  });
});
