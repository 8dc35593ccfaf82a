import { createTranslator } from 'next-intl';
import { formatLocale } from '@/lib/i18n-locale';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import type { ChatLanguage } from '../../schemas';

/**
 * The assistant's one answer writer: every computed answer, working line and
 * claim correction is a message of messages/{en,hi,he}.json under
 * `assistant.answers`, rendered with next-intl's translator in the asker's
 * language (english -> en, hindi -> hi, hinglish -> he: Hindi in Latin
 * letters) with its numbers as ICU arguments, already written the way the
 * answers show them (`rs`, `num`, `kwS`). Pure, no I/O.
 */

/** Interface language of each chat language (messages file). */
const LANG_CODE: Record<ChatLanguage, 'en' | 'hi' | 'he'> = { english: 'en', hindi: 'hi', hinglish: 'he' };
const MESSAGES = { en, hi, he } as const;

/** Dotted paths of the string leaves of a message tree. */
type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
/** A message key under `assistant.answers` (checked against messages/en.json; hi and he have the same keys, answers.test.ts). */
export type AnswerKey = Leaves<typeof en.assistant.answers>;

/** Values of a message's ICU arguments: numbers are passed written (see `rs`, `num`, `kwS`). */
export type SayArgs = Record<string, string | number>;

type Translate = (key: string, args: SayArgs) => string;
const translators = new Map<ChatLanguage, Translate>();

/**
 * The text of message `assistant.answers.<key>` in `lang`, with `args` put in.
 * @param key a key under `assistant.answers` ("area.text").
 * @throws nothing: a missing argument is logged by next-intl and the message's key returned.
 */
export function say(lang: ChatLanguage, key: AnswerKey, args: SayArgs = {}): string {
  let t = translators.get(lang);
  if (!t) {
    const code = LANG_CODE[lang];
    const translate = createTranslator({ locale: formatLocale(code), messages: MESSAGES[code], namespace: 'assistant.answers' });
    t = (k, a) => translate(k as never, a as never);
    translators.set(lang, t);
  }
  return t(key, args);
}

/** `say` in each of the three languages (for rules that carry their text in all three). */
export function sayEach(key: AnswerKey, args: SayArgs = {}): Record<ChatLanguage, string> {
  return { english: say('english', key, args), hindi: say('hindi', key, args), hinglish: say('hinglish', key, args) };
}

/** A computed answer: the reply text, its working in one line, and the fact-sheet rules it rests on. */
export interface Computed {
  text: string;
  /** One line of arithmetic ("3 kW x 10-12 m2 = 30-36 m2, about 300-390 sq ft"). */
  working: string;
  /** Fact-sheet sections and source numbers ("Solar Panel [25]"). */
  sources: string[];
  /** The fact sheet's source numbers, for server/sources.ts titles. */
  sourceIds: number[];
}

/** A Computed from its text, working, source numbers and fact-sheet sections. */
export function computed(text: string, working: string, sourceIds: number[], sources: string[]): Computed {
  return { text, working, sources, sourceIds };
}

/** Rupees in the Indian grouping: 108000 -> "1,08,000" (rounded to whole rupees). */
export function formatRupees(n: number): string {
  const s = String(Math.round(n));
  if (s.length <= 3) return s;
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** Rupees as answers write them: "Rs 1,08,000" (Indian grouping, whole rupees). */
export const rs = (n: number) => `Rs ${formatRupees(n)}`;
/** A number for display: at most one decimal, Indian grouping for whole numbers. */
export const num = (n: number) => (Number.isInteger(n) ? formatRupees(n) : String(Math.round(n * 10) / 10));
/** A size in kW for display: at most two decimals ("2.5"). */
export const kwS = (k: number) => String(Math.round(k * 100) / 100);
/** A space and the text, or nothing for an empty text (optional clauses inside a sentence). */
export const spaced = (text: string) => (text ? ` ${text}` : '');
