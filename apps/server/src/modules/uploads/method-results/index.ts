/* Method test results (G/V/M/O with section scores; CSV or XLSX): the layout is in docs/uploads/method-results.md. */
export { methodResultsImporter } from './importer';
export { METHOD_COLUMNS } from './layout';
