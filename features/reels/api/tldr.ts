import { apiClient } from '@/lib/http/client';
import type { ContentLang, TldrEntry } from '../schemas';
import type { feedRoutes } from '../server/routes';

/** The feed endpoints, typed by their router. */
const api = apiClient<typeof feedRoutes>();

/**
 * GET /feeds-server/api/v1/popup/tldr/{id}: one topic's TLDR entry as this
 * viewer sees it (`content` null when the topic has no summary reel yet;
 * `content.watched` / `content.vidWatched` are the viewer's progress).
 * @param topic the topic's uuid or slug.
 * @param lang the summary's preferred language (the interface language); another when the topic has none in it.
 * @throws HttpError 404 `topic_not_found`.
 */
export async function fetchTopicTldr(topic: string, lang: ContentLang, signal?: AbortSignal): Promise<TldrEntry> {
  const res = await api['feeds-server'].api.v1.popup.tldr[':id'].$get({ param: { id: topic }, query: { lang } }, { init: { signal } });
  return res.json();
}
