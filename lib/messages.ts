import { LOCALES, DEFAULT_LOCALE, type Locale } from '@/lib/constants';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';

/**
 * Server-side access to the interface messages (messages/{en,hi,he}.json),
 * for text the server writes itself: API error messages in the user's
 * language, the assistant's "don't know" reply. Pages use next-intl.
 */

type Tree = { [k: string]: string | Tree };
const MESSAGES: Record<Locale, Tree> = { en: en as Tree, hi: hi as Tree, he: he as Tree };

/** `locale` when it is an interface locale (en, hi, he), else English (SPEC.md section 4 "Language"). */
export function toLocale(value: string | undefined | null): Locale {
  return value && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

/**
 * The text of a message key ("leads.validation.name") in `locale`, from
 * messages/*.json; the key itself when it is not one (zod's own messages,
 * e.g. for unknown keys, pass through).
 */
export function messageText(key: string, locale: Locale = DEFAULT_LOCALE): string {
  let node: string | Tree | undefined = MESSAGES[locale];
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return key;
    node = node[part];
  }
  return typeof node === 'string' ? node : key;
}
