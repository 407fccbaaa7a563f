import { Group, Text } from '@mantine/core';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartWidth } from '../../../components/charts/use-chart-width';
import type { TrendMarker, TrendSpec } from '../lib/trend-series';

/** A point's shape: the series' marker, so that lines can be told apart without colour. */
function markerPath(marker: TrendMarker, x: number, y: number, r: number): string {
  switch (marker) {
    case 'square':
      return `M${x - r},${y - r}h${2 * r}v${2 * r}h${-2 * r}Z`;
    case 'triangle':
      return `M${x},${y - r * 1.2}L${x + r * 1.1},${y + r * 0.8}L${x - r * 1.1},${y + r * 0.8}Z`;
    case 'diamond':
      return `M${x},${y - r * 1.3}L${x + r * 1.3},${y}L${x},${y + r * 1.3}L${x - r * 1.3},${y}Z`;
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`;
    case 'star': {
      const points = Array.from({ length: 10 }, (_, index) => {
        const angle = (Math.PI / 5) * index - Math.PI / 2;
        const radius = index % 2 === 0 ? r * 1.4 : r * 0.6;
        return `${x + radius * Math.cos(angle)},${y + radius * Math.sin(angle)}`;
      });
      return `M${points.join('L')}Z`;
    }
    default:
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
}

interface DotProps {
  cx?: number;
  cy?: number;
  key?: string | number | bigint | null;
}

/** Draws a point as the series' marker (a render function, as Recharts' `dot` takes one). */
function markerDot(marker: TrendMarker, color: string) {
  return function renderDot({ cx, cy, key }: DotProps) {
    const k = key === null || key === undefined ? undefined : String(key);
    if (cx === undefined || cy === undefined) return <g key={k} />;
    const open = marker === 'cross';
    return (
      <path
        key={k}
        d={markerPath(marker, cx, cy, 4)}
        fill={open ? 'none' : color}
        stroke={color}
        strokeWidth={open ? 2 : 1}
      />
    );
  };
}

export interface TrendChartProps {
  spec: TrendSpec;
  height?: number;
  label: string;
  /** The id of the text that describes the chart in words (its first and last values). */
  describedBy?: string;
}

/** The trend lines (or bars) with their patterns and markers. Imported lazily: Recharts is its own chunk. */
export default function TrendChart({ spec, height = 320, label, describedBy }: TrendChartProps) {
  const data = spec.rows.map((row) => ({ category: row.category, ...row.values }));
  const { ref, width } = useChartWidth();
  return (
    <>
      <div
        ref={ref}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        style={{ width: '100%', height }}
      >
        {width > 0 && (
          <ComposedChart
            width={width}
            height={height}
            data={data}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="category" />
            <YAxis domain={spec.yDomain ?? ['auto', 'auto']} allowDecimals={false} />
            <Tooltip />
            {spec.series.map((series) => {
              const style = spec.styles[series.key] ?? { dash: '', marker: null, thin: false, legend: true };
              if (series.kind === 'bar')
                return (
                  <Bar
                    key={series.key}
                    dataKey={series.key}
                    name={series.label}
                    fill={series.color}
                    legendType={style.legend ? 'square' : 'none'}
                    isAnimationActive={false}
                  />
                );
              const dot = style.marker ? markerDot(style.marker, series.color) : false;
              return (
                <Line
                  key={series.key}
                  dataKey={series.key}
                  name={series.label}
                  stroke={series.color}
                  strokeWidth={style.thin ? 1.25 : 2.5}
                  strokeDasharray={style.dash || undefined}
                  dot={dot}
                  activeDot={dot || undefined}
                  legendType={style.legend ? (style.marker ?? 'plainline') : 'none'}
                  connectNulls
                  isAnimationActive={false}
                />
              );
            })}
          </ComposedChart>
        )}
      </div>
      <TrendLegend spec={spec} />
    </>
  );
}

/**
 * The legend as HTML below the chart (Recharts' own takes the chart's height, which on a phone left little of the
 * chart): each series' colour, line pattern and marker with its name. Earlier pieces of a series and the norm
 * lines have no entry of their own.
 */
function TrendLegend({ spec }: { spec: TrendSpec }) {
  return (
    <Group gap="xs" justify="center" mt={4} aria-hidden>
      {spec.series
        .filter((series) => spec.styles[series.key]?.legend !== false)
        .map((series) => {
          const style = spec.styles[series.key];
          const bar = series.kind === 'bar';
          return (
            <Group key={series.key} gap={6} wrap="nowrap">
              <svg width={28} height={12} viewBox="0 0 28 12">
                {bar ? (
                  <rect x={8} y={1} width={12} height={10} fill={series.color} />
                ) : (
                  <>
                    <line
                      x1={0}
                      y1={6}
                      x2={28}
                      y2={6}
                      stroke={series.color}
                      strokeWidth={2.5}
                      strokeDasharray={style?.dash || undefined}
                    />
                    {style?.marker && (
                      <path
                        d={markerPath(style.marker, 14, 6, 4)}
                        fill={style.marker === 'cross' ? 'none' : series.color}
                        stroke={series.color}
                        strokeWidth={style.marker === 'cross' ? 2 : 1}
                      />
                    )}
                  </>
                )}
              </svg>
              <Text size="xs">{series.label}</Text>
            </Group>
          );
        })}
    </Group>
  );
}
