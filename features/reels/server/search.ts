import 'server-only';
import { and, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { contentItems, searchDocuments, topics } from '@/lib/db/schema';
import { visibleReel } from '@/lib/db/visible-reel';
import { PAGE_SIZE } from '@/lib/constants';
import { localizedText } from '@/lib/localized';
import { singleton } from '@/lib/singleton';
import { env } from '@/lib/env';
import type { Principal } from '@/lib/auth/principal';
import type { ContentLang, SearchResponse, SearchTopic } from '../schemas';
import { queryWords } from '../lib/search-key';
import { synonymKeys } from '../lib/search-synonyms';
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
 * vocabulary (search_words) by pg_trgm similarity, and PostgreSQL finds the
 * documents holding a spelling through the GIN index of their tsvector and
 * weighs each with ts_rank (fields weighted: option names, description,
 * category, topic). Those postings are loaded once per word and cached over
 * a numbered table of the visible reels and the topics; a query adds its
 * words' postings up (each word times how close its spelling is and how
 * rare it is) and sorts: reels in the asked language first (the feed's
 * language rule), then by score, then in feed order.
 *
 * Caches, per process and database: a query's ranking, its pages and its
 * suggested questions for SEARCH_CACHE_TTL_MS (the query cache, at most
 * MAX_CACHE_ENTRIES); the numbered table, the words' spellings and their
 * postings for SEARCH_TABLE_TTL_MS (the index state, kept apart so the
 * query cache never pushes it out); all dropped whenever the feed's pages
 * are (a reel ready, approved, taken down or edited; a taxonomy edit; here
 * or, with Redis, in another process) and when a refresh wrote documents.
 * Figures: `npm run bench:search`.
 */

/** Ranked reels kept per query (50 pages of 10): a search is read from the top. */
export const MAX_RANKED_REELS = 500;
/** Ranked topics kept per query. */
export const MAX_RANKED_TOPICS = 100;
/** How long a query's ranking, pages and questions are reused, ms, unless a change drops them first. */
export const SEARCH_CACHE_TTL_MS = 30_000;
/**
 * How long the numbered visible reels, the words' spellings and their
 * postings are reused, ms: every announced change (a reel ready, approved, taken down,
 * edited; a taxonomy edit) drops them at once, so this only bounds a change
 * made without announcing it; the page's reels are checked again when read.
 */
export const SEARCH_TABLE_TTL_MS = 300_000;
const MAX_CACHE_ENTRIES = 5_000;
/**
 * The least trigram similarity at which a vocabulary word counts as a
 * spelling of a query word (pg_trgm's `%` finds candidates from 0.3): half
 * the trigrams shared. Checked on tests/fixtures/search-tuning.json.
 */
export const MIN_SPELLING_SIMILARITY = 0.5;
/**
 * How close a synonym counts (../lib/search-synonyms.ts), where a spelling
 * counts its trigram similarity (MIN_SPELLING_SIMILARITY to 1): below most
 * spellings, as another word is a weaker sign than the word itself.
 */
export const SYNONYM_CLOSENESS = 0.6;
/** Spellings (and synonyms) kept per query word, closest first. */
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

interface Ranked { reelIds: string[]; topics: TopicRow[] }
interface TopicRow { id: string; slug: string; names: Record<ContentLang, string>; pic: string | null }
interface SearchPage { items: BaseItem[]; topics: TopicRow[]; reelsMore: boolean; topicsMore: boolean }

/* ---------- cache ---------- */

interface CacheEntry { expires: number; value: Promise<unknown> }
/** A bounded cache: entries and its most. */
interface Cache { map: Map<string, CacheEntry>; max: number }
/** Per database: `queries` (rankings, pages, questions) and `items` (a reel's viewer-independent item). */
interface Caches { queries: Cache; items: Cache }
const caches = () => singleton('reels_search_cache', () => {
  const all = new Map<Db, Caches>();
  // Drop with the feed's pages: here, or announced by another process over the Redis bus.
  onPagesChanged(() => {
    for (const c of all.values()) {
      c.queries.map.clear();
      c.items.map.clear();
    }
  });
  return all;
});

/** Reels whose items are kept per database (one per reel of a large library). */
const MAX_ITEM_ENTRIES = 20_000;

/** The caches of `db`. */
function cachesOf(db: Db): Caches {
  const all = caches();
  let c = all.get(db);
  if (!c) all.set(db, (c = { queries: { map: new Map(), max: MAX_CACHE_ENTRIES }, items: { map: new Map(), max: MAX_ITEM_ENTRIES } }));
  return c;
}

/** The value under `key` in `cache`, loaded at most once per `ttlMs` (concurrent misses share one load). */
function cachedIn<T>(cache: Cache, key: string, load: () => Promise<T>, ttlMs: number): Promise<T> {
  const m = cache.map;
  const now = Date.now();
  const hit = m.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  const entry = { expires: now + ttlMs, value };
  m.delete(key);
  m.set(key, entry);
  value.catch(() => {
    if (m.get(key) === entry) m.delete(key);
  });
  // Map order is insertion order: the oldest go first.
  if (m.size > cache.max) for (const k of [...m.keys()].slice(0, cache.max / 10)) m.delete(k);
  return value;
}

/** The value under `key` in the query cache of `db`, loaded at most once per SEARCH_CACHE_TTL_MS. */
function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return cachedIn(cachesOf(db).queries, key, load, SEARCH_CACHE_TTL_MS);
}

/* ---------- the index's state: numbered documents, spellings, postings ---------- */

/**
 * What rankings are computed from, per database, loaded as searches need
 * it and kept until the index changes (any announced change drops it, as a
 * refresh that wrote documents does) or SEARCH_TABLE_TTL_MS passes:
 * - `table`: the visible reels and every topic, numbered, with what the
 *   ranking sorts by (a reel's language and feed order, a topic's order)
 *   and what a page shows of a topic (two queries);
 * - `count`: the documents in the index, for the weight of rare words;
 * - `spellings`: a query word's spellings in the vocabulary (one pg_trgm
 *   query per word), at most MAX_SPELLING_ENTRIES words;
 * - `postings`: the documents holding one word's spellings (numbers into
 *   `table`) and the ts_rank of each (one query per word), at most
 *   MAX_POSTING_ENTRIES documents in all, the least recently used dropped first.
 * Kept apart from the per-query cache above, so thousands of searches
 * never push out what every search reads.
 */
interface IndexState {
  expires: number;
  table: Promise<DocTable>;
  count: Promise<number>;
  spellings: Map<string, Promise<WordGroup[]>>;
  postings: Map<string, { value: Promise<WordPostings>; size: number }>;
  postingEntries: number;
}
interface DocTable {
  reels: { ids: string[]; lang: string[]; seq: Float64Array; index: Map<string, number> };
  topics: { rows: TopicRow[]; order: Int32Array; index: Map<string, number> };
}
/** Documents holding one word's spellings (numbers into the DocTable) and the ts_rank of each. */
interface Postings { docs: Int32Array; scores: Float32Array }
interface WordPostings { reels: Postings; topics: Postings }
/** One query word: the tsquery of its spellings, its weight in the score, and how many documents hold it. */
interface WordGroup { tsquery: string; weight: number; df: number }

/** Query words whose spellings are kept per database. */
const MAX_SPELLING_ENTRIES = 50_000;
/** Postings kept per database, counted in documents (8 bytes each): 32 MB at most. */
const MAX_POSTING_ENTRIES = 4_000_000;

const indexStates = () => singleton('reels_search_index_state', () => {
  const all = new Map<Db, IndexState>();
  onPagesChanged(() => all.clear());
  return all;
});

/** Forgets what rankings of `db` were computed from, and the cached searches (the index changed). */
function dropIndexState(db: Db): void {
  indexStates().delete(db);
  const c = cachesOf(db);
  c.queries.map.clear();
  c.items.map.clear();
}

/** The index state of `db`, loading its table on first use (a failed load is forgotten, so the next search retries). */
function indexState(db: Db): IndexState {
  const all = indexStates();
  const now = Date.now();
  const hit = all.get(db);
  if (hit && hit.expires > now) return hit;
  const state: IndexState = {
    expires: now + SEARCH_TABLE_TTL_MS,
    table: loadDocTable(db),
    count: db.select({ n: sql<number>`count(*)::int` }).from(searchDocuments).then(([r]) => Math.max(1, Number(r?.n ?? 1))),
    spellings: new Map(),
    postings: new Map(),
    postingEntries: 0,
  };
  const forget = () => {
    if (all.get(db) === state) all.delete(db);
  };
  state.table.catch(forget);
  state.count.catch(forget);
  all.set(db, state);
  return state;
}

async function loadDocTable(db: Db): Promise<DocTable> {
  const [reelRows, topicRows] = await Promise.all([
    db.select({ id: contentItems.id, lang: contentItems.lang, seq: contentItems.feed_seq }).from(contentItems).where(visibleReel),
    db.select().from(topics).orderBy(topics.sort_order, topics.name),
  ]);
  const seq = new Float64Array(reelRows.length);
  reelRows.forEach((r, i) => (seq[i] = Number(r.seq)));
  const name = (t: (typeof topicRows)[number], l: ContentLang) => localizedText(t, 'name', l) ?? t.name;
  return {
    reels: { ids: reelRows.map((r) => r.id), lang: reelRows.map((r) => r.lang), seq, index: new Map(reelRows.map((r, i) => [r.id, i])) },
    topics: {
      rows: topicRows.map((t) => ({ id: t.id, slug: t.slug, names: { en: name(t, 'en'), hi: name(t, 'hi'), he: name(t, 'he') }, pic: t.pic })),
      order: Int32Array.from(topicRows.map((_, i) => i)),
      index: new Map(topicRows.map((t, i) => [t.id, i])),
    },
  };
}

/**
 * Postings of a word's spellings (a tsquery): PostgreSQL finds the
 * documents through the GIN index and weighs each with ts_rank (fields
 * weighted FIELD_WEIGHTS), in one query answering one row per kind (ids
 * and ranks as comma-separated text: a word in thousands of documents is
 * read in half the time of a row per document); loaded once per state.
 */
function postingsOf(db: Db, state: IndexState, table: DocTable, tsquery: string): Promise<WordPostings> {
  const hit = state.postings.get(tsquery);
  if (hit) {
    // Most recently used last: the first entries are dropped first.
    state.postings.delete(tsquery);
    state.postings.set(tsquery, hit);
    return hit.value;
  }
  const entry = { value: null as unknown as Promise<WordPostings>, size: 0 };
  entry.value = (async () => {
    const rows = await db.execute<{ kind: string; ids: string; ranks: string }>(sql`
      select kind, string_agg(ref_id::text, ',') as ids,
             string_agg(ts_rank(${FIELD_WEIGHTS}::float4[], doc, ${tsquery}::tsquery)::text, ',') as ranks
      from search_documents where doc @@ ${tsquery}::tsquery group by kind`);
    const out: WordPostings = { reels: { docs: new Int32Array(0), scores: new Float32Array(0) }, topics: { docs: new Int32Array(0), scores: new Float32Array(0) } };
    for (const r of rows.rows as Array<{ kind: string; ids: string; ranks: string }>) {
      const ids = r.ids.split(',');
      const ranks = r.ranks.split(',');
      // A reel no visitor may see now is not in the table.
      const index = r.kind === 'topic' ? table.topics.index : table.reels.index;
      const docs = new Int32Array(ids.length);
      const scores = new Float32Array(ids.length);
      let n = 0;
      for (let i = 0; i < ids.length; i++) {
        const d = index.get(ids[i]!);
        if (d === undefined) continue;
        docs[n] = d;
        scores[n++] = Number(ranks[i]);
      }
      out[r.kind === 'topic' ? 'topics' : 'reels'] = { docs: docs.slice(0, n), scores: scores.slice(0, n) };
    }
    entry.size = out.reels.docs.length + out.topics.docs.length;
    // Counted once loaded (and only while still held: a state dropped meanwhile is not charged).
    if (state.postings.get(tsquery) === entry) {
      state.postingEntries += entry.size;
      for (const [k, e] of state.postings) {
        if (state.postingEntries <= MAX_POSTING_ENTRIES || k === tsquery) break;
        state.postings.delete(k);
        state.postingEntries -= e.size;
      }
    }
    return out;
  })();
  state.postings.set(tsquery, entry);
  entry.value.catch(() => {
    if (state.postings.get(tsquery) === entry) state.postings.delete(tsquery);
  });
  return entry.value;
}

/**
 * The word groups of a query word, at most two, kept per word in the index
 * state:
 * - its spellings found in the vocabulary: the word itself when present,
 *   words within MIN_SPELLING_SIMILARITY by pg_trgm (not for keys of one or
 *   two letters, nor numbers, which must match as written), and, for the
 *   last word of a query still being typed, every word it begins;
 * - its synonyms found in the vocabulary (../lib/search-synonyms.ts), other
 *   than those spellings, weighed at SYNONYM_CLOSENESS.
 * [] when it has neither. One query to the vocabulary.
 */
function wordGroups(db: Db, state: IndexState, w: string, prefix: boolean, n: number): Promise<WordGroup[]> {
  const key = `${w}${prefix ? '*' : ''}`;
  const hit = state.spellings.get(key);
  if (hit) return hit;
  const value = (async () => {
    const synonyms = synonymKeys(w);
    const rows = (await db.execute<{ word: string; sim: number; df: number }>(sql`
      select w.word, similarity(w.word, ${w})::float8 as sim, w.df from search_words w
      where w.word % ${w}${synonyms.length ? sql` or w.word in ${synonyms}` : sql``}`)).rows as Array<{ word: string; sim: number; df: number }>;
    const loose = w.length > 2 && !/^\d+$/.test(w);
    const found = rows
      .filter((r) => r.word === w || (loose && Number(r.sim) >= MIN_SPELLING_SIMILARITY))
      .sort((a, b) => Number(b.sim) - Number(a.sim))
      .slice(0, MAX_SPELLINGS);
    const groups: WordGroup[] = [];
    const byPrefix = prefix && w.length >= 2 && !/^\d+$/.test(w);
    if (found.length || byPrefix) {
      const terms = found.map((r) => `'${r.word}'`);
      if (byPrefix) terms.push(`'${w}':*`);
      const best = found[0];
      // How close the best spelling is, and how rare the word is (inverse document frequency).
      groups.push(group(terms, best ? Number(best.sim) : 0.8, best ? Number(best.df) : n, n));
    }
    const spelt = new Set(found.map((r) => r.word));
    const alike = rows.filter((r) => synonyms.includes(r.word) && !spelt.has(r.word))
      .sort((a, b) => Number(b.df) - Number(a.df) || (a.word < b.word ? -1 : 1))
      .slice(0, MAX_SPELLINGS);
    // As rare as the most common of them: a synonym found everywhere tells little.
    if (alike.length) groups.push(group(alike.map((r) => `'${r.word}'`), SYNONYM_CLOSENESS, Number(alike[0]!.df), n));
    return groups;
  })();
  if (state.spellings.size >= MAX_SPELLING_ENTRIES) state.spellings.delete(state.spellings.keys().next().value!);
  state.spellings.set(key, value);
  value.catch(() => {
    if (state.spellings.get(key) === value) state.spellings.delete(key);
  });
  return value;
}

/** A word group of `terms` (a tsquery's alternatives) found at `closeness`, held by `df` of the `n` documents. */
function group(terms: string[], closeness: number, df: number, n: number): WordGroup {
  const idf = Math.log(1 + n / (1 + df));
  // ts_rank of an OR divides by the number of its terms: multiplied back, so a word with many spellings weighs as one.
  return { tsquery: terms.join(' | '), weight: closeness * idf * terms.length, df };
}

/* ---------- ranking ---------- */

/**
 * Σ weight × ts_rank over the words of `groups` for every document in
 * their postings, and the documents that count as found: holders of a word.
 */
function scored(size: number, groups: WordGroup[], postings: Postings[]): { score: Float64Array; found: number[] } {
  const score = new Float64Array(size);
  const seen = new Uint8Array(size);
  const found: number[] = [];
  groups.forEach((g, i) => {
    const { docs, scores } = postings[i]!;
    for (let j = 0; j < docs.length; j++) {
      const d = docs[j]!;
      score[d] += g.weight * scores[j]!;
      if (!seen[d]) {
        seen[d] = 1;
        found.push(d);
      }
    }
  });
  return { score, found };
}

/**
 * The first `k` of `docs` in `order` (highest score first), without
 * sorting them all: the k-th highest score is found with a numeric sort of
 * the scores, and only documents scoring at least that are sorted.
 */
function best(docs: number[], score: Float64Array, k: number, order: (a: number, b: number) => number): number[] {
  if (docs.length > k) {
    const scores = Float64Array.from(docs, (d) => score[d]!).sort();
    const kth = scores[scores.length - k]!;
    docs = docs.filter((d) => score[d]! >= kth);
  }
  return docs.sort(order).slice(0, k);
}

/**
 * Ranks the visible reels and the topics holding any of the query's words:
 * reels in `lang` first, then by score (`scored`), then in feed order;
 * topics by score, then in topic order. A word in more than COMMON_SHARE of
 * the documents is a stop word by its frequency: left out when the query
 * has a rarer one (its postings are the longest, and it tells little).
 */
async function rank(db: Db, words: string[], lastIsPrefix: boolean, lang: ContentLang): Promise<Ranked> {
  await freshIndex(db);
  const state = indexState(db);
  const [n, table] = await Promise.all([state.count, state.table]);
  const found = (await Promise.all(words.map((w, i) => wordGroups(db, state, w, lastIsPrefix && i === words.length - 1, n)))).flat();
  const telling = found.filter((g) => g.df <= COMMON_SHARE * n);
  const groups = telling.length ? telling : found;
  if (!groups.length) return { reelIds: [], topics: [] };
  const postings = await Promise.all(groups.map((g) => postingsOf(db, state, table, g.tsquery)));
  const r = table.reels;
  const reels = scored(r.ids.length, groups, postings.map((p) => p.reels));
  const byScore = (a: number, b: number) => reels.score[b]! - reels.score[a]! || r.seq[a]! - r.seq[b]! || (r.ids[a]! < r.ids[b]! ? -1 : 1);
  const inLang = reels.found.filter((d) => r.lang[d] === lang);
  const top = best(inLang, reels.score, MAX_RANKED_REELS, byScore);
  if (top.length < MAX_RANKED_REELS) {
    top.push(...best(reels.found.filter((d) => r.lang[d] !== lang), reels.score, MAX_RANKED_REELS - top.length, byScore));
  }
  const t = table.topics;
  const tops = scored(t.rows.length, groups, postings.map((p) => p.topics));
  tops.found.sort((a, b) => tops.score[b]! - tops.score[a]! || t.order[a]! - t.order[b]!);
  return {
    reelIds: top.map((d) => r.ids[d]!),
    topics: tops.found.slice(0, MAX_RANKED_TOPICS).map((d) => t.rows[d]!),
  };
}

/** How often a process looks for rows changed without an announcement (a script, another process without Redis), ms. */
const STALE_CHECK_MS = 5_000;

/**
 * Makes the search documents of changed rows before a ranking reads them:
 * at once after an announced change (the feed's pages dropped), else at
 * most every STALE_CHECK_MS, so a ranking costs no probe of search_stale.
 */
async function freshIndex(db: Db): Promise<void> {
  const s = staleness();
  const last = s.checked.get(db) ?? 0;
  if (!s.dirty.has(db) && last > 0 && Date.now() - last < STALE_CHECK_MS) return;
  s.dirty.delete(db);
  s.checked.set(db, Date.now());
  // Documents written (by a script, or a process whose announcement did not reach this one): what rankings read is stale.
  if (await searchIndexStale(db) && (await refreshSearchIndex(db)) > 0) dropIndexState(db);
}

const staleness = () => singleton('reels_search_staleness', () => {
  const state = { checked: new Map<Db, number>(), dirty: new Set<Db>() };
  onPagesChanged(() => {
    for (const db of state.checked.keys()) state.dirty.add(db);
  });
  return state;
});

/**
 * How long a reel's viewer-independent item is reused, ms: a quarter of a
 * signed media URL's life (lib/storage/signing.ts: a URL made now lives at
 * least half of MEDIA_URL_TTL_S), so a reused item's URLs still have a
 * quarter of it to run; at most 10 minutes. An edit or take-down drops it
 * at once (the feed's pages change), and a page reads visibility again.
 */
function itemTtlMs(): number {
  return Math.min(600_000, (env().MEDIA_URL_TTL_S * 1000) / 4);
}

/**
 * The viewer-independent items of reels `ids` (null: no longer visible),
 * each cached for `itemTtlMs()`: the ones not cached are read in one query.
 */
async function itemsOf(db: Db, ids: string[]): Promise<Array<BaseItem | null>> {
  const cache = cachesOf(db).items;
  const ttl = itemTtlMs();
  const now = Date.now();
  const missing = ids.filter((id) => !((cache.map.get(id)?.expires ?? 0) > now));
  if (missing.length) {
    const rows = selectItems(db).where(and(inArray(contentItems.id, missing), visibleReel))
      .then((rs) => new Map(rs.map((r) => [r.id, toBaseItem(r)])));
    for (const id of missing) cachedIn(cache, id, () => rows.then((byId) => byId.get(id) ?? null), ttl);
  }
  return Promise.all(ids.map((id) => cachedIn(cache, id, () => Promise.resolve(null as BaseItem | null), ttl)));
}

/** One page of a ranking: its reels (visible now, in rank order) and topics. */
async function loadPage(db: Db, ranked: Ranked, page: number): Promise<SearchPage> {
  const from = (page - 1) * PAGE_SIZE;
  const reelIds = ranked.reelIds.slice(from, from + PAGE_SIZE);
  const items = await itemsOf(db, reelIds);
  return {
    items: items.filter((b): b is BaseItem => b !== null),
    topics: ranked.topics.slice(from, from + PAGE_SIZE),
    reelsMore: ranked.reelIds.length > from + PAGE_SIZE,
    topicsMore: ranked.topics.length > from + PAGE_SIZE,
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
    // The typeahead costs a few ms a query: cached like the rankings, per query as typed.
    cached(db, `questions:${lang}:${page}:${input.q.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ')}`,
      () => deps.findQuestions(input.q, lang, page * PAGE_SIZE + 1)),
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
