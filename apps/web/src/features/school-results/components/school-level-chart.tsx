import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartWidth } from '../../../components/charts/use-chart-width';
import { useIntl } from 'react-intl';
import { CHART_COLOURS } from '../../../entities/results';
import { LEVEL_RANKS, type LevelScheme } from '../lib/school-chart';

/** One bar: a moment of the school, or the national distribution of a scheme. */
export interface LevelBar {
  category: string;
  /** Per rank (top first) the share in percent. */
  shares: (number | null)[];
}

export interface SchoolLevelChartProps {
  bars: LevelBar[];
  /** Per rank the legend's name ("I", or "I / A" when both schemes are shown). */
  names: string[];
  /** The schemes of the national bars shown (empty without the national reference). */
  nationalSchemes: LevelScheme[];
  /** Announced instead of the drawing; the table view carries the figures. */
  label: string;
  height?: number;
}

const colourOf = (rank: number) => CHART_COLOURS.levels[rank] ?? CHART_COLOURS.national;
/** The boundaries of the national levels I-V (20% each). */
const LEVEL_BOUNDARIES = [20, 40, 60, 80];

/**
 * The distribution over the levels per moment as 100% stacked bars, the lowest level at the bottom; with the
 * national reference, dashed lines at the national I-V boundaries and a bar per scheme at the end. Imported lazily
 * (Recharts is its own chunk).
 */
export default function SchoolLevelChart({
  bars,
  names,
  nationalSchemes,
  label,
  height = 300,
}: SchoolLevelChartProps) {
  const intl = useIntl();
  const { ref, width } = useChartWidth();
  const data = bars.map((bar) => ({
    category: bar.category,
    ...Object.fromEntries(LEVEL_RANKS.map((rank) => [`level${rank}`, bar.shares[rank] ?? 0])),
  }));
  const percent = (value: unknown) =>
    typeof value === 'number' ? `${intl.formatNumber(value, { maximumFractionDigits: 1 })}%` : '';
  return (
    <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }}>
      {width > 0 && (
        <BarChart
          width={width}
          height={height}
          data={data}
          margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="category" />
          <YAxis domain={[0, 100]} ticks={[0, 20, 40, 60, 80, 100]} tickFormatter={percent} />
          <Tooltip formatter={percent} />
          <Legend
            formatter={(value: string) => <span style={{ color: 'var(--mantine-color-text)' }}>{value}</span>}
          />
          {[...LEVEL_RANKS].reverse().map((rank) => (
            <Bar
              key={rank}
              dataKey={`level${rank}`}
              name={names[rank]}
              stackId="levels"
              fill={colourOf(rank)}
              stroke="#fff"
              strokeWidth={1}
              isAnimationActive={false}
            />
          ))}
          {nationalSchemes.includes('levels') &&
            LEVEL_BOUNDARIES.map((y) => (
              <ReferenceLine
                key={y}
                y={y}
                stroke={CHART_COLOURS.schoolPage.national}
                strokeDasharray="6 4"
                ifOverflow="visible"
              />
            ))}
        </BarChart>
      )}
    </div>
  );
}
