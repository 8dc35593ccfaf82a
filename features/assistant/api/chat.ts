import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/http/client';
import type { ChatLanguage, ChatRequest, ChatResult, ShortSuggestedQuestion, SuggestedQuestion } from '../schemas';
import type { chatRoutes } from '../server/routes';

/** The assistant's endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof chatRoutes>>();

/**
 * The assistant's HTTP calls: the
 * JSON form of the chat (used when the socket cannot connect) and the
 * suggested questions.
 */

/** POST /recommendation-service/api/v1/chat/ answer with Accept: application/json. */
export type ChatAnswer = ChatResult;

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
export async function postChat(body: ChatRequest, signal?: AbortSignal): Promise<ChatAnswer> {
  const res = await api['recommendation-service'].api.v1.chat.$post({ json: body }, { init: { signal } });
  // The route answers JSON or a text stream by the Accept header, a union the
  // client type cannot narrow; apiFetch asks for JSON, and the server builds
  // this answer with c.json<ChatResult>.
  return res.json() as Promise<ChatResult>;
}

/**
 * GET /recommendation-service/api/v1/suggestions?language=: long-form and
 * short-form suggested questions of one language (SPEC.md section 3 and 9).
 * @throws HttpError.
 */
export async function fetchSuggestions(language: ChatLanguage, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return (await api['recommendation-service'].api.v1.suggestions.$get({ query: { language } }, { init: { signal } })).json();
}

/** One typeahead hit: a suggested question with its language and form. */
export type SuggestionHit = Suggestion & { language: ChatLanguage; form: 'long' | 'short' };

/**
 * GET /recommendation-service/api/v1/multilang-suggestions?query=: the
 * suggested questions of all three languages that match `query`.
 * @throws HttpError.
 */
export async function searchSuggestions(query: string, signal?: AbortSignal): Promise<{ suggestions: SuggestionHit[] }> {
  const res = await api['recommendation-service'].api.v1['multilang-suggestions'].$get({ query: { query, limit: '20' } }, { init: { signal } });
  return res.json();
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
