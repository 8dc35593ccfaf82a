/**
 * Calendar days of the insights period (features/insights/schemas.ts),
 * pure and shared by the server and the page. Days are `YYYY-MM-DD` in
 * India time (Asia/Kolkata, UTC+05:30 all year: India keeps no daylight
 * saving), the day the derived table reel_daily_stats is keyed by.
 */

/** India's offset from UTC, ms (UTC+05:30, no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Periods the page offers as one tap, in days (the API takes any period up to MAX_PERIOD_DAYS). */
export const PRESET_DAYS = [7, 30, 90] as const;
/** The period when none is asked: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** The longest period, days (both ends included): a year, leap day included. */
export const MAX_PERIOD_DAYS = 366;

/** ms since the epoch of 00:00 UTC of `day`, or NaN for a string that is not a calendar day (2026-02-30). */
function utcMidnight(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t : Number.NaN;
}

/** True when `day` is a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(day: string): boolean {
  return !Number.isNaN(utcMidnight(day));
}

/** `day` moved by `n` days (negative: back). `day` must be a calendar day. */
export function addDays(day: string, n: number): string {
  return new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 when equal; 0 or less when `to` is before `from`). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS) + 1;
}

/** Today in India, `YYYY-MM-DD`. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `days` days ending today in India, today included. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = todayInIndia(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The instant India's `day` begins (00:00 Asia/Kolkata). */
export function startOfDayInIndia(day: string): Date {
  return new Date(utcMidnight(day) - IST_OFFSET_MS);
}

/** Every day from `from` to `to`, both included, in order. */
export function eachDay(from: string, to: string): string[] {
  const n = Math.max(0, daysInPeriod(from, to));
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}
