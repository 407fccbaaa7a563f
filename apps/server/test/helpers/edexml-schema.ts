import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
