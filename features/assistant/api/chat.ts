import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import type { ChatLanguage, ChatRequest, ShortSuggestedQuestion, SuggestedQuestion } from '../schemas';
import type { RelatedReel } from '../lib/chat-state';

/**
 * The assistant's HTTP calls (issue "The AI assistant", Interfaces): the
 * JSON form of the chat (used when the socket cannot connect) and the
 * suggested questions.
 */

/** POST /recommendation-service/api/v1/chat/ answer with Accept: application/json. */
export interface ChatAnswer {
  chat_id: string;
  answer: string;
  matched: boolean;
  category: string | null;
  suggestions: string[];
  related: RelatedReel[];
  sources: string[];
}

/** A suggested question; `category` (English key) is optional on long-form cards. */
export type Suggestion = SuggestedQuestion;

/** A short-form suggested question: always names its category, for the category picker. */
export type ShortSuggestion = ShortSuggestedQuestion;

/** GET /recommendation-service/api/v1/suggestions answer. */
export interface SuggestionsResponse {
  long: Suggestion[];
  short: ShortSuggestion[];
}

/**
 * POST /recommendation-service/api/v1/chat/: the whole answer at once.
 * @throws HttpError (`validation_failed` for a bad message, `rate_limited` after 30 messages in 10 minutes).
 */
export function postChat(body: ChatRequest, signal?: AbortSignal): Promise<ChatAnswer> {
  return http.post<ChatAnswer>('/recommendation-service/api/v1/chat/', body, { signal });
}

/**
 * GET /recommendation-service/api/v1/suggestions?language=: long-form and
 * short-form suggested questions of one language (SPEC.md section 3 and 9).
 * @throws HttpError.
 */
export function fetchSuggestions(language: ChatLanguage, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return http.get<SuggestionsResponse>('/recommendation-service/api/v1/suggestions', { language }, { signal });
}

/** One typeahead hit: a suggested question with its language and form. */
export type SuggestionHit = Suggestion & { language: ChatLanguage; form: 'long' | 'short' };

/**
 * GET /recommendation-service/api/v1/multilang-suggestions?query=: the
 * suggested questions of all three languages that match `query`.
 * @throws HttpError.
 */
export function searchSuggestions(query: string, signal?: AbortSignal): Promise<{ suggestions: SuggestionHit[] }> {
  return http.get<{ suggestions: SuggestionHit[] }>('/recommendation-service/api/v1/multilang-suggestions', { query, limit: 20 }, { signal });
}

export const assistantKeys = {
  suggestions: (language: ChatLanguage) => ['assistant', 'suggestions', language] as const,
  search: (query: string) => ['assistant', 'suggestion-search', query] as const,
};

/** Typeahead results for `query` (a category name for the picker), kept 10 minutes. */
export function suggestionSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: assistantKeys.search(query),
    queryFn: ({ signal }) => searchSuggestions(query, signal),
    staleTime: 10 * 60_000,
  });
}

/** Suggested questions change only when curators edit them: kept for 10 minutes. */
export function suggestionsQueryOptions(language: ChatLanguage) {
  return queryOptions({
    queryKey: assistantKeys.suggestions(language),
    queryFn: ({ signal }) => fetchSuggestions(language, signal),
    staleTime: 10 * 60_000,
  });
}
