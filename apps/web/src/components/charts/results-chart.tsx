import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartWidth } from './use-chart-width';
import { axisTicks } from './chart-domain';
import type { ChartSpec } from './chart-types';

export interface ResultsChartProps {
  spec: ChartSpec;
  height?: number;
  /** Announced instead of the drawing; the table view carries the figures. */
  label: string;
}

/** Draws a chart spec with Recharts. Imported lazily (see lazy-results-chart.tsx), so Recharts is its own chunk. */
export default function ResultsChart({ spec, height = 280, label }: ResultsChartProps) {
  const data = spec.rows.map((row) => ({ category: row.category, ...row.values }));
  // Drawn once the container has a width and is near the viewport (never in a layout-less DOM such as jsdom).
  const { ref, width } = useChartWidth();
  // Round ticks on a fixed axis (Recharts' own land on steps such as 7.5, shown as 98, 106, ...).
  const ticks = spec.yDomain ? axisTicks(spec.yDomain) : null;
  return (
    <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }}>
      {width > 0 && (
        <ComposedChart
          width={width}
          height={height}
          data={data}
          margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="category" />
          <YAxis domain={spec.yDomain ?? ['auto', 'auto']} ticks={ticks ?? undefined} allowDecimals={false} />
          <Tooltip />
          <Legend />
          {spec.bands?.map((band) => (
            <ReferenceArea
              key={band.label}
              y1={band.low}
              y2={band.high}
              fill={band.color}
              fillOpacity={0.15}
              stroke={band.color}
              strokeOpacity={0.4}
              label={band.label}
              ifOverflow="extendDomain"
            />
          ))}
          {spec.areas?.map((area) => (
            <Area
              key={area.label}
              dataKey={(row: Record<string, unknown>) => {
                const low = row[area.lowKey];
                const high = row[area.highKey];
                return typeof low === 'number' && typeof high === 'number' ? [low, high] : null;
              }}
              name={area.label}
              fill={area.color}
              fillOpacity={0.18}
              stroke="none"
              connectNulls
              isAnimationActive={false}
            />
          ))}
          {spec.lines?.map((line) => (
            <ReferenceLine
              key={line.label}
              y={line.y}
              stroke={line.color}
              strokeDasharray="4 4"
              label={{ value: line.label, position: 'insideTopRight', fontSize: 11 }}
              ifOverflow="extendDomain"
            />
          ))}
          {spec.series.map((series) =>
            series.kind === 'bar' || series.kind === 'stack' ? (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.label}
                fill={series.color}
                stackId={series.kind === 'stack' ? 'stack' : undefined}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={series.key}
                dataKey={series.key}
                name={series.label}
                stroke={series.color}
                strokeWidth={2}
                strokeDasharray={series.kind === 'dashed' ? '6 4' : undefined}
                connectNulls
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      )}
    </div>
  );
}
