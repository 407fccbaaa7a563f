/*
 * National test results (CITO, DIA, IEP exports as CSV or XLSX): the layouts are documented in
 * docs/uploads/national-results.md. The table reader, pupil matching and row errors are shared with method results.
 */
export { nationalResultsImporter } from './importer';
export { LAYOUTS, type ProviderLayout } from './layouts';
