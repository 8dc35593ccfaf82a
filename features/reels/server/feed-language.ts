import { LOCALES, type Locale } from '@/lib/constants';
import { interfaceLocaleOf, preferredLanguage } from '@/lib/accept-language';
import type { ContentLang, FeedLang } from '../schemas';

/** The feed's first language (SPEC.md section 4 "Feed state": lang starts Hinglish). */
export const FIRST_FEED_LANG: ContentLang = 'he';

/** What the server knows of the person's language on a feed request. */
export interface FeedLanguageSignals {
  /** The `lang` the request asked for (query string or page URL), `all` included. */
  explicit?: FeedLang | null;
  /** The NEXT_LOCALE cookie: the interface language the person chose (en, hi, he). */
  localeCookie?: string | null;
  /** The phone's Accept-Language header. */
  acceptLanguage?: string | null;
}

/** The language a feed is shown in, and whether the person asked for it. */
export interface FeedLanguage {
  lang: FeedLang;
  /** False when the server chose: an empty feed in that language then shows every language. */
  explicit: boolean;
}

function isLocale(v: string | null | undefined): v is Locale {
  return !!v && (LOCALES as readonly string[]).includes(v);
}

/**
 * The feed's language rule, the one place it is decided (the API, the
 * server-rendered feed pages and the TLDR popup all call it):
 * 1. an explicit `lang` wins, `all` included (the header's language menu);
 * 2. else the interface language the person chose (the NEXT_LOCALE cookie:
 *    en, hi, he; reel languages and interface locales share codes);
 * 3. else the phone's Accept-Language: Hindi when it prefers Hindi over English;
 * 4. else Hinglish, the feed's first language (SPEC.md section 4).
 * "All languages" is never a default: the same question would come three
 * times in a row, once per language.
 */
export function feedLanguageOf(s: FeedLanguageSignals): FeedLanguage {
  if (s.explicit) return { lang: s.explicit, explicit: true };
  if (isLocale(s.localeCookie)) return { lang: s.localeCookie, explicit: false };
  if (preferredLanguage(s.acceptLanguage, ['hi', 'en']) === 'hi') return { lang: 'hi', explicit: false };
  return { lang: FIRST_FEED_LANG, explicit: false };
}

/**
 * The reel language to prefer for a summary (TLDR) shown to this person:
 * their interface language, i.e. the NEXT_LOCALE cookie when set, else
 * what a new visitor's interface gets from Accept-Language (Hindi for hi,
 * else English; lib/accept-language.ts), as i18n/request.ts decides it.
 */
export function summaryLanguageOf(s: Omit<FeedLanguageSignals, 'explicit'>): ContentLang {
  return isLocale(s.localeCookie) ? s.localeCookie : interfaceLocaleOf(s.acceptLanguage);
}

/**
 * The language a feed's names are in (topic, category and option names on
 * every reel card, docs/decisions/025-names-in-three-languages.md): the
 * asker's, whatever language each reel is in. Read from what feed callers
 * already pass besides the query: the feed's one language when the person
 * asked for it (`fallbackToAll` unset), else the interface language
 * (`summaryLang`: the NEXT_LOCALE cookie, else Accept-Language), else the
 * feed's one language, else English. For a request's signals this is
 * lib/http/asker-lang.ts `askerLangOf(explicit lang, cookie, Accept-Language)`,
 * with `lang=all` counting as no language.
 * @param lang the feed's language after feedLanguageOf (`all` or one reel language), or unset.
 * @param opts the feed options of features/reels/server/feed.ts (`fallbackToAll`, `summaryLang`).
 */
export function namesLanguageOf(
  lang: FeedLang | null | undefined, opts: { fallbackToAll?: boolean; summaryLang?: ContentLang },
): Locale {
  const one = isLocale(lang) ? lang : undefined;
  if (one && !opts.fallbackToAll) return one;
  return opts.summaryLang ?? one ?? 'en';
}
