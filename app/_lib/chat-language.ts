import { getInterfaceLang } from '@/lib/interface-lang-server';
import { LANGUAGE_OF_LOCALE, type ChatLanguage } from '@/features/assistant/schemas';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/lib/constants';
import { decodeRouteParam } from './route-param';

/** The assistant's default language for this request: the interface locale's (en -> english, hi -> hindi, he -> hinglish). */
export async function chatLanguageOfRequest(): Promise<ChatLanguage> {
  const locale = await getInterfaceLang();
  return LANGUAGE_OF_LOCALE[(LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE];
}

/**
 * The topic a chat route's slug names (id or slug of a topic), or null for
 * "general" and for a slug that names no topic (or does not decode): a
 * stale link still opens a working general chat instead of a 404.
 * @param slug the route param as Next passed it (still percent-encoded).
 */
export async function chatTopicOfSlug(
  slug: string,
  lookup: (idOrSlug: string) => Promise<{ id: string; name: string }>,
): Promise<{ id: string; name: string } | null> {
  const s = decodeRouteParam(slug)?.trim();
  if (!s || s === 'general') return null;
  try {
    const topic = await lookup(s);
    return { id: topic.id, name: topic.name };
  } catch (err) {
    if ((err as { status?: unknown } | null)?.status === 404) return null;
    throw err;
  }
}
