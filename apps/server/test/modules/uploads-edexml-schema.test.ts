import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  documentPaths,
  LATER_SCHOOL_YEARS,
  schemaFile,
  schemaPaths,
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

describe('the EDEXML fixtures cover the schema', () => {
  const valid = readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.xml') && !NOT_VALIDATED.has(name) && !(name in BROKEN))
    .sort();

  it('have every element and attribute the schema allows at least once, and nothing else', () => {
    const allowed = schemaPaths();
    // A sample of what the schema walk must find, so that a walk that found little cannot pass.
    for (const path of [
      'EDEX/school/instellingsnummer',
      'EDEX/vestigingen/vestiging/@key',
      'EDEX/groepen/samengestelde_groep/toevoegingen/blok/opmerking',
      'EDEX/leerlingen/leerling/voorletters-1',
      'EDEX/leerlingen/leerling/uitstroomdatum',
      'EDEX/leerkrachten/leerkracht/groepen/samengestelde_groep/rolomschrijving',
    ])
      expect(allowed, path).toContain(path);
    const found = new Map<string, string[]>();
    for (const name of valid)
      for (const path of documentPaths(text(name))) found.set(path, [...(found.get(path) ?? []), name]);
    expect([...allowed].filter((path) => !found.has(path)).sort()).toEqual([]);
    expect([...found.keys()].filter((path) => !allowed.has(path)).sort()).toEqual([]);
  });

  it("include files written as both of Edustandaard's example exports are", () => {
    expect(valid).toEqual(expect.arrayContaining(['example-shape.xml', 'flemish-shape.xml']));
    // The examples put the root in no namespace and name the schema with noNamespaceSchemaLocation.
    for (const name of valid)
      expect(text(name), name).toContain(
        '<EDEX xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="EDEXML.structuur.xsd">',
      );
  });
});
