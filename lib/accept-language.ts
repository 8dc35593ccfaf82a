import { DEFAULT_LOCALE, type Locale } from './constants';

/**
 * The phone's language preferences, read from the Accept-Language request
 * header (RFC 9110 section 12.5.4): comma-separated language ranges, each
 * with an optional quality `;q=` between 0 and 1 (default 1). A range with
 * q=0 means "not acceptable" and is dropped. Written here rather than taken
 * from `negotiator` or `@formatjs/intl-localematcher`, which are in
 * node_modules only as dependencies of next-intl (not ours to import).
 */

/** One language range of an Accept-Language header. */
export interface LanguageRange {
  /** The range as sent, lower-cased: `hi-in`, `en`, `*`. */
  tag: string;
  /** Its primary language subtag: `hi` for `hi-IN`, `*` for `*`. */
  primary: string;
  /** Quality, 0 < q <= 1. */
  q: number;
}

/** Longest header read; browsers send well under 200 characters. */
const MAX_HEADER = 1000;
const RANGE_RE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const Q_RE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The ranges of an Accept-Language header, most preferred first (higher q
 * first; equal q keep the order sent). Malformed ranges or qualities are
 * skipped rather than failing the request; a missing or empty header gives [].
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const out: (LanguageRange & { i: number })[] = [];
  header.slice(0, MAX_HEADER).split(',').forEach((part, i) => {
    const [rawTag, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!rawTag || !RANGE_RE.test(rawTag)) return;
    let q = 1;
    for (const p of params) {
      const m = Q_RE.exec(p.replace(/\s+/g, ''));
      if (!m) return;
      q = Number(m[1]);
    }
    if (q <= 0) return;
    out.push({ tag: rawTag, primary: rawTag.split('-')[0]!, q, i });
  });
  out.sort((a, b) => b.q - a.q || a.i - b.i);
  return out.map(({ tag, primary, q }) => ({ tag, primary, q }));
}

/**
 * The first of `supported` (primary language subtags) that the header
 * prefers, or null when it names none of them. `*` is not taken as a wish
 * for any one language.
 */
export function preferredLanguage<T extends string>(header: string | null | undefined, supported: readonly T[]): T | null {
  for (const r of parseAcceptLanguage(header)) {
    if ((supported as readonly string[]).includes(r.primary)) return r.primary as T;
  }
  return null;
}

/**
 * A new visitor's interface language from the phone's Accept-Language:
 * Hindi when the phone prefers Hindi over English, else English (the
 * default interface language, SPEC.md section 4 "Language"). Hinglish has
 * no language tag of its own, so it is only ever a choice the person makes.
 */
export function interfaceLocaleOf(acceptLanguage: string | null | undefined): Locale {
  return preferredLanguage(acceptLanguage, ['hi', 'en']) === 'hi' ? 'hi' : DEFAULT_LOCALE;
}
