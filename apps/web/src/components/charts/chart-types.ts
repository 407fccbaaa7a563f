/** A chart described as data, so the same figures can be drawn (Recharts, loaded lazily) and shown as a table. */

export type ChartValue = number | null;

/** One row of the chart: the category (x axis label) and a value per series key. */
export interface ChartRow {
  category: string;
  values: Record<string, ChartValue>;
}

export type SeriesKind = 'line' | 'dashed' | 'bar' | 'stack';

export interface ChartSeries {
  key: string;
  label: string;
  kind: SeriesKind;
  /** A CSS colour. */
  color: string;
}

/** A horizontal band (e.g. the school ambition, low to high). */
export interface ChartBand {
  low: number;
  high: number;
  label: string;
  color: string;
}

/** A horizontal line (e.g. a good or low threshold). */
export interface ChartLine {
  y: number;
  label: string;
  color: string;
}

/** A shaded area between two series' values per row (e.g. between a low and a good threshold that vary). */
export interface ChartArea {
  lowKey: string;
  highKey: string;
  label: string;
  color: string;
}

export interface ChartSpec {
  rows: ChartRow[];
  series: ChartSeries[];
  bands?: ChartBand[];
  /** Drawn only; the table view shows the series they lie between. */
  areas?: ChartArea[];
  lines?: ChartLine[];
  yDomain?: [number, number];
  /** Fraction digits of the figures in the table view. */
  digits?: number;
}
