'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useAppFormatter } from '@/lib/use-app-formatter';
import { useErrorText } from '@/lib/use-error-text';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RoleGrant } from '@/lib/auth/principal';
import { LOCALES, type Locale } from '@/lib/constants';
import { useFunnelInsights, useReelsInsights, useSessionInsights } from '../api/insights';
import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS, PRESET_DAYS, daysInPeriod, isCalendarDay, lastDays } from '../lib/period';
import { mayReadInsights } from '../policy';
import {
  FUNNEL_STAGES, type FunnelGroup, type FunnelGrouping, type FunnelInsights, type ReelsInsights, type SessionsInsights,
} from '../schemas';
import { DailyLinesChart, FunnelChart, SERIES_COLOURS } from './charts';
import { buttonClass } from '@/components/ui/button';

/** Class names of the dashboard (phone first, 44 px touch targets, dark mode). */
const ui = {
  page: 'mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pb-10 pt-[max(1.5rem,env(safe-area-inset-top))] text-neutral-900 dark:text-neutral-100',
  card: 'rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900',
  h1: 'text-2xl font-bold',
  h2: 'text-lg font-semibold',
  muted: 'text-sm text-neutral-600 dark:text-neutral-400',
  error: 'text-sm text-red-700 dark:text-red-300',
  toggle:
    'min-h-11 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold aria-pressed:border-amber-500 aria-pressed:bg-amber-500 aria-pressed:text-black dark:border-neutral-700',
  button: buttonClass({ className: 'inline-flex min-h-11 items-center justify-center' }),
  input:
    'min-h-11 rounded-xl border border-neutral-300 bg-white px-3 py-2 text-base dark:border-neutral-700 dark:bg-neutral-950',
  table: 'w-full border-collapse text-sm',
  th: 'border-b border-neutral-200 px-2 py-2 text-start font-semibold dark:border-neutral-800',
  td: 'border-b border-neutral-100 px-2 py-2 align-top dark:border-neutral-800',
  num: 'text-end tabular-nums',
};

type Preset = (typeof PRESET_DAYS)[number];
type Mode = Preset | 'custom';

/**
 * The staff insights dashboard (docs/api/insights.md): a period (the last
 * 7, 30 or 90 days in India, or any days up to 366), a reel language, then
 * totals, views and completions per day, reels by views with their
 * completion rate, sessions per day and time spent per session, and the
 * funnel share -> visit -> sign-in -> lead -> deal per campaign and per
 * partner. Every chart has its numbers in a table.
 * Anyone without STAFF or ADMIN sees a not-authorized message and the API
 * is not asked.
 */
export function InsightsScreen({ roles }: { roles: readonly RoleGrant[] }) {
  const t = useTranslations('insights');
  if (!mayReadInsights(roles)) {
    return (
      <div className={ui.page}>
        <h1 className={ui.h1}>{t('title')}</h1>
        <p role="alert" className={`${ui.card} text-red-700 dark:text-red-300`}>{t('notAuthorized')}</p>
      </div>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const t = useTranslations('insights');
  const [mode, setMode] = useState<Mode>(DEFAULT_PERIOD_DAYS as Preset);
  const [custom, setCustom] = useState(() => lastDays(DEFAULT_PERIOD_DAYS));
  const [lang, setLang] = useState<Locale | null>(null);
  const period = mode === 'custom' ? custom : lastDays(mode);
  const reels = useReelsInsights({ ...period, lang });
  const fmtDay = useDayFormat();

  return (
    <div className={ui.page}>
      <div className="flex flex-col gap-1">
        <h1 className={ui.h1}>{t('title')}</h1>
        <p className={ui.muted} aria-live="polite">{t('period.range', { from: fmtDay(period.from, true), to: fmtDay(period.to, true) })}</p>
      </div>
      <Filters mode={mode} onMode={setMode} custom={custom} onCustom={setCustom} lang={lang} onLang={setLang} />
      <Section title={t('totals.title')} query={reels}>
        {(d) => <Totals data={d} />}
      </Section>
      <Section title={t('daily.title')} query={reels}>
        {(d) => <Daily data={d} />}
      </Section>
      <Section title={t('reels.title')} query={reels}>
        {(d) => <Reels data={d} />}
      </Section>
      <SessionsSection from={period.from} to={period.to} />
      <FunnelSection by="campaign" from={period.from} to={period.to} />
      <FunnelSection by="partner" from={period.from} to={period.to} />
    </div>
  );
}

/** A day `YYYY-MM-DD` in the interface language: "24 Nov" (with the year when `long`). */
function useDayFormat(): (day: string, long?: boolean) => string {
  const f = useAppFormatter();
  return (day, long = false) => f.dateTime(new Date(`${day}T00:00:00Z`), {
    day: 'numeric', month: 'short', ...(long ? { year: 'numeric' } : {}), timeZone: 'UTC',
  });
}

function usePercent(): (rate: number) => string {
  const f = useAppFormatter();
  return (rate) => f.number(rate, { style: 'percent', maximumFractionDigits: 1 });
}

/** Seconds as minutes (under an hour) or hours, in the interface language. */
function useDuration(): (seconds: number) => string {
  const f = useAppFormatter();
  return (s) => (s < 60
    ? f.number(s, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 })
    : s < 3600
      ? f.number(s / 60, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1 })
      : f.number(s / 3600, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 }));
}

function Filters({ mode, onMode, custom, onCustom, lang, onLang }: {
  mode: Mode; onMode: (m: Mode) => void;
  custom: { from: string; to: string }; onCustom: (p: { from: string; to: string }) => void;
  lang: Locale | null; onLang: (l: Locale | null) => void;
}) {
  const t = useTranslations('insights');
  const tLang = useTranslations('languages');
  const id = useId();
  const [draft, setDraft] = useState(custom);
  const [invalid, setInvalid] = useState(false);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const ok = isCalendarDay(draft.from) && isCalendarDay(draft.to)
      && daysInPeriod(draft.from, draft.to) >= 1 && daysInPeriod(draft.from, draft.to) <= MAX_PERIOD_DAYS;
    setInvalid(!ok);
    if (ok) onCustom(draft);
  };
  return (
    <section aria-label={t('filters')} className={`${ui.card} flex flex-col gap-4`}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('period.label')}</legend>
        <div className="flex flex-wrap gap-2">
          {PRESET_DAYS.map((n) => (
            <button key={n} type="button" className={ui.toggle} aria-pressed={mode === n} onClick={() => onMode(n)}>
              {t('period.days', { count: n })}
            </button>
          ))}
          <button type="button" className={ui.toggle} aria-pressed={mode === 'custom'} onClick={() => {
            setDraft(custom);
            onMode('custom');
          }}>
            {t('period.custom')}
          </button>
        </div>
      </fieldset>
      {mode === 'custom' ? (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-from`}>
            {t('period.from')}
            <input id={`${id}-from`} type="date" className={ui.input} value={draft.from} required
              aria-invalid={invalid || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-to`}>
            {t('period.to')}
            <input id={`${id}-to`} type="date" className={ui.input} value={draft.to} required
              aria-invalid={invalid || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
          <button type="submit" className={ui.button}>{t('period.apply')}</button>
          {invalid ? <p role="alert" className={`${ui.error} basis-full`}>{t('period.invalid')}</p> : null}
        </form>
      ) : null}
      <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-lang`}>
        {t('lang.label')}
        <select id={`${id}-lang`} className={ui.input} value={lang ?? ''}
          onChange={(e) => onLang(e.target.value === '' ? null : (e.target.value as Locale))}>
          <option value="">{t('lang.all')}</option>
          {LOCALES.map((l) => <option key={l} value={l}>{tLang(l)}</option>)}
        </select>
      </label>
    </section>
  );
}

/** A titled section showing `children(data)` once its query answered, with loading and error states. */
function Section<T>({ title, query, children }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const t = useTranslations('insights');
  const errorText = useErrorText();
  const id = useId();
  return (
    <section aria-labelledby={id} aria-busy={query.isFetching} className={`${ui.card} flex flex-col gap-3`}>
      <h2 id={id} className={ui.h2}>{title}</h2>
      {query.isPending ? <p className={ui.muted}>{t('loading')}</p> : null}
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className={ui.error}>{errorText(query.error, t('error'))}</p>
          <button type="button" className={ui.toggle} onClick={() => void query.refetch()}>{t('retry')}</button>
        </div>
      ) : null}
      {query.data !== undefined ? children(query.data) : null}
    </section>
  );
}

function Totals({ data }: { data: ReelsInsights }) {
  const t = useTranslations('insights');
  const tLang = useTranslations('languages');
  const f = useAppFormatter();
  const pct = usePercent();
  const dur = useDuration();
  const stats: Array<[string, string]> = [
    [t('totals.views'), f.number(data.totals.views)],
    [t('totals.completions'), f.number(data.totals.completions)],
    [t('totals.completionRate'), pct(data.totals.completion_rate)],
    [t('totals.watchTime'), dur(data.totals.watch_seconds)],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([k, v]) => (
          <div key={k} className="flex flex-col-reverse rounded-xl bg-neutral-100 p-3 dark:bg-neutral-800">
            <dt className={ui.muted}>{k}</dt>
            <dd className="text-xl font-bold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className={ui.table}>
          <caption className="py-1 text-start text-sm font-semibold">{t('byLang.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className={ui.th}>{t('byLang.lang')}</th>
              <th scope="col" className={`${ui.th} ${ui.num}`}>{t('totals.views')}</th>
              <th scope="col" className={`${ui.th} ${ui.num}`}>{t('totals.completionRate')}</th>
              <th scope="col" className={`${ui.th} ${ui.num}`}>{t('totals.watchTime')}</th>
            </tr>
          </thead>
          <tbody>
            {data.by_lang.map((l) => (
              <tr key={l.lang}>
                <th scope="row" className={`${ui.td} font-normal`}>{tLang(l.lang)}</th>
                <td className={`${ui.td} ${ui.num}`}>{f.number(l.views)}</td>
                <td className={`${ui.td} ${ui.num}`}>{pct(l.completion_rate)}</td>
                <td className={`${ui.td} ${ui.num}`}>{dur(l.watch_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Daily({ data }: { data: ReelsInsights }) {
  const t = useTranslations('insights');
  const f = useAppFormatter();
  const fmtDay = useDayFormat();
  return (
    <>
      <DailyLinesChart data={data.daily} formatDay={(d) => fmtDay(d)}
        series={[{ key: 'views', name: t('totals.views'), colour: 0 }, { key: 'completions', name: t('totals.completions'), colour: 2, dashed: true }]}
        label={t('daily.chartLabel', { from: fmtDay(data.period.from, true), to: fmtDay(data.period.to, true) })} />
      <DailyTable summary={t('daily.table')} dayHeader={t('daily.day')} days={data.daily} formatDay={fmtDay}
        columns={[{ header: t('totals.views'), cell: (d) => f.number(d.views) }, { header: t('totals.completions'), cell: (d) => f.number(d.completions) }]} />
    </>
  );
}

/** The numbers behind a per-day chart, as a table folded under a summary: one row per day, one column per figure. */
function DailyTable<D extends { day: string }>({ summary, dayHeader, days, formatDay, columns }: {
  summary: string;
  dayHeader: string;
  days: readonly D[];
  formatDay: (day: string, long?: boolean) => string;
  columns: ReadonlyArray<{ header: string; cell: (day: D) => ReactNode }>;
}) {
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">{summary}</summary>
      <div className="max-h-80 overflow-auto">
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col" className={ui.th}>{dayHeader}</th>
              {columns.map((c) => <th key={c.header} scope="col" className={`${ui.th} ${ui.num}`}>{c.header}</th>)}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className={`${ui.td} font-normal`}>{formatDay(d.day, true)}</th>
                {columns.map((c) => <td key={c.header} className={`${ui.td} ${ui.num}`}>{c.cell(d)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Reels({ data }: { data: ReelsInsights }) {
  const t = useTranslations('insights');
  const tLang = useTranslations('languages');
  const f = useAppFormatter();
  const pct = usePercent();
  const dur = useDuration();
  if (data.reels.length === 0) return <p className={ui.muted}>{t('reels.none')}</p>;
  return (
    <>
      <p className={ui.muted}>{t('reels.count', { shown: data.reels.length, total: data.reel_count })}</p>
      <div className="overflow-x-auto">
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col" className={ui.th}>{t('reels.reel')}</th>
              <th scope="col" className={`${ui.th} hidden sm:table-cell`}>{t('reels.lang')}</th>
              <th scope="col" className={`${ui.th} ${ui.num}`}>{t('reels.views')}</th>
              <th scope="col" className={`${ui.th} ${ui.num}`}>{t('reels.completionRate')}</th>
              <th scope="col" className={`${ui.th} ${ui.num}`}>{t('reels.avgWatch')}</th>
            </tr>
          </thead>
          <tbody>
            {data.reels.map((r) => {
              const langName = (LOCALES as readonly string[]).includes(r.lang) ? tLang(r.lang as Locale) : r.lang;
              return (
              <tr key={`${r.id}:${r.lang}`}>
                <th scope="row" className={`${ui.td} min-w-36 font-normal`}>
                  <span className="line-clamp-2">{r.topic ? (r.description || t('reels.noDescription')) : t('reels.deleted')}</span>
                  {r.topic ? <span className={`block ${ui.muted}`}>{r.topic.name}</span> : null}
                  {/* On a phone the language column is folded into the reel's cell. */}
                  <span className={`block sm:hidden ${ui.muted}`}>{langName}</span>
                </th>
                <td className={`${ui.td} hidden sm:table-cell`}>{langName}</td>
                <td className={`${ui.td} ${ui.num}`}>{f.number(r.views)}</td>
                <td className={`${ui.td} ${ui.num}`}>{pct(r.completion_rate)}</td>
                <td className={`${ui.td} ${ui.num}`}>{dur(r.avg_watch_seconds)}</td>
              </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Sessions per day and time per session (session_event pings; the reel language does not apply). */
function SessionsSection({ from, to }: { from: string; to: string }) {
  const t = useTranslations('insights.sessions');
  const query = useSessionInsights({ from, to });
  return (
    <Section title={t('title')} query={query}>
      {(d) => <Sessions data={d} />}
    </Section>
  );
}

function Sessions({ data }: { data: SessionsInsights }) {
  const t = useTranslations('insights.sessions');
  const tDaily = useTranslations('insights.daily');
  const f = useAppFormatter();
  const fmtDay = useDayFormat();
  const dur = useDuration();
  const stats: Array<[string, string]> = [
    [t('sessions'), f.number(data.totals.sessions)],
    [t('avgTime'), dur(data.totals.avg_session_seconds)],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        {stats.map(([k, v]) => (
          <div key={k} className="flex flex-col-reverse rounded-xl bg-neutral-100 p-3 dark:bg-neutral-800">
            <dt className={ui.muted}>{k}</dt>
            <dd className="text-xl font-bold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      {data.totals.sessions === 0 ? <p className={ui.muted}>{t('none')}</p> : (
        <DailyLinesChart data={data.daily} series={[{ key: 'sessions', name: t('sessions'), colour: 1 }]} height={200} formatDay={(d) => fmtDay(d)}
          label={t('chartLabel', { from: fmtDay(data.period.from, true), to: fmtDay(data.period.to, true) })} />
      )}
      <DailyTable summary={tDaily('table')} dayHeader={tDaily('day')} days={data.daily} formatDay={fmtDay}
        columns={[{ header: t('sessions'), cell: (d) => f.number(d.sessions) }, { header: t('avgTime'), cell: (d) => dur(d.avg_session_seconds) }]} />
    </>
  );
}

function FunnelSection({ by, from, to }: { by: FunnelGrouping; from: string; to: string }) {
  const t = useTranslations('insights.funnel');
  const query = useFunnelInsights({ from, to, by });
  return (
    <Section title={t(by === 'campaign' ? 'campaignTitle' : 'partnerTitle')} query={query}>
      {(d) => <Funnel data={d} />}
    </Section>
  );
}

function Funnel({ data }: { data: FunnelInsights }) {
  const t = useTranslations('insights.funnel');
  const f = useAppFormatter();
  const pct = usePercent();
  const groupName = (g: FunnelGroup) => (g.value === null ? t('none') : g.label ?? g.value);
  if (data.groups.length === 0) return <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('empty')}</p>;
  const stageNames = FUNNEL_STAGES.map((s) => t(`stages.${s}`));
  const rows = [...data.groups.map((g) => ({ key: g.value ?? '', name: groupName(g), c: g })), { key: '(all)', name: t('total'), c: data.total }];
  const cell = (c: FunnelInsights['total'], i: number) => {
    const stage = FUNNEL_STAGES[i];
    const conv = i > 0 ? c.conversion[i - 1].rate : null;
    return (
      <td key={stage} className="border-b border-neutral-100 px-2 py-2 text-end align-top tabular-nums dark:border-neutral-800">
        {f.number(c.counts[stage])}
        {i > 0 ? (
          <span className="block whitespace-nowrap text-xs font-normal text-neutral-600 dark:text-neutral-400">
            {/* Compact on a phone; the whole sentence for screen readers. */}
            <span aria-hidden="true">{conv === null ? '–' : `↳ ${pct(conv)}`}</span>
            <span className="sr-only">{conv === null ? t('noConversion') : t('conversion', { rate: pct(conv) })}</span>
          </span>
        ) : null}
      </td>
    );
  };
  return (
    <>
      <FunnelChart stages={stageNames} label={t('chartLabel', { group: t(data.by) })}
        series={data.groups.map((g) => ({ name: groupName(g), values: FUNNEL_STAGES.map((s) => g.counts[s]) }))} />
      {data.groups.length > SERIES_COLOURS.length ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('chartTop', { shown: SERIES_COLOURS.length, total: data.group_count })}</p>
      ) : null}
      <div className="overflow-x-auto">
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col" className={ui.th}>{t(data.by)}</th>
              {stageNames.map((s) => <th key={s} scope="col" className={`${ui.th} ${ui.num}`}>{s}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={r.key === '(all)' ? 'font-semibold' : undefined}>
                <th scope="row" className={`${ui.td} ${r.key === '(all)' ? '' : 'font-normal'}`}>{r.name}</th>
                {FUNNEL_STAGES.map((_, i) => cell(r.c, i))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
