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
 * Elements the app has no use for (addresses, national numbers, weights, additions) are passed over unread.
 */

export interface RawGroup {
  line: number;
  key: string | null;
  naam: string | null;
  jaargroep: string | null;
  /** A samengestelde_groep (composed group: pupils of several groups), which has no jaargroep. */
  composed: boolean;
}

export interface RawLocation {
  line: number;
  key: string | null;
  naam: string | null;
}

export interface RawPupil {
  line: number;
  key: string | null;
  eckid: string | null;
  achternaam: string | null;
  voorvoegsel: string | null;
  voornamen: string | null;
  voorletters: string | null;
  roepnaam: string | null;
  geboortedatum: string | null;
  geslacht: string | null;
  jaargroep: string | null;
  uitstroomdatum: string | null;
  /** The `groep` element's key; undefined when the pupil has no `groep` element. */
  groepKey: string | null | undefined;
  /** The line of the `groep` element (errors about the group point there). */
  groepLine: number | null;
  /** The `vestiging` element's key; undefined when the pupil has none. */
  vestigingKey: string | null | undefined;
  vestigingLine: number | null;
}

export interface RawTeacherGroup {
  line: number;
  key: string | null;
  composed: boolean;
  roles: string[];
  roleDescriptions: string[];
}

export interface RawTeacher {
  line: number;
  key: string | null;
  achternaam: string | null;
  voorvoegsel: string | null;
  voornamen: string | null;
  voorletters: string | null;
  roepnaam: string | null;
  emailadres: string | null;
  roles: string[];
  roleDescriptions: string[];
  groups: RawTeacherGroup[];
}

export interface EdexDocument {
  schoolLine: number | null;
  schooljaar: string | null;
  brincode: string | null;
  /** The Flemish school number, in place of a brincode. */
  instellingsnummer: string | null;
  locations: RawLocation[];
  groups: RawGroup[];
  pupils: RawPupil[];
  teachers: RawTeacher[];
}

type PupilText =
  | 'achternaam'
  | 'voorvoegsel'
  | 'voornamen'
  | 'voorletters'
  | 'roepnaam'
  | 'geboortedatum'
  | 'geslacht'
  | 'jaargroep'
  | 'uitstroomdatum';
type TeacherText = 'achternaam' | 'voorvoegsel' | 'voornamen' | 'voorletters' | 'roepnaam' | 'emailadres';

/** The pupil's and teacher's text elements read, by element name (EDEXML writes voorletters as `voorletters-1`). */
const PUPIL_FIELDS = new Map<string, PupilText>([
  ['achternaam', 'achternaam'],
  ['voorvoegsel', 'voorvoegsel'],
  ['voornamen', 'voornamen'],
  ['voorletters-1', 'voorletters'],
  ['roepnaam', 'roepnaam'],
  ['geboortedatum', 'geboortedatum'],
  ['geslacht', 'geslacht'],
  ['jaargroep', 'jaargroep'],
  ['uitstroomdatum', 'uitstroomdatum'],
]);
const TEACHER_FIELDS = new Map<string, TeacherText>([
  ['achternaam', 'achternaam'],
  ['voorvoegsel', 'voorvoegsel'],
  ['voornamen', 'voornamen'],
  ['voorletters-1', 'voorletters'],
  ['roepnaam', 'roepnaam'],
  ['emailadres', 'emailadres'],
]);

const PUPIL = 'EDEX/leerlingen/leerling';
const TEACHER = 'EDEX/leerkrachten/leerkracht';
const TEACHER_GROUPS = [`${TEACHER}/groepen/groep`, `${TEACHER}/groepen/samengestelde_groep`];

/**
 * The element paths this reader takes anything from. Each open element's path is kept only while it is one of
 * these (null below anything else), so following the path costs the same at every tag however deep the file is.
 */
const READ_PATHS = new Set<string>([
  'EDEX',
  'EDEX/school',
  'EDEX/school/schooljaar',
  'EDEX/school/brincode',
  'EDEX/school/instellingsnummer',
  'EDEX/vestigingen',
  'EDEX/vestigingen/vestiging',
  'EDEX/vestigingen/vestiging/naam',
  'EDEX/groepen',
  'EDEX/groepen/groep',
  'EDEX/groepen/groep/naam',
  'EDEX/groepen/groep/jaargroep',
  'EDEX/groepen/samengestelde_groep',
  'EDEX/groepen/samengestelde_groep/naam',
  'EDEX/leerlingen',
  PUPIL,
  `${PUPIL}/groep`,
  `${PUPIL}/vestiging`,
  ...[...PUPIL_FIELDS.keys()].map((field) => `${PUPIL}/${field}`),
  'EDEX/leerkrachten',
  TEACHER,
  ...[...TEACHER_FIELDS.keys()].map((field) => `${TEACHER}/${field}`),
  `${TEACHER}/rol`,
  `${TEACHER}/rolomschrijving`,
  `${TEACHER}/groepen`,
  ...TEACHER_GROUPS,
  ...TEACHER_GROUPS.flatMap((path) => [`${path}/rol`, `${path}/rolomschrijving`]),
]);

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
    instellingsnummer: null,
    locations: [],
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
  let location: RawLocation | null = null;
  let group: RawGroup | null = null;
  let pupil: RawPupil | null = null;
  let teacher: RawTeacher | null = null;
  let teacherGroup: RawTeacherGroup | null = null;
  let rows = 0;
  const countRow = () => {
    rows += 1;
    if (rows > UPLOAD_MAX_ROWS)
      fail(tooManyRows(parser.line, 'rows (locations, groups, pupils and teachers)'));
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
    else if (at === 'EDEX/vestigingen/vestiging') {
      location = { line, key, naam: null };
      countRow();
    } else if (at === 'EDEX/groepen/groep' || at === 'EDEX/groepen/samengestelde_groep') {
      group = { line, key, naam: null, jaargroep: null, composed: at !== 'EDEX/groepen/groep' };
      countRow();
    } else if (at === PUPIL) {
      pupil = {
        line,
        key,
        eckid: clean(tag.attributes.eckid),
        achternaam: null,
        voorvoegsel: null,
        voornamen: null,
        voorletters: null,
        roepnaam: null,
        geboortedatum: null,
        geslacht: null,
        jaargroep: null,
        uitstroomdatum: null,
        groepKey: undefined,
        groepLine: null,
        vestigingKey: undefined,
        vestigingLine: null,
      };
      countRow();
    } else if (at === `${PUPIL}/groep` && pupil) {
      pupil.groepKey = key;
      pupil.groepLine = line;
    } else if (at === `${PUPIL}/vestiging` && pupil) {
      pupil.vestigingKey = key;
      pupil.vestigingLine = line;
    } else if (at === TEACHER) {
      teacher = {
        line,
        key,
        achternaam: null,
        voorvoegsel: null,
        voornamen: null,
        voorletters: null,
        roepnaam: null,
        emailadres: null,
        roles: [],
        roleDescriptions: [],
        groups: [],
      };
      countRow();
    } else if (TEACHER_GROUPS.includes(at) && teacher) {
      teacherGroup = { line, key, composed: at !== TEACHER_GROUPS[0], roles: [], roleDescriptions: [] };
      teacher.groups.push(teacherGroup);
    }
  });
  parser.on('closetag', (tag) => {
    if (failures.length > 0) return;
    const at = paths.pop() ?? null;
    const text = clean(texts.pop());
    if (at === null) return;
    const name = localName(tag.name);
    if (at === 'EDEX/school/schooljaar') doc.schooljaar = text;
    else if (at === 'EDEX/school/brincode') doc.brincode = text;
    else if (at === 'EDEX/school/instellingsnummer') doc.instellingsnummer = text;
    else if (at === 'EDEX/vestigingen/vestiging' && location) {
      doc.locations.push(location);
      location = null;
    } else if (at === 'EDEX/vestigingen/vestiging/naam' && location) location.naam = text;
    else if ((at === 'EDEX/groepen/groep' || at === 'EDEX/groepen/samengestelde_groep') && group) {
      doc.groups.push(group);
      group = null;
    } else if ((at === 'EDEX/groepen/groep/naam' || at === 'EDEX/groepen/samengestelde_groep/naam') && group)
      group.naam = text;
    else if (at === 'EDEX/groepen/groep/jaargroep' && group) group.jaargroep = text;
    else if (at === PUPIL && pupil) {
      doc.pupils.push(pupil);
      pupil = null;
    } else if (at === `${PUPIL}/${name}` && pupil) {
      const field = PUPIL_FIELDS.get(name);
      if (field) pupil[field] = text;
    } else if (at === TEACHER && teacher) {
      doc.teachers.push(teacher);
      teacher = null;
    } else if (at === `${TEACHER}/rol` && teacher && text !== null) teacher.roles.push(text);
    else if (at === `${TEACHER}/rolomschrijving` && teacher && text !== null)
      teacher.roleDescriptions.push(text);
    else if (TEACHER_GROUPS.includes(at)) teacherGroup = null;
    else if (teacherGroup && text !== null && TEACHER_GROUPS.some((path) => at === `${path}/rol`))
      teacherGroup.roles.push(text);
    else if (teacherGroup && text !== null && TEACHER_GROUPS.some((path) => at === `${path}/rolomschrijving`))
      teacherGroup.roleDescriptions.push(text);
    else if (at === `${TEACHER}/${name}` && teacher) {
      const field = TEACHER_FIELDS.get(name);
      if (field) teacher[field] = text;
    }
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
