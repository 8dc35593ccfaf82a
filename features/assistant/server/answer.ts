import 'server-only';
import { logger } from '@/lib/logger';
import { messageText } from '@/lib/messages';
import type { BankEntry, Category, ChatLanguage, RelatedReel } from '../schemas';
import { computeAnswer, extractQuantities } from '../lib/calculator';
import { retrieve } from './retrieve';
import { listSuggestions, searchSuggestions } from './suggestions';
import { loadKnowledge } from './knowledge';
import { sourceTitles } from './sources';

/**
 * Composes the assistant's reply:
 * the retrieved bank answer in the asker's language, or the calculator's
 * computed answer when the entry has a calculator and the message carries
 * numbers; when nothing matches well, an "I don't know that yet" reply with
 * a callback offer, never the nearest unrelated answer. Around it: 3
 * follow-up questions from the bank and 1-3 related ready reels. Answers
 * are plain text; the UI renders them as text, never HTML.
 */

export type { RelatedReel };

/** Content language of the reels for an asker's language (SPEC.md section 3: en, hi, he). */
export const CONTENT_LANG: Record<ChatLanguage, 'en' | 'hi' | 'he'> = { english: 'en', hindi: 'hi', hinglish: 'he' };

/** A message key of messages/*.json in each chat language (english -> en, hindi -> hi, hinglish -> he). */
export function messageInEachLanguage(key: string): Record<ChatLanguage, string> {
  return {
    english: messageText(key, CONTENT_LANG.english),
    hindi: messageText(key, CONTENT_LANG.hindi),
    hinglish: messageText(key, CONTENT_LANG.hinglish),
  };
}

/**
 * Ready reels of the given topic slugs in (preferably) `lang`, at most
 * `limit`; composed by server/ from the reels feature.
 */
export type FindReels = (topicSlugs: string[], lang: 'en' | 'hi' | 'he', limit: number) => Promise<RelatedReel[]>;

/** Follow-up questions offered with each answer (3). */
export const FOLLOW_UP_COUNT = 3;
/** Related reels shown with an answer, at most (1-3). */
export const RELATED_REELS_MAX = 3;

/**
 * The reply when nothing in the bank matches well: say so and offer a
 * callback, in the asker's language,
 * from messages/*.json "assistant.noMatchReply".
 */
export const NO_MATCH_REPLY = messageInEachLanguage('assistant.noMatchReply');

/** What the bank and the calculator say to one message, before any model rephrasing. */
export interface Composition {
  /** False when nothing matched well (the reply is NO_MATCH_REPLY). */
  matched: boolean;
  entry: BankEntry | null;
  /** English category key of the matched entry. */
  category: Category | null;
  /** The reply: the entry's answer, the calculator's computed answer, or NO_MATCH_REPLY. Plain text. */
  text: string;
  /** True when the calculator computed `text` from the message's numbers. */
  computed: boolean;
  /** Titles of the fact-sheet sources the answer rests on. */
  sources: string[];
}

/**
 * Retrieval plus calculator for `message` in `language`. Fast and
 * database-free (the bank index is in memory), so the first chunk can go out
 * at once.
 */
export async function composeAnswer(message: string, language: ChatLanguage): Promise<Composition> {
  const { match } = await retrieve(message, language);
  if (!match) {
    return { matched: false, entry: null, category: null, text: NO_MATCH_REPLY[language], computed: false, sources: [] };
  }
  const entry = match.entry;
  let text = entry.answer;
  let computed = false;
  if (entry.calc) {
    const quantities = extractQuantities(message);
    const calculated = computeAnswer(entry.calc, quantities, language);
    if (calculated) {
      text = calculated;
      computed = true;
    }
  }
  return { matched: true, entry, category: entry.category, text, computed, sources: sourceTitles(entry.sources ?? []) };
}

/**
 * Three follow-up questions in the asker's language: for a matched entry,
 * the bank questions of the same category that come after it in the bank
 * (wrapping round, so each answer offers different ones); without a match, the first
 * long-form suggested questions.
 */
export async function followUpQuestions(entry: BankEntry | null, language: ChatLanguage): Promise<string[]> {
  if (!entry) {
    const long = await listSuggestions(language, 'long');
    return long.slice(0, FOLLOW_UP_COUNT).map((s) => s.q);
  }
  const { entries } = await loadKnowledge();
  const rows = entries.filter((e) => e.language === language && e.category === entry.category);
  const at = rows.findIndex((r) => r.id === entry.id);
  const out: string[] = [];
  for (let i = 1; i <= rows.length && out.length < FOLLOW_UP_COUNT; i++) {
    const r = rows[(Math.max(at, 0) + i) % rows.length];
    if (r.id !== entry.id && !out.includes(r.question)) out.push(r.question);
  }
  return out;
}

/**
 * 1-3 ready reels on the matched entry's related topics, in the asker's
 * language first; [] without a match or a lookup. A failing lookup is not
 * the asker's problem: it gives [].
 */
export async function relatedReels(entry: BankEntry | null, language: ChatLanguage, findReels?: FindReels): Promise<RelatedReel[]> {
  if (!entry || !findReels || entry.related_topics.length === 0) return [];
  try {
    return (await findReels([...entry.related_topics], CONTENT_LANG[language], RELATED_REELS_MAX)).slice(0, RELATED_REELS_MAX);
  } catch (err) {
    logger().warn({ err, topics: entry.related_topics }, 'related reels lookup failed');
    return [];
  }
}

/**
 * Builds the retrieval and typeahead indexes now (about 2 s for the whole
 * bank on a busy machine) instead of on the first question, so the first
 * asker gets the first chunk as fast as the rest. Call after syncKnowledge().
 */
export async function warmAnswers(): Promise<void> {
  await Promise.all([retrieve('solar', 'english'), searchSuggestions('solar', 1)]);
}
