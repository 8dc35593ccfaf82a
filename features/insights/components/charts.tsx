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

export interface DailyPoint {
  day: string;
  views: number;
  completions: number;
}

/** Views and completions per day as two lines (completions dashed, not told by colour alone). */
export function DailyChart({ data, labels, formatDay, label }: {
  data: DailyPoint[];
  labels: { views: string; completions: string };
  formatDay: (day: string) => string;
  /** What the chart shows, for screen readers. */
  label: string;
}) {
  return (
    <div role="img" aria-label={label} className="w-full text-neutral-600 dark:text-neutral-400">
      <LineChart responsive accessibilityLayer={false} style={{ width: '100%', height: 240 }} data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.25} />
        <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={24} {...axis} />
        <YAxis allowDecimals={false} width={44} {...axis} />
        <Tooltip labelFormatter={(d) => formatDay(String(d))} contentStyle={{ color: '#171717' }} />
        <Legend />
        <Line type="monotone" dataKey="views" name={labels.views} stroke={SERIES_COLOURS[0]} strokeWidth={2} dot={false}
          isAnimationActive={false} />
        <Line type="monotone" dataKey="completions" name={labels.completions} stroke={SERIES_COLOURS[2]} strokeWidth={2}
          strokeDasharray="6 3" dot={false} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}

/** Sessions begun per day, one line. */
export function SessionsChart({ data, name, formatDay, label }: {
  data: Array<{ day: string; sessions: number }>;
  /** Legend name of the line. */
  name: string;
  formatDay: (day: string) => string;
  /** What the chart shows, for screen readers. */
  label: string;
}) {
  return (
    <div role="img" aria-label={label} className="w-full text-neutral-600 dark:text-neutral-400">
      <LineChart responsive accessibilityLayer={false} style={{ width: '100%', height: 200 }} data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.25} />
        <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={24} {...axis} />
        <YAxis allowDecimals={false} width={44} {...axis} />
        <Tooltip labelFormatter={(d) => formatDay(String(d))} contentStyle={{ color: '#171717' }} />
        <Legend />
        <Line type="monotone" dataKey="sessions" name={name} stroke={SERIES_COLOURS[1]} strokeWidth={2} dot={false}
          isAnimationActive={false} />
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
