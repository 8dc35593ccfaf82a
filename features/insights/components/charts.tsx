'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The dashboard's charts (recharts, SVG). They are pictures for sighted
 * readers: each sits in a `role="img"` box with a label, and the screen
 * shows the same numbers in a table (features/insights/components/
 * insights-screen.tsx), so recharts' own keyboard layer is off.
 */

/** Series colours that stay apart for the common colour blindnesses, on light and dark backgrounds. */
export const SERIES_COLOURS = ['#f59e0b', '#0284c7', '#16a34a', '#db2777', '#7c3aed'] as const;

const axis = { fontSize: 12, stroke: 'currentColor', tick: { fill: 'currentColor' } } as const;

/** One line of a per-day chart: which field of each day it draws, its legend name, and its look. */
export interface DailySeries<K extends string> {
  key: K;
  /** Legend name of the line. */
  name: string;
  /** Index into SERIES_COLOURS. */
  colour: number;
  /** A dashed line, so two lines are told apart by more than colour. */
  dashed?: boolean;
}

/**
 * Figures per day as lines (views and completions, sessions begun, ...).
 * @param data one point per day, `day` as YYYY-MM-DD, the series' keys as numbers.
 * @param height the chart's height, px.
 */
export function DailyLinesChart<K extends string>({ data, series, formatDay, label, height = 240 }: {
  data: Array<{ day: string } & Record<K, number>>;
  series: Array<DailySeries<K>>;
  formatDay: (day: string) => string;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
}) {
  return (
    <div role="img" aria-label={label} className="w-full text-neutral-600 dark:text-neutral-400">
      <LineChart responsive accessibilityLayer={false} style={{ width: '100%', height }} data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.25} />
        <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={24} {...axis} />
        <YAxis allowDecimals={false} width={44} {...axis} />
        <Tooltip labelFormatter={(d) => formatDay(String(d))} contentStyle={{ color: '#171717' }} />
        <Legend />
        {series.map((s) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={SERIES_COLOURS[s.colour]} strokeWidth={2}
            strokeDasharray={s.dashed ? '6 3' : undefined} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </div>
  );
}

export interface FunnelSeries {
  /** Legend name of the group. */
  name: string;
  /** Visitors per stage, in the order of `stages`. */
  values: number[];
}

/** Visitors per funnel stage, one bar per group side by side (at most SERIES_COLOURS.length groups). */
export function FunnelChart({ stages, series, label }: {
  /** Stage names, in funnel order. */
  stages: string[];
  series: FunnelSeries[];
  label: string;
}) {
  const shown = series.slice(0, SERIES_COLOURS.length);
  const data = stages.map((stage, i) => Object.fromEntries([['stage', stage], ...shown.map((s, j) => [`g${j}`, s.values[i]])]));
  return (
    <div role="img" aria-label={label} className="w-full text-neutral-600 dark:text-neutral-400">
      <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: 260 }} data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.25} vertical={false} />
        <XAxis dataKey="stage" interval={0} {...axis} />
        <YAxis allowDecimals={false} width={44} {...axis} />
        <Tooltip contentStyle={{ color: '#171717' }} />
        <Legend />
        {shown.map((s, j) => (
          <Bar key={`g${j}`} dataKey={`g${j}`} name={s.name} fill={SERIES_COLOURS[j]} isAnimationActive={false} />
        ))}
      </BarChart>
    </div>
  );
}
