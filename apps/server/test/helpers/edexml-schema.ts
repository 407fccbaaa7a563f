import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/*
 * Validation against the real EDEXML 2.1 schema (Edustandaard's XSD files in
 * test/fixtures/uploads/edexml/schema/EDEXML-2.1, see the README there) with libxml2's xmllint compiled to
 * WebAssembly (xmllint-wasm): the same validator as `xmllint --schema`, without any system package.
 */

export const SCHEMA_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/uploads/edexml/schema/EDEXML-2.1',
);
const ROOT = 'EDEXML.structuur.xsd';
const INCLUDED = ['EDEXML.elementen.xsd', 'EDEXML.types.vast.xsd', 'EDEXML.types.variabel.xsd'] as const;
const LAST_LISTED_YEAR = '<xs:enumeration value="2024-2025"/>';

/** The school years the tests allow beyond the schema's list (which ends with 2024-2025). */
export const LATER_SCHOOL_YEARS = Array.from({ length: 25 }, (_, i) => `${2025 + i}-${2026 + i}`);

export const schemaFile = (name: string) => readFileSync(path.join(SCHEMA_DIR, name), 'utf8');

/** EDEXML.types.variabel.xsd with LATER_SCHOOL_YEARS inserted after 2024-2025: the README's one change. */
export function withLaterSchoolYears(variabel: string): string {
  const at = variabel.indexOf(LAST_LISTED_YEAR);
  if (at < 0 || variabel.indexOf(LAST_LISTED_YEAR, at + 1) >= 0)
    throw new Error('EDEXML.types.variabel.xsd: 2024-2025 is not listed exactly once');
  const indent = /[ \t]*$/.exec(variabel.slice(0, at))?.[0] ?? '';
  const end = at + LAST_LISTED_YEAR.length;
  const added = LATER_SCHOOL_YEARS.map((year) => `\n${indent}<xs:enumeration value="${year}"/>`).join('');
  return variabel.slice(0, end) + added + variabel.slice(end);
}

function schemaFiles(laterYears: boolean): { root: XMLFileInfo; preload: XMLFileInfo[] } {
  return {
    root: { fileName: ROOT, contents: schemaFile(ROOT) },
    preload: INCLUDED.map((fileName) => {
      const contents = schemaFile(fileName);
      return {
        fileName,
        contents:
          laterYears && fileName === 'EDEXML.types.variabel.xsd' ? withLaterSchoolYears(contents) : contents,
      };
    }),
  };
}

export interface SchemaError {
  line: number | null;
  message: string;
}

/**
 * Validates documents against the EDEXML 2.1 schema (with later school years allowed unless `laterYears` is
 * false), all in one run of xmllint (compiling the schema once): each document's name with its errors (none:
 * valid). xmllint reads only UTF-8, so other encodings are decoded by the caller.
 */
export async function validateEdexml(
  documents: readonly { name: string; text: string }[],
  { laterYears = true }: { laterYears?: boolean } = {},
): Promise<Map<string, SchemaError[]>> {
  const { root, preload } = schemaFiles(laterYears);
  const result = await validateXML({
    xml: documents.map((doc) => ({ fileName: doc.name, contents: doc.text })),
    schema: [root],
    preload,
  });
  const byName = new Map<string, SchemaError[]>();
  const failed = new Set(
    result.rawOutput.split('\n').flatMap((line) => /^(.*) fails to validate$/.exec(line)?.[1] ?? []),
  );
  for (const doc of documents) {
    // xmllint continues an error on lines without a position (the source line, a caret): only positioned ones count.
    const errors = result.errors
      .filter((error) => error.loc?.fileName === doc.name)
      .map((error) => ({ line: error.loc?.lineNumber ?? null, message: error.message.trim() }));
    if (errors.length === 0 && failed.has(doc.name))
      errors.push({ line: null, message: 'fails to validate' });
    byName.set(doc.name, errors);
  }
  if (/failed to compile/.test(result.rawOutput))
    throw new Error(`the schema did not compile: ${result.rawOutput}`);
  return byName;
}

interface XsdNode {
  name: string;
  attributes: Record<string, string>;
  children: XsdNode[];
}

function parseTree(text: string): XsdNode {
  const parser = new SaxesParser();
  const root: XsdNode = { name: '#root', attributes: {}, children: [] };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes))
      if (typeof value === 'string') attributes[key] = value;
    const node: XsdNode = { name: tag.name, attributes, children: [] };
    stack[stack.length - 1]?.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  return root;
}

/**
 * Every element and attribute path a document valid against the EDEXML 2.1 schema can have ("EDEX/school/peildatum",
 * "EDEX/leerlingen/leerling/@eckid"), worked out from the XSD files: named and inline complex types, extensions, and
 * for the abstract ToevoegingsBlokType every type derived from it (the `blok` elements carry xsi:type).
 */
export function schemaPaths(): Set<string> {
  const schemas = [ROOT, ...INCLUDED].map((name) => parseTree(schemaFile(name)).children[0]);
  const types = new Map<string, XsdNode>();
  const derived = new Map<string, string[]>();
  let edex: XsdNode | undefined;
  for (const schema of schemas)
    for (const node of schema?.children ?? []) {
      const typeName = node.attributes.name;
      if (node.name === 'xs:complexType' && typeName) types.set(typeName, node);
      if (node.name === 'xs:element' && typeName === 'EDEX') edex = node;
    }
  const extensionOf = (type: XsdNode) =>
    type.children
      .find((child) => child.name === 'xs:complexContent')
      ?.children.find((child) => child.name === 'xs:extension')?.attributes.base;
  for (const [name, type] of types) {
    const base = extensionOf(type);
    if (base) derived.set(base, [...(derived.get(base) ?? []), name]);
  }
  const paths = new Set<string>();
  /** The element and attribute declarations of a complex type (with its base's), wherever they are nested. */
  const members = (type: XsdNode): XsdNode[] => {
    const found: XsdNode[] = [];
    const visit = (node: XsdNode) => {
      for (const child of node.children) {
        if (child.name === 'xs:element' || child.name === 'xs:attribute') found.push(child);
        else if (child.name === 'xs:extension') {
          const base = types.get(child.attributes.base ?? '');
          if (base) found.push(...members(base));
          visit(child);
        } else visit(child);
      }
    };
    visit(type);
    return found;
  };
  const walk = (path: string, type: XsdNode) => {
    for (const member of members(type)) {
      const name = member.attributes.name ?? '';
      if (member.name === 'xs:attribute') {
        paths.add(`${path}/@${name}`);
        continue;
      }
      const childPath = `${path}/${name}`;
      paths.add(childPath);
      const inline = member.children.find((child) => child.name === 'xs:complexType');
      const named = types.get(member.attributes.type ?? '');
      const concrete =
        named?.attributes.abstract === 'true'
          ? (derived.get(member.attributes.type ?? '') ?? []).flatMap((name) => types.get(name) ?? [])
          : [inline ?? named].flatMap((type) => (type ? [type] : []));
      for (const type of concrete) walk(childPath, type);
    }
  };
  const edexType = types.get(edex?.attributes.type ?? '');
  if (!edexType) throw new Error('EDEXML.structuur.xsd: no EDEX element of a named type');
  paths.add('EDEX');
  walk('EDEX', edexType);
  return paths;
}

/** The element and attribute paths of a document (attributes of the XML Schema instance namespace left out). */
export function documentPaths(text: string): Set<string> {
  const parser = new SaxesParser();
  const stack: string[] = [];
  const paths = new Set<string>();
  parser.on('opentag', (tag) => {
    const path = stack.length === 0 ? tag.name : `${stack[stack.length - 1]}/${tag.name}`;
    stack.push(path);
    paths.add(path);
    for (const name of Object.keys(tag.attributes))
      if (!name.startsWith('xmlns') && !name.startsWith('xsi:')) paths.add(`${path}/@${name}`);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  return paths;
}
