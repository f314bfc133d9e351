// One chart of the insights page: a few counts per day, as lines or bars, with the same numbers in a
// table only screen readers read (the drawing itself is hidden from them: it says nothing more).
// The lines and bars are drawn in their final state at once, never animated in: on a slow machine
// an entry animation left the charts blank for a second and a half, and it is motion nobody asked
// for. Only the hover tooltip moves, and not when the seller asked the system for less motion.
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { InsightsCounts, InsightsDay } from '@thankly/api-contract';
import { Card } from '../components/ui/index.ts';
import { AXIS_COLOUR, GRID_COLOUR, SERIES_COLOURS } from './chart-palette.ts';
import { formatCalendarDate } from '../lib/format-dates.ts';
import { formatChartDay, formatCount } from './insights-format.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

export type DailySeries = keyof typeof SERIES_COLOURS & keyof InsightsCounts;

export interface DailyChartProps {
  title: string;
  /** One sentence a seller reads before the chart; also what a screen reader hears first. */
  summary: string;
  kind: 'line' | 'bar';
  series: ReadonlyArray<{ key: DailySeries; label: string }>;
  days: readonly InsightsDay[];
}

export const CHART_HEIGHT = 256;
const DOTS_UP_TO_DAYS = 31;

export function DailyChart({ title, summary, kind, series, days }: DailyChartProps) {
  const id = useId();
  const reducedMotion = useReducedMotion();
  const Chart = kind === 'line' ? LineChart : BarChart;
  // Recharts takes a mutable array.
  const data = [...days];
  return (
    <Card aria-labelledby={`${id}-title`} className="min-w-0">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{summary}</p>
      <div className="mt-4" style={{ height: CHART_HEIGHT }} aria-hidden="true">
        {/* Drawn at a phone's width until the container is measured, then resized with it. */}
        <ResponsiveContainer
          width="100%"
          height="100%"
          minWidth={0}
          initialDimension={{ width: 320, height: CHART_HEIGHT }}
        >
          <Chart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={GRID_COLOUR} vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={formatChartDay}
              tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
              stroke={GRID_COLOUR}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fill: AXIS_COLOUR, fontSize: 12 }}
              stroke={GRID_COLOUR}
              width={48}
            />
            <Tooltip
              labelFormatter={(label) => formatCalendarDate(String(label))}
              isAnimationActive={!reducedMotion}
            />
            {/* In the order the series are given (sent, then what followed), not alphabetical. */}
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            {series.map(({ key, label }) =>
              kind === 'line' ? (
                <Line
                  key={key}
                  // Straight segments: a curve would dip below zero between days with counts.
                  type="linear"
                  dataKey={key}
                  name={label}
                  stroke={SERIES_COLOURS[key]}
                  strokeWidth={2}
                  // A dot per day while they have room, so a single busy day still shows.
                  dot={days.length <= DOTS_UP_TO_DAYS ? { r: 2 } : false}
                  isAnimationActive={false}
                />
              ) : (
                <Bar
                  key={key}
                  dataKey={key}
                  name={label}
                  fill={SERIES_COLOURS[key]}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
      {/* The clipping box is a div: a table grows to fit its rows whatever height it is given and
          ignores overflow, so an sr-only table of 30 or 90 days hung below the page as empty
          scroll. */}
      <div className="sr-only">
        <table>
          <caption>{title}, per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map(({ key, label }) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatCalendarDate(day.date)}</th>
                {series.map(({ key }) => (
                  <td key={key}>{formatCount(day[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
