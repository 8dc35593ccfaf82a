import type { NameTranslations } from '@/lib/db/schema';

/** Interface languages (SPEC.md section 4): `he` is Hinglish in Latin script, never Hebrew. */
export type UiLang = 'en' | 'hi' | 'he';

/** `v` when it is an interface language, else English (a locale next-intl or a caller gave). */
export function uiLangOf(v: string | null | undefined): UiLang {
  return v === 'hi' || v === 'he' ? v : 'en';
}

/** A row with English columns and their Hindi/Hinglish forms in `translations` (migration 0009). */
export type Translatable<K extends string> = { [P in K]?: string | null } & {
  translations?: Partial<Record<'hi' | 'he', Partial<Record<string, string>>>> | null;
};

/**
 * The text of `row[field]` in `lang`: the row's `translations[lang][field]`
 * when it is present and not blank, else the English column (the row's own
 * column is always English). `en` always answers the English column.
 * @returns the text, or the English column's value as it is (null/undefined stays so).
 */
export function localizedText<K extends string>(row: Translatable<K>, field: K, lang: string): string | null | undefined {
  if (lang === 'hi' || lang === 'he') {
    const t = row.translations?.[lang]?.[field];
    if (typeof t === 'string' && t.trim() !== '') return t;
  }
  return row[field];
}

/**
 * Fills the texts `current` lacks (absent or blank) from `incoming`,
 * per language and field; a text `current` has always wins, so re-seeding
 * never overwrites an operator's translation.
 */
export function fillMissingTranslations<K extends string>(
  current: NameTranslations<K> | null | undefined,
  incoming: NameTranslations<K>,
): NameTranslations<K> {
  const out: NameTranslations<K> = {};
  for (const lang of ['hi', 'he'] as const) {
    const merged: Partial<Record<K, string>> = { ...incoming[lang] };
    for (const [k, v] of Object.entries(current?.[lang] ?? {}) as [K, string | undefined][]) {
      if (typeof v === 'string' && v.trim() !== '') merged[k] = v;
    }
    if (Object.keys(merged).length > 0) out[lang] = merged;
  }
  return out;
}

/** Separates a notification param's name from the language of its variant: `deal@hi` (see localizedParams). */
export const PARAM_LANG_SEP = '@';

/**
 * A notification param named by data (a deal's title) in every interface
 * language: `{ [name]: English, [name@hi]: Hindi, [name@he]: Hinglish }`,
 * the variants only where a translation exists. Notifications are stored
 * once and read later in the reader's language (pickParamsFor).
 */
export function localizedParams<K extends string>(name: string, row: Translatable<K>, field: K): Record<string, string> {
  const out: Record<string, string> = { [name]: row[field] ?? '' };
  for (const lang of ['hi', 'he'] as const) {
    const t = row.translations?.[lang]?.[field];
    if (typeof t === 'string' && t.trim() !== '') out[`${name}${PARAM_LANG_SEP}${lang}`] = t;
  }
  return out;
}

/**
 * The params of a stored notification as `lang` reads them: each `name`
 * takes its `name@lang` variant when there is one; the variants themselves
 * are dropped (localizedParams).
 */
export function pickParamsFor(params: Record<string, string | number> | undefined, lang: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (!k.includes(PARAM_LANG_SEP)) out[k] = params?.[`${k}${PARAM_LANG_SEP}${lang}`] ?? v;
  }
  return out;
}
