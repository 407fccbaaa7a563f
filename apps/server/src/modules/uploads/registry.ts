import type { UploadKind } from '@leerzicht/contract';
import { edexmlImporter } from './edexml/index';
import type { Importer } from './importer';
import { methodResultsImporter } from './method-results/index';
import { nationalResultsImporter } from './national-results/index';

/**
 * The importer of each upload kind (this file: apps/server/src/modules/uploads/registry.ts). A kind without an
 * importer answers 400 `kind_not_supported`.
 * H2: wire the result importers in here, one line each, e.g.
 *   NATIONAL_RESULTS: nationalResultsImporter,  (import from './national-results/index')
 *   METHOD_RESULTS: methodResultsImporter,      (import from './method-results/index')
 */
export const IMPORTERS: Partial<Record<UploadKind, Importer>> = {
  EDEXML: edexmlImporter,
  NATIONAL_RESULTS: nationalResultsImporter,
  METHOD_RESULTS: methodResultsImporter,
};

export function importerOf(kind: UploadKind): Importer | null {
  return IMPORTERS[kind] ?? null;
}
