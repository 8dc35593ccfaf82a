import { z } from 'zod';
import { LOCALES, type Locale } from '@/lib/constants';
import {
  DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS, addDays, daysInPeriod, isCalendarDay, todayInIndia,
} from './lib/period';

/**
 * The staff insights API (docs/api/insights.md): the query schemas the
 * handlers validate with, and the answer shapes the page reads. The page
 * imports only the types from here.
 */

/** Funnel stages in order (lib/db/schema.ts funnel_steps.stage). */
export const FUNNEL_STAGES = ['share', 'visit', 'sign_in', 'lead', 'deal'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** What the funnel is grouped by: the visitor's first-touch campaign code or partner. */
export const FUNNEL_GROUPINGS = ['campaign', 'partner'] as const;
export type FunnelGrouping = (typeof FUNNEL_GROUPINGS)[number];

/** Most reels a reels answer lists. */
export const MAX_REELS_LIMIT = 200;
/** Reels listed when `limit` is not given. */
export const DEFAULT_REELS_LIMIT = 50;
/** Most groups (partners) a funnel answer lists, by visits; the total counts every group. */
export const MAX_FUNNEL_GROUPS = 100;

const day = z.string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is written YYYY-MM-DD')
  .refine(isCalendarDay, 'not a calendar day');

const periodFields = { from: day.optional(), to: day.optional() };

/** A resolved period: both ends included, India days. */
export interface Period {
  from: string;
  to: string;
  /** Days in the period, both ends included (1..366). */
  days: number;
}

/**
 * Fills in a period's missing ends (`to`: today in India; `from`: 30 days
 * up to `to`, both included) and checks it.
 * Adds a 422 issue on `to` when it is before `from` or the period is longer
 * than MAX_PERIOD_DAYS.
 */
function resolvePeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx): Period {
  const to = q.to ?? todayInIndia();
  const from = q.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  const days = daysInPeriod(from, to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
  else if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `a period is at most ${MAX_PERIOD_DAYS} days` });
  return { from, to, days };
}

/** GET reels: `from`, `to` (YYYY-MM-DD, India days), `lang` (en|hi|he, all when absent), `limit` (1..200, default 50). */
export const reelsQuerySchema = z.strictObject({
  ...periodFields,
  lang: z.enum(LOCALES).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_REELS_LIMIT).default(DEFAULT_REELS_LIMIT),
}).transform((q, ctx) => ({ period: resolvePeriod(q, ctx), lang: q.lang ?? null, limit: q.limit }));
export type ReelsQuery = z.output<typeof reelsQuerySchema>;

/** GET funnel: `from`, `to` as reels; `by` campaign (default) or partner. */
export const funnelQuerySchema = z.strictObject({
  ...periodFields,
  by: z.enum(FUNNEL_GROUPINGS).default('campaign'),
}).transform((q, ctx) => ({ period: resolvePeriod(q, ctx), by: q.by }));
export type FunnelQuery = z.output<typeof funnelQuerySchema>;

/** GET sessions: `from`, `to` as reels. */
export const sessionsQuerySchema = z.strictObject(periodFields)
  .transform((q, ctx) => ({ period: resolvePeriod(q, ctx) }));
export type SessionsQuery = z.output<typeof sessionsQuerySchema>;

/** Views, completions (played to the end) and watch time (seconds) of some reels. */
export interface ReelCounts {
  views: number;
  completions: number;
  /** completions / views, 0..1 (4 decimals); 0 without views. */
  completion_rate: number;
  watch_seconds: number;
}

/** One reel's counts in the period. */
export interface ReelInsight extends ReelCounts {
  id: string;
  /** The reel's description, at most 200 characters; '' when the reel is gone. */
  description: string;
  /** The reel's topic; null when the reel was deleted. */
  topic: { id: string; name: string } | null;
  /** The reel's language when its events were counted. */
  lang: string;
  /** watch_seconds / views (seconds, 1 decimal); 0 without views. */
  avg_watch_seconds: number;
}

/** GET reels: per reel, per language and per day. */
export interface ReelsInsights {
  period: Period;
  /** The language asked for, or null for all. */
  lang: Locale | null;
  totals: ReelCounts;
  /** Every language of the app (filtered to the one asked for), with zeros where nothing was watched. */
  by_lang: Array<ReelCounts & { lang: Locale }>;
  /** Every day of the period, in order, with zeros where nothing was watched. */
  daily: Array<{ day: string; views: number; completions: number }>;
  /** The most viewed reels, most views first, at most `limit`. */
  reels: ReelInsight[];
  /** How many reels have counts in the period (the list may be shorter). */
  reel_count: number;
}

/** Distinct visitors who reached each stage in the period. */
export type StageCounts = Record<FunnelStage, number>;

/** One step of the funnel and its conversion: `to` / `from` visitors, null when `from` has none. */
export interface StageConversion {
  from: FunnelStage;
  to: FunnelStage;
  rate: number | null;
}

/** A funnel's counts per stage and its conversions. */
export interface FunnelCounts {
  counts: StageCounts;
  conversion: StageConversion[];
}

/** The funnel of one group value. */
export interface FunnelGroup extends FunnelCounts {
  /** The campaign code or partner id; null for visitors who came without one ("(none)"). */
  value: string | null;
  /** The partner's name when grouped by partner and the partner exists; else null. */
  label: string | null;
}

/** GET funnel: counts per stage per group, with the conversion between stages. */
export interface FunnelInsights {
  period: Period;
  by: FunnelGrouping;
  stages: readonly FunnelStage[];
  /** All groups together. */
  total: FunnelCounts;
  /** Most visits first, at most MAX_FUNNEL_GROUPS. */
  groups: FunnelGroup[];
  /** How many groups have counts (the list may be shorter). */
  group_count: number;
}

/** Sessions and the time spent in them, over some days. */
export interface SessionCounts {
  /** Sessions that began then (one per session refresh id: a browser tab, reloads included). */
  sessions: number;
  /** Time spent per session, seconds (1 decimal): total_seconds / sessions; 0 without sessions. */
  avg_session_seconds: number;
  /** Time spent in those sessions, seconds (1 decimal): visible time between pings, see docs/api/insights.md. */
  total_seconds: number;
}

/** GET sessions: the period's sessions and time spent per session, in total and per day. */
export interface SessionsInsights {
  period: Period;
  totals: SessionCounts;
  /** Every day of the period, in order (the day a session began), with zeros where there was none. */
  daily: Array<SessionCounts & { day: string }>;
}
