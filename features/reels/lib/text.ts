import { TRUNCATE_CHARS } from '@/lib/constants';
import { formatLocale } from '@/lib/i18n-locale';

/**
 * Shortens `text` to `max` characters (SPEC.md section 9: 30 by default,
 * then an ellipsis), cutting at a word boundary when one is near, and never
 * inside a surrogate pair or a Devanagari grapheme cluster.
 * @returns the short text and whether anything was cut.
 */
export function truncateText(text: string, max = TRUNCATE_CHARS): { text: string; truncated: boolean } {
  const clean = text.trim().replace(/\s+/g, ' ');
  const graphemes = splitGraphemes(clean);
  if (graphemes.length <= max) return { text: clean, truncated: false };
  let cut = graphemes.slice(0, max).join('');
  const endsAtWord = graphemes[max] === ' ';
  const space = cut.lastIndexOf(' ');
  // Prefer a word boundary unless it would throw away most of the text.
  if (!endsAtWord && space >= max * 0.6) cut = cut.slice(0, space);
  return { text: `${cut.trimEnd()}…`, truncated: true };
}

function splitGraphemes(s: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(seg.segment(s), (x) => x.segment);
  }
  return Array.from(s);
}

/**
 * A short count for a button label: 999, 1.2K, 12K, 1.5M (compact notation
 * in the interface language's format locale, lib/i18n-locale.ts: Hinglish
 * uses the Indian English forms).
 */
export function formatCount(n: number, uiLocale: string): string {
  const value = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  return new Intl.NumberFormat(formatLocale(uiLocale), { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
