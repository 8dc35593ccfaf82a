import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiClient } from '@/lib/http/client';
import type { ChatLanguage, ChatRequest } from '../schemas';
import type { chatRoutes } from '../server/routes';

/**
 * The assistant's HTTP calls: the JSON form of the chat (used when the
 * socket cannot connect) and the suggested questions. Calls and answer types
 * come from the server's router through Hono's `hc` (type imports only).
 * Per call: a fetcher, its query options, a hook.
 */

/** The assistant's endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof chatRoutes>>();
const v1 = api['recommendation-service'].api.v1;

/**
 * POST /recommendation-service/api/v1/chat/ answer with Accept: application/json
 * (the route's JSON branch; its other branch is the streamed text/plain answer,
 * which this client never asks for).
 */
export type ChatAnswer = Exclude<InferResponseType<typeof v1.chat.$post, 200>, string>;

/** GET /recommendation-service/api/v1/suggestions answer: long-form cards and short-form chips of one language. */
export type SuggestionsResponse = InferResponseType<typeof v1.suggestions.$get>;

/** A suggested question; `category` (English key) is optional on long-form cards. */
export type Suggestion = SuggestionsResponse['long'][number];

/** A short-form suggested question: always names its category, for the category picker. */
export type ShortSuggestion = SuggestionsResponse['short'][number];

/**
 * POST /recommendation-service/api/v1/chat/: the whole answer at once.
 * @throws HttpError (`validation_failed` for a bad message, `rate_limited` after 30 messages in 10 minutes).
 */
export async function postChat(body: ChatRequest, signal?: AbortSignal): Promise<ChatAnswer> {
  // apiFetch asks for JSON (Accept: application/json), so the route answers its
  // JSON branch; the streamed text/plain branch is the socket-less reader's
  // (`text` in the route's type), left as it is.
  return (await v1.chat.$post({ json: body }, { init: { signal } })).json();
}

/**
 * GET /recommendation-service/api/v1/suggestions?language=: long-form and
 * short-form suggested questions of one language (SPEC.md section 3 and 9).
 * @throws HttpError.
 */
export async function fetchSuggestions(language: ChatLanguage, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return (await v1.suggestions.$get({ query: { language } }, { init: { signal } })).json();
}

/** One typeahead hit: a suggested question with its language and form (`long` or `short`). */
export type SuggestionHit = InferResponseType<(typeof v1)['multilang-suggestions']['$get']>['suggestions'][number];

/**
 * GET /recommendation-service/api/v1/multilang-suggestions?query=: the
 * suggested questions of all three languages that match `query`.
 * @throws HttpError.
 */
export async function searchSuggestions(query: string, signal?: AbortSignal): Promise<{ suggestions: SuggestionHit[] }> {
  const res = await v1['multilang-suggestions'].$get({ query: { query, limit: '20' } }, { init: { signal } });
  return res.json();
}

/** Query keys of the assistant. */
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

/**
 * Suggested questions of `language` (suggestionsQueryOptions).
 * @param initialData the page's server-rendered suggestions of this language, if any.
 */
export function useSuggestions(language: ChatLanguage, initialData?: SuggestionsResponse) {
  return useQuery({ ...suggestionsQueryOptions(language), initialData });
}

/** Typeahead results for `query` (suggestionSearchQueryOptions); `enabled` false while there is nothing to look up. */
export function useSuggestionSearch(query: string, enabled = true) {
  return useQuery({ ...suggestionSearchQueryOptions(query), enabled });
}
