import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import { UPLOAD_MAX_DEPTH, UPLOAD_MAX_ROWS } from '@leerzicht/contract';
import { UploadRefused } from '../importer';
import { tooDeep, tooManyRows, type ReadDeadline } from '../read-limits';
import { decoderFor, encodingOf, isDangerousDoctype } from './xml-text';

/*
 * Reads an EDEXML 2.1 file as a stream (saxes: a well-formedness-checking parser that does not read DTDs and
 * never fetches anything) into plain rows with the line each row starts on. Nothing is validated here beyond
 * well-formedness, the root element, the DOCTYPE rule and the limits (depth, rows, time): rows.ts checks the content.
 */

export interface RawGroup {
  line: number;
  key: string | null;
  naam: string | null;
  jaargroep: string | null;
}

export interface RawPupil {
  line: number;
  key: string | null;
  eckid: string | null;
  achternaam: string | null;
  voorvoegsel: string | null;
  voornamen: string | null;
  roepnaam: string | null;
  geboortedatum: string | null;
  geslacht: string | null;
  jaargroep: string | null;
  /** The `groep` element's key; undefined when the pupil has no `groep` element. */
  groepKey: string | null | undefined;
  /** The line of the `groep` element (errors about the group point there). */
  groepLine: number | null;
}

export interface RawTeacher {
  line: number;
  key: string | null;
  achternaam: string | null;
  voorvoegsel: string | null;
  roepnaam: string | null;
  emailadres: string | null;
  groups: { line: number; key: string | null }[];
}

export interface EdexDocument {
  schoolLine: number | null;
  schooljaar: string | null;
  brincode: string | null;
  groups: RawGroup[];
  pupils: RawPupil[];
  teachers: RawTeacher[];
}

const PUPIL_FIELDS = [
  'achternaam',
  'voorvoegsel',
  'voornamen',
  'roepnaam',
  'geboortedatum',
  'geslacht',
  'jaargroep',
] as const;
const TEACHER_FIELDS = ['achternaam', 'voorvoegsel', 'roepnaam', 'emailadres'] as const;

/**
 * The element paths this reader takes anything from. Each open element's path is kept only while it is one of
 * these (null below anything else), so following the path costs the same at every tag however deep the file is.
 */
const READ_PATHS = new Set<string>([
  'EDEX',
  'EDEX/school',
  'EDEX/school/schooljaar',
  'EDEX/school/brincode',
  'EDEX/groepen',
  'EDEX/groepen/groep',
  'EDEX/groepen/groep/naam',
  'EDEX/groepen/groep/jaargroep',
  'EDEX/leerlingen',
  'EDEX/leerlingen/leerling',
  'EDEX/leerlingen/leerling/groep',
  ...PUPIL_FIELDS.map((field) => `EDEX/leerlingen/leerling/${field}`),
  'EDEX/leerkrachten',
  'EDEX/leerkrachten/leerkracht',
  ...TEACHER_FIELDS.map((field) => `EDEX/leerkrachten/leerkracht/${field}`),
  'EDEX/leerkrachten/leerkracht/groepen',
  'EDEX/leerkrachten/leerkracht/groepen/groep',
]);

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The element name without a namespace prefix. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Text content: trimmed, and null when empty. */
const clean = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The whole file as rows, refused when it nests deeper than UPLOAD_MAX_DEPTH, has more than UPLOAD_MAX_ROWS rows
 * or takes longer than the deadline.
 */
export async function parseEdexml(filePath: string, deadline: ReadDeadline): Promise<EdexDocument> {
  const decoder = decoderFor(await encodingOf(filePath));
  const doc: EdexDocument = {
    schoolLine: null,
    schooljaar: null,
    brincode: null,
    groups: [],
    pupils: [],
    teachers: [],
  };
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  // The first refusal wins; parsing stops at the end of the chunk in which it happened.
  const failures: UploadRefused[] = [];
  const fail = (refusal: UploadRefused) => {
    failures.push(refusal);
  };
  // Per open element: its path when it is one of READ_PATHS, else null; and its text so far.
  const paths: (string | null)[] = [];
  const texts: string[] = [];
  let group: RawGroup | null = null;
  let pupil: RawPupil | null = null;
  let teacher: RawTeacher | null = null;
  let rows = 0;
  const countRow = () => {
    rows += 1;
    if (rows > UPLOAD_MAX_ROWS) fail(tooManyRows(parser.line, 'rows (groups, pupils and teachers)'));
  };

  parser.on('doctype', (doctype) => {
    if (isDangerousDoctype(doctype))
      fail(
        new UploadRefused(
          'xml_entities',
          'The file declares XML entities or refers to external files (DOCTYPE): such files are refused.',
          {},
          parser.line,
        ),
      );
  });
  parser.on('error', (error) => {
    fail(
      new UploadRefused(
        'broken_xml',
        `The file is not well-formed XML: ${error.message}`,
        { reason: error.message },
        parser.line,
      ),
    );
  });
  parser.on('text', (text) => {
    if (texts.length > 0) texts[texts.length - 1] += text;
  });
  parser.on('cdata', (text) => {
    if (texts.length > 0) texts[texts.length - 1] += text;
  });
  parser.on('opentag', (tag) => {
    // After a refusal the rest of the chunk is only run through (the element stack is no longer followed).
    if (failures.length > 0) return;
    const name = localName(tag.name);
    const line = parser.line;
    if (paths.length >= UPLOAD_MAX_DEPTH) {
      fail(tooDeep(line));
      return;
    }
    if (paths.length === 0 && name !== 'EDEX')
      fail(
        new UploadRefused(
          'not_edexml',
          `This is not an EDEXML file: its root element is ${name}, not EDEX.`,
          {
            root: name,
          },
          line,
        ),
      );
    const parent = paths.length === 0 ? '' : paths[paths.length - 1];
    const candidate = parent === null ? null : parent === '' ? name : `${parent}/${name}`;
    const at = candidate !== null && READ_PATHS.has(candidate) ? candidate : null;
    paths.push(at);
    texts.push('');
    if (at === null) return;
    const key = clean(tag.attributes.key);
    if (at === 'EDEX/school') doc.schoolLine = line;
    else if (at === 'EDEX/groepen/groep') {
      group = { line, key, naam: null, jaargroep: null };
      countRow();
    } else if (at === 'EDEX/leerlingen/leerling') {
      pupil = {
        line,
        key,
        eckid: clean(tag.attributes.eckid),
        achternaam: null,
        voorvoegsel: null,
        voornamen: null,
        roepnaam: null,
        geboortedatum: null,
        geslacht: null,
        jaargroep: null,
        groepKey: undefined,
        groepLine: null,
      };
      countRow();
    } else if (at === 'EDEX/leerlingen/leerling/groep' && pupil) {
      pupil.groepKey = key;
      pupil.groepLine = line;
    } else if (at === 'EDEX/leerkrachten/leerkracht') {
      teacher = {
        line,
        key,
        achternaam: null,
        voorvoegsel: null,
        roepnaam: null,
        emailadres: null,
        groups: [],
      };
      countRow();
    } else if (at === 'EDEX/leerkrachten/leerkracht/groepen/groep' && teacher)
      teacher.groups.push({ line, key });
  });
  parser.on('closetag', (tag) => {
    if (failures.length > 0) return;
    const at = paths.pop() ?? null;
    const text = clean(texts.pop());
    if (at === null) return;
    const name = localName(tag.name);
    if (at === 'EDEX/school/schooljaar') doc.schooljaar = text;
    else if (at === 'EDEX/school/brincode') doc.brincode = text;
    else if (at === 'EDEX/groepen/groep' && group) {
      doc.groups.push(group);
      group = null;
    } else if (at === 'EDEX/groepen/groep/naam' && group) group.naam = text;
    else if (at === 'EDEX/groepen/groep/jaargroep' && group) group.jaargroep = text;
    else if (at === 'EDEX/leerlingen/leerling' && pupil) {
      doc.pupils.push(pupil);
      pupil = null;
    } else if (at === `EDEX/leerlingen/leerling/${name}` && pupil && isOneOf(PUPIL_FIELDS, name))
      pupil[name] = text;
    else if (at === 'EDEX/leerkrachten/leerkracht' && teacher) {
      doc.teachers.push(teacher);
      teacher = null;
    } else if (at === `EDEX/leerkrachten/leerkracht/${name}` && teacher && isOneOf(TEACHER_FIELDS, name))
      teacher[name] = text;
  });

  const stream = createReadStream(filePath);
  try {
    for await (const chunk of stream) {
      if (!(chunk instanceof Buffer)) continue;
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw new UploadRefused(
          'broken_xml',
          'The file has bytes that are not valid in its encoding.',
          {},
          parser.line,
        );
      }
      parser.write(text);
      if (failures[0]) throw failures[0];
      // Between chunks (64 KB, a few milliseconds each): the stream's reads give the event loop its turns.
      deadline.check(parser.line);
    }
    try {
      parser.write(decoder.decode());
    } catch {
      throw new UploadRefused('broken_xml', 'The file ends in the middle of a character.', {}, parser.line);
    }
    parser.close();
  } finally {
    stream.destroy();
  }
  if (failures[0]) throw failures[0];
  if (doc.schoolLine === null && doc.groups.length === 0 && doc.pupils.length === 0)
    throw new UploadRefused('not_edexml', 'This is not an EDEXML file: it has no school, groups or pupils.');
  return doc;
}
