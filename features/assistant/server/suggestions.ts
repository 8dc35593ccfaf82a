import 'server-only';
import MiniSearch from 'minisearch';
import { LANGUAGE_OF_LOCALE, type ChatLanguage, type ShortSuggestedQuestion, type SuggestedQuestion } from '../schemas';
import { consonantKey, tokenize } from '../lib/normalize';
import { loadKnowledge, type Knowledge, type SuggestionForm } from './knowledge';

/**
 * Suggested questions (SPEC.md sections 3 and 9): the long-form cards of the
 * assistant's greeting, the short-form chips, and the typeahead of
 * GET /recommendation-service/api/v1/multilang-suggestions?query=.
 */

/** A suggestion with the language it is written in (short-form ones name their category). */
export interface SuggestionHit extends SuggestedQuestion {
  language: ChatLanguage;
  form: SuggestionForm;
}

/** The suggested questions of one language and form, in file order; short-form ones carry their category. */
export async function listSuggestions(language: ChatLanguage, form: 'short'): Promise<ShortSuggestedQuestion[]>;
export async function listSuggestions(language: ChatLanguage, form: SuggestionForm): Promise<SuggestedQuestion[]>;
export async function listSuggestions(language: ChatLanguage, form: SuggestionForm): Promise<SuggestedQuestion[]> {
  const k = await loadKnowledge();
  return k.suggestions[language][form];
}

interface SuggestionDoc extends SuggestionHit { key: string }

function processTerm(term: string): string | string[] {
  if (term.startsWith('@')) return term;
  const key = consonantKey(term);
  return key && key !== term ? [term, `#${key}`] : term;
}

/** Builds the typeahead index over the suggestions of all three languages (normalised like retrieval). */
export function buildSuggestionIndex(suggestions: Knowledge['suggestions']): (query: string, limit?: number) => SuggestionHit[] {
  const docs: SuggestionDoc[] = [];
  for (const language of Object.keys(suggestions) as ChatLanguage[]) {
    for (const form of ['long', 'short'] as const) {
      suggestions[language][form].forEach((s, i) => docs.push({ ...s, language, form, key: `${language}:${form}:${i}` }));
    }
  }
  const index = new MiniSearch<SuggestionDoc>({
    idField: 'key',
    fields: ['q'],
    storeFields: ['icon', 'q', 'color', 'category', 'language', 'form'],
    // Prefix typeahead needs the words themselves, not concept tokens.
    tokenize: (text) => tokenize(text, { concepts: false }),
    processTerm,
  });
  index.addAll(docs);
  return (query, limit = 8) => {
    if (tokenize(query, { concepts: false }).length === 0) return [];
    const seen = new Set<string>();
    const out: SuggestionHit[] = [];
    const results = index.search(query, {
      prefix: (term) => !/^[#@]/.test(term) && !/^\d/.test(term),
      fuzzy: (term) => (/^[#@]/.test(term) || term.length < 5 ? false : 0.2),
      combineWith: 'OR',
    });
    for (const r of results) {
      const q = String(r.q);
      // The same question text may be both a long card and a short chip.
      if (seen.has(q)) continue;
      seen.add(q);
      out.push({
        icon: String(r.icon), q, color: r.color as SuggestedQuestion['color'],
        ...(r.category ? { category: r.category as SuggestedQuestion['category'] } : {}),
        language: r.language as ChatLanguage, form: r.form as SuggestionForm,
      });
      if (out.length >= limit) break;
    }
    return out;
  };
}

const INDEXES = new WeakMap<object, ReturnType<typeof buildSuggestionIndex>>();

/**
 * Typeahead over the suggested questions of all three languages: the query
 * is normalised like retrieval (Devanagari or Latin, Hinglish spellings),
 * matched by prefix and fuzzily; best first, each question once.
 * @param limit maximum hits, default 8.
 * @returns [] for a query with no searchable word.
 */
export async function searchSuggestions(query: string, limit = 8): Promise<SuggestionHit[]> {
  const k = await loadKnowledge();
  let search = INDEXES.get(k.suggestions);
  if (!search) {
    search = buildSuggestionIndex(k.suggestions);
    INDEXES.set(k.suggestions, search);
  }
  return search(query, limit);
}

/**
 * The suggested questions written in `lang` (en, hi, he: the interface
 * language's) that match `query`, best first, at most `limit`: the search's
 * questions (features/reels/server/search.ts SearchDeps.findQuestions, joined
 * by server/api.ts and the search page).
 * @returns [] for a query with no searchable word.
 */
export async function questionsMatching(query: string, lang: 'en' | 'hi' | 'he', limit: number): Promise<string[]> {
  // Every hit of the three languages, then those of `lang`: the index ranks them together.
  const language = LANGUAGE_OF_LOCALE[lang];
  return (await searchSuggestions(query, 1000)).filter((h) => h.language === language).slice(0, limit).map((h) => h.q);
}
