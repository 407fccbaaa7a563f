import type { UploadKind } from '@leerzicht/contract';
import { edexmlImporter } from './edexml/index';
import type { Importer } from './importer';
import { methodResultsImporter } from './method-results/index';
import { nationalResultsImporter } from './national-results/index';

/**
 * The importer of each upload kind (this file: apps/server/src/modules/uploads/registry.ts). A kind without an
 * importer answers 400 `kind_not_supported`.
 */
export const IMPORTERS: Partial<Record<UploadKind, Importer>> = {
  EDEXML: edexmlImporter,
  NATIONAL_RESULTS: nationalResultsImporter,
  METHOD_RESULTS: methodResultsImporter,
};

export function importerOf(kind: UploadKind): Importer | null {
  return IMPORTERS[kind] ?? null;
}
