import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { contentItems, searchDocuments, topics } from '@/lib/db/schema';
import { visibleReel } from '@/lib/db/visible-reel';
import { PAGE_SIZE } from '@/lib/constants';
import { localizedText } from '@/lib/localized';
import { singleton } from '@/lib/singleton';
import type { Principal } from '@/lib/auth/principal';
import type { ContentLang, SearchResponse, SearchTopic } from '../schemas';
import { queryWords } from '../lib/search-key';
import { onPagesChanged } from './feed-cache';
import { selectItems, signingReady, toBaseItem, type BaseItem } from './feed-items';
import { countKeys, countsOf, itemJson, viewerState } from './item-json';
import { ticketIssueS } from './watch-ticket';
import { refreshSearchIndex, searchIndexStale } from './search-index';

/*
 * GET /feeds-server/api/v1/search (docs/decisions/031-search.md): ready,
 * approved reels whose option, description, category or topic names match
 * the query, topics by name and description, and the assistant's suggested
 * questions, each paged by PAGE_SIZE.
 *
 * Matching: the query's words become loose Latin keys (../lib/search-key.ts,
 * the same as the documents'); each key finds its spellings in the
 * vocabulary (search_words) by pg_trgm similarity, and documents holding any
 * of them are found through the GIN index of their tsvector. Ranking: reels
 * in the asked language first (the feed's language rule), then by score,
 * then in feed order. A query word's score in a document is ts_rank over
 * its spellings (fields weighted: option names, description, category,
 * topic), times how close the spelling is and how rare the word is.
 *
 * The ranked ids of a query and each page's reels are cached per process
 * (SEARCH_CACHE_TTL_MS), dropped whenever the feed's pages are (a reel ready,
 * approved, taken down or edited; a taxonomy edit).
 */

/** Ranked reels kept per query (50 pages of 10): a search is read from the top. */
export const MAX_RANKED_REELS = 500;
/** Ranked topics kept per query. */
export const MAX_RANKED_TOPICS = 100;
/** How long a query's ranking and pages are reused, ms, unless a change drops them first. */
export const SEARCH_CACHE_TTL_MS = 30_000;
const MAX_CACHE_ENTRIES = 5_000;
/**
 * The least trigram similarity at which a vocabulary word counts as a
 * spelling of a query word (pg_trgm's `%` finds candidates from 0.3).
 * Tuned on tests/fixtures/search-tuning.json.
 */
export const MIN_SPELLING_SIMILARITY = 0.5;
/** Spellings kept per query word, closest first. */
const MAX_SPELLINGS = 6;
/**
 * A word in more than half the documents tells almost nothing (a stop word
 * by its frequency): it does not pick candidates (it still counts in the
 * score) when the query has a rarer word.
 */
const COMMON_SHARE = 0.5;
/** ts_rank weights of the fields {D topic names, C category names, B description, A option names}. */
const FIELD_WEIGHTS = '{0.2,0.3,0.6,1.0}';

/** What the service needs from outside the reels feature (server/api.ts joins the assistant). */
export interface SearchDeps {
  /**
   * Suggested questions matching `q`, in language `lang`, best first, at
   * most `limit` (features/assistant: the typeahead of multilang-suggestions).
   */
  findQuestions(q: string, lang: ContentLang, limit: number): Promise<string[]>;
}

/** A validated search (`searchQuerySchema`) with its language settled (./feed-language.ts). */
export interface SearchInput { q: string; lang: ContentLang; page: number }

interface Ranked { reelIds: string[]; topicIds: string[] }
interface TopicRow { id: string; slug: string; names: Record<ContentLang, string>; pic: string | null }
interface SearchPage { items: BaseItem[]; topics: TopicRow[]; reelsMore: boolean; topicsMore: boolean }

/* ---------- cache ---------- */

interface CacheEntry { expires: number; value: Promise<unknown> }
const caches = () => singleton('reels_search_cache', () => {
  const all = new Map<Db, Map<string, CacheEntry>>();
  // Drop with the feed's pages: here, or announced by another process over the Redis bus.
  onPagesChanged(() => {
    for (const m of all.values()) m.clear();
  });
  return all;
});

/** The value under `key`, loaded at most once per SEARCH_CACHE_TTL_MS (concurrent misses share one load). */
function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const all = caches();
  let m = all.get(db);
  if (!m) all.set(db, (m = new Map()));
  const now = Date.now();
  const hit = m.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  const entry = { expires: now + SEARCH_CACHE_TTL_MS, value };
  m.delete(key);
  m.set(key, entry);
  const map = m;
  value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  // Map order is insertion order: the oldest go first.
  if (m.size > MAX_CACHE_ENTRIES) for (const k of [...m.keys()].slice(0, MAX_CACHE_ENTRIES / 10)) m.delete(k);
  return value;
}

/* ---------- ranking ---------- */

/** One query word: the tsquery of its spellings and its weight in the score. */
interface WordGroup { tsquery: string; weight: number; df: number }

/** Documents in the index, for the weight of rare words; read at most once a minute. */
async function documentCount(db: Db): Promise<number> {
  return cached(db, 'doc-count', async () => {
    const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(searchDocuments);
    return Math.max(1, Number(r?.n ?? 1));
  });
}

/**
 * The spellings of each query word found in the vocabulary: the word
 * itself when present, words within MIN_SPELLING_SIMILARITY (not for keys
 * of one or two letters, nor numbers, which must match as written), and for
 * the last word of a query still being typed every word it begins.
 */
async function wordGroups(db: Db, words: string[], lastIsPrefix: boolean): Promise<WordGroup[]> {
  const arr = sql`ARRAY[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]`;
  const [rows, n] = await Promise.all([
    db.execute<{ i: number; word: string; sim: number; df: number }>(sql`
      select q.i::int as i, w.word, similarity(w.word, q.k)::float8 as sim, w.df
      from unnest(${arr}) with ordinality as q(k, i)
      join search_words w on w.word % q.k`),
    documentCount(db),
  ]);
  const groups: WordGroup[] = [];
  words.forEach((w, idx) => {
    const loose = w.length > 2 && !/^\d+$/.test(w);
    const found = (rows.rows as Array<{ i: number; word: string; sim: number; df: number }>)
      .filter((r) => Number(r.i) === idx + 1 && (r.word === w || (loose && r.sim >= MIN_SPELLING_SIMILARITY)))
      .sort((a, b) => b.sim - a.sim)
      .slice(0, MAX_SPELLINGS);
    const prefix = lastIsPrefix && idx === words.length - 1 && w.length >= 2 && !/^\d+$/.test(w);
    if (!found.length && !prefix) return;
    const terms = found.map((r) => `'${r.word}'`);
    if (prefix) terms.push(`'${w}':*`);
    const best = found[0];
    const df = best ? Number(best.df) : n;
    // A word's weight: how close its best spelling is, and how rare (inverse document frequency).
    const closeness = best ? Number(best.sim) : 0.8;
    const idf = Math.log(1 + n / (1 + df));
    // ts_rank of an OR divides by the number of its terms: multiplied back, so a word with many spellings weighs as one.
    groups.push({ tsquery: terms.join(' | '), weight: closeness * idf * terms.length, df });
  });
  return groups;
}

/** The tsquery that picks candidates: the telling words only, when the query has one. */
function candidateQuery(groups: WordGroup[], n: number): string {
  const telling = groups.filter((g) => g.df <= COMMON_SHARE * n);
  return (telling.length ? telling : groups).map((g) => `(${g.tsquery})`).join(' | ');
}

/** Σ weight × ts_rank of each word's spellings over `doc`. */
function scoreOf(groups: WordGroup[]): SQL {
  return sql.join(groups.map((g) =>
    sql`${g.weight}::float8 * ts_rank(${FIELD_WEIGHTS}::float4[], ${searchDocuments.doc}, ${g.tsquery}::tsquery)`), sql` + `);
}

/** Ranks every visible reel and every topic matching `words`: reels in `lang` first. */
async function rank(db: Db, words: string[], lastIsPrefix: boolean, lang: ContentLang): Promise<Ranked> {
  if (await searchIndexStale(db)) await refreshSearchIndex(db);
  const [groups, n] = await Promise.all([wordGroups(db, words, lastIsPrefix), documentCount(db)]);
  if (!groups.length) return { reelIds: [], topicIds: [] };
  const match = sql`${searchDocuments.doc} @@ ${candidateQuery(groups, n)}::tsquery`;
  const score = scoreOf(groups);
  const [reels, topicRows] = await Promise.all([
    db.select({ id: contentItems.id }).from(searchDocuments)
      .innerJoin(contentItems, eq(contentItems.id, searchDocuments.ref_id))
      .where(and(eq(searchDocuments.kind, 'reel'), match, visibleReel))
      .orderBy(sql`(${contentItems.lang} = ${lang}) desc`, sql`${score} desc`, contentItems.feed_seq, contentItems.id)
      .limit(MAX_RANKED_REELS),
    db.select({ id: topics.id }).from(searchDocuments)
      .innerJoin(topics, eq(topics.id, searchDocuments.ref_id))
      .where(and(eq(searchDocuments.kind, 'topic'), match))
      .orderBy(sql`${score} desc`, topics.sort_order, topics.name)
      .limit(MAX_RANKED_TOPICS),
  ]);
  return { reelIds: reels.map((r) => r.id), topicIds: topicRows.map((r) => r.id) };
}

/** One page of a ranking: its reels (visible now, in rank order) and topics. */
async function loadPage(db: Db, ranked: Ranked, page: number): Promise<SearchPage> {
  const from = (page - 1) * PAGE_SIZE;
  const reelIds = ranked.reelIds.slice(from, from + PAGE_SIZE);
  const topicIds = ranked.topicIds.slice(from, from + PAGE_SIZE);
  const [rows, topicRows] = await Promise.all([
    reelIds.length ? selectItems(db).where(and(inArray(contentItems.id, reelIds), visibleReel)) : [],
    topicIds.length ? db.select().from(topics).where(inArray(topics.id, topicIds)) : [],
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const topicById = new Map(topicRows.map((t) => [t.id, t]));
  const name = (t: (typeof topicRows)[number], l: ContentLang) => localizedText(t, 'name', l) ?? t.name;
  return {
    items: reelIds.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toBaseItem(r)] : [];
    }),
    topics: topicIds.flatMap((id) => {
      const t = topicById.get(id);
      return t ? [{ id: t.id, slug: t.slug, names: { en: name(t, 'en'), hi: name(t, 'hi'), he: name(t, 'he') }, pic: t.pic }] : [];
    }),
    reelsMore: ranked.reelIds.length > from + PAGE_SIZE,
    topicsMore: ranked.topicIds.length > from + PAGE_SIZE,
  };
}

/* ---------- the service ---------- */

/**
 * One page of search results for a viewer as the JSON text the API sends
 * (`SearchResponse`, features/reels/schemas.ts): `reels` are feed items
 * (the feed's one serializer, ./item-json.ts: counts, this viewer's flags
 * and watch ticket, names in `lang`), `topics` are `{id, slug, name, pic}`
 * with the name in `lang`, `questions` are suggested questions written in
 * `lang`; each list holds at most PAGE_SIZE (10) items of page `page`
 * (SPEC.md section 4 "Paging"), `has_more` says whether page + 1 has any.
 * Only ready, approved reels (lib/db/visible-reel.ts); reels in `lang`
 * come before reels in other languages (docs/decisions/024-feed-language.md,
 * docs/decisions/031-search.md). A query with no searchable word answers
 * empty lists.
 * @param input validated query (`searchQuerySchema`) with `lang` settled by the feed's language rule.
 * @param deps the suggested questions (server/api.ts).
 */
export async function searchJson(principal: Principal, input: SearchInput, deps: SearchDeps): Promise<string> {
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const { words, lastIsPrefix } = queryWords(input.q);
  const { lang, page } = input;
  const key = `${lang}|${words.join(' ')}${lastIsPrefix ? '*' : ''}`;
  const [pageData, questions, state] = await Promise.all([
    words.length
      ? cached(db, `page:${page}:${key}`, async () =>
        loadPage(db, await cached(db, `rank:${key}`, () => rank(db, words, lastIsPrefix, lang)), page))
      : Promise.resolve<SearchPage>({ items: [], topics: [], reelsMore: false, topicsMore: false }),
    deps.findQuestions(input.q, lang, page * PAGE_SIZE + 1),
    viewerState(db, principal.visitorId),
  ]);
  const counts = await countsOf(db, countKeys(pageData.items));
  const view = { counts, state, visitorId: principal.visitorId, issuedS: ticketIssueS(), lang };
  let reels = '';
  for (const b of pageData.items) reels += (reels ? ',' : '') + itemJson(b, view);
  const topicList: SearchTopic[] = pageData.topics.map((t) => ({ id: t.id, slug: t.slug, name: t.names[lang], pic: t.pic }));
  const from = (page - 1) * PAGE_SIZE;
  const hasMore = pageData.reelsMore || pageData.topicsMore || questions.length > from + PAGE_SIZE;
  const rest: Omit<SearchResponse, 'reels'> = {
    topics: topicList, questions: questions.slice(from, from + PAGE_SIZE), page, has_more: hasMore, lang,
  };
  return `{"reels":[${reels}],${JSON.stringify(rest).slice(1)}`;
}

/** `searchJson` as an object (server-rendered pages; the same text, parsed). */
export async function search(principal: Principal, input: SearchInput, deps: SearchDeps): Promise<SearchResponse> {
  return JSON.parse(await searchJson(principal, input, deps)) as SearchResponse;
}
