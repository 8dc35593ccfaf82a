import 'server-only';
import crypto from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client';
import { categories, contentItems, options, searchDocuments, searchStale, searchWords, settings, topics } from '@/lib/db/schema';
import { singleton } from '@/lib/singleton';
import { searchWords as wordsOf } from '../lib/search-key';

/*
 * The search documents (docs/decisions/031-search.md): one per reel and per
 * topic, its words as loose Latin keys (../lib/search-key.ts) in a weighted
 * tsvector, and the vocabulary of those keys with their document counts.
 * Database triggers (drizzle/0010_search.sql) name every reel, option,
 * category and topic written, by any code path and any process, in
 * search_stale; `refreshSearchIndex` makes the named documents again before
 * a search reads them. The transliteration is JavaScript, so a generated
 * column could not hold the keys.
 */

/**
 * Version of the keys: when search-key.ts or the document's make-up
 * changes, bump it, and every document is made again on the next search
 * (`refreshSearchIndex` compares it with the stored one).
 */
export const SEARCH_KEY_VERSION = '1';
const VERSION_SETTING = 'search_key_version';
/** Advisory lock of a refresh: one at a time per database, so document counts stay exact. */
const REFRESH_LOCK = 727_031;
/** Queue rows taken per transaction. */
const QUEUE_BATCH = 500;
/** Reels made per statement. */
const DOC_BATCH = 500;

/** tsvector weights (schema.ts searchDocuments): A option names / topic name, B description, C category names, D topic names. */
type Weight = 'A' | 'B' | 'C' | 'D';
type Field = readonly [Weight, readonly string[]];

/** A document as its tsvector text and its distinct words. */
export interface MadeDocument { doc: string; words: string[] }

/**
 * The tsvector text of `fields` (weight and texts), e.g.
 * `'nt':1A 'mtrng':2A,7B`: every word at its position, with its field's
 * weight; positions run on across fields (PostgreSQL keeps up to 16383).
 * @param keyOf the words of a text (memoised by the caller over a batch).
 */
export function makeDocument(fields: readonly Field[], keyOf: (text: string) => string[] = wordsOf): MadeDocument {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const [weight, texts] of fields) {
    for (const text of texts) {
      for (const w of keyOf(text)) {
        pos = Math.min(pos + 1, 16383);
        const list = positions.get(w);
        // PostgreSQL keeps at most 256 positions of a lexeme.
        if (!list) positions.set(w, [`${pos}${weight}`]);
        else if (list.length < 256) list.push(`${pos}${weight}`);
      }
    }
  }
  // Keys are [a-z0-9] only (search-key.ts): nothing to quote inside the lexemes.
  const doc = [...positions].map(([w, ps]) => `'${w}':${ps.join(',')}`).join(' ');
  return { doc, words: [...positions.keys()] };
}

/** A row's texts in every language: its own (English) and its Hindi and Hinglish translations, each once. */
function allLanguages(own: string, translations: Record<string, Record<string, string | undefined> | undefined> | null, field: string): string[] {
  const texts = [own, translations?.hi?.[field], translations?.he?.[field]].filter((t): t is string => !!t && t.trim() !== '');
  return [...new Set(texts)];
}

const hashOf = (fields: readonly Field[]) =>
  crypto.createHash('sha256').update(SEARCH_KEY_VERSION).update(JSON.stringify(fields)).digest('hex');

type Tx = DbOrTx;

/** Ids of the reels of some options, categories or topics. */
async function reelsUnder(tx: Tx, kind: 'option' | 'category' | 'topic', ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const q = tx.select({ id: contentItems.id }).from(contentItems).innerJoin(options, eq(options.id, contentItems.option_id));
  const rows = kind === 'option'
    ? await q.where(inArray(contentItems.option_id, ids))
    : kind === 'category'
      ? await q.where(inArray(options.category_id, ids))
      : await q.innerJoin(categories, eq(categories.id, options.category_id)).where(inArray(categories.topic_id, ids));
  return rows.map((r) => r.id);
}

/** Document-count changes of words, applied at the end of a batch. */
class DfDelta {
  private d = new Map<string, number>();
  add(words: readonly string[], by: 1 | -1): void {
    for (const w of words) this.d.set(w, (this.d.get(w) ?? 0) + by);
  }
  async apply(tx: Tx): Promise<void> {
    const changed = [...this.d].filter(([, n]) => n !== 0);
    for (let i = 0; i < changed.length; i += 1000) {
      const part = changed.slice(i, i + 1000);
      await tx.insert(searchWords).values(part.map(([word, df]) => ({ word, df })))
        .onConflictDoUpdate({ target: searchWords.word, set: { df: sql`${searchWords.df} + excluded.df` } });
    }
    const dropped = changed.filter(([, n]) => n < 0).map(([w]) => w);
    for (let i = 0; i < dropped.length; i += 1000) {
      await tx.delete(searchWords).where(and(inArray(searchWords.word, dropped.slice(i, i + 1000)), lte(searchWords.df, 0)));
    }
  }
}

/** Writes the made documents of `kind` for `ids` (null: the row is gone, its document goes too). */
async function writeDocuments(
  tx: Tx, kind: 'reel' | 'topic', made: Map<string, Field[] | null>, df: DfDelta, keyOf: (t: string) => string[],
): Promise<number> {
  const ids = [...made.keys()];
  if (!ids.length) return 0;
  const existing = new Map((await tx.select({
    id: searchDocuments.ref_id, hash: searchDocuments.source_hash,
    words: sql<string[]>`tsvector_to_array(${searchDocuments.doc})`,
  }).from(searchDocuments).where(and(eq(searchDocuments.kind, kind), inArray(searchDocuments.ref_id, ids)))).map((r) => [r.id, r]));
  const upserts: Array<typeof searchDocuments.$inferInsert> = [];
  const gone: string[] = [];
  for (const [id, fields] of made) {
    const old = existing.get(id);
    if (!fields) {
      if (old) {
        gone.push(id);
        df.add(old.words, -1);
      }
      continue;
    }
    const hash = hashOf(fields);
    if (old?.hash === hash) continue;
    const { doc, words } = makeDocument(fields, keyOf);
    if (old) df.add(old.words, -1);
    df.add(words, 1);
    upserts.push({ kind, ref_id: id, doc, source_hash: hash, updated_at: new Date() });
  }
  if (gone.length) await tx.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), inArray(searchDocuments.ref_id, gone)));
  if (upserts.length) {
    await tx.insert(searchDocuments).values(upserts).onConflictDoUpdate({
      target: [searchDocuments.kind, searchDocuments.ref_id],
      set: { doc: sql`excluded.doc`, source_hash: sql`excluded.source_hash`, updated_at: sql`excluded.updated_at` },
    });
  }
  return upserts.length + gone.length;
}

/** The fields of reels `ids` (null for a reel that no longer exists). */
async function reelFields(tx: Tx, ids: string[]): Promise<Map<string, Field[] | null>> {
  const rows = await tx.select({
    id: contentItems.id, description: contentItems.description,
    option: options.name, optionT: options.translations,
    category: categories.name, categoryT: categories.translations,
    topic: topics.name, topicT: topics.translations,
  }).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .where(inArray(contentItems.id, ids));
  const out = new Map<string, Field[] | null>(ids.map((id) => [id, null]));
  for (const r of rows) {
    out.set(r.id, [
      ['A', allLanguages(r.option, r.optionT, 'name')],
      ['B', [r.description]],
      ['C', allLanguages(r.category, r.categoryT, 'name')],
      ['D', allLanguages(r.topic, r.topicT, 'name')],
    ]);
  }
  return out;
}

/** The fields of topics `ids` (null for a topic that no longer exists). */
async function topicFields(tx: Tx, ids: string[]): Promise<Map<string, Field[] | null>> {
  const rows = await tx.select().from(topics).where(inArray(topics.id, ids));
  const out = new Map<string, Field[] | null>(ids.map((id) => [id, null]));
  for (const t of rows) {
    out.set(t.id, [['A', allLanguages(t.name, t.translations, 'name')], ['B', allLanguages(t.description, t.translations, 'description')]]);
  }
  return out;
}

/** Names every reel and topic stale when the stored key version is not this code's (a new normaliser). */
async function requeueOnNewVersion(tx: Tx): Promise<void> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, VERSION_SETTING));
  if (row?.value === SEARCH_KEY_VERSION) return;
  await tx.execute(sql`insert into search_stale (kind, ref_id) select 'reel', id from content_items on conflict do nothing`);
  await tx.execute(sql`insert into search_stale (kind, ref_id) select 'topic', id from topics on conflict do nothing`);
  await tx.insert(settings).values({ key: VERSION_SETTING, value: SEARCH_KEY_VERSION })
    .onConflictDoUpdate({ target: settings.key, set: { value: SEARCH_KEY_VERSION } });
}

/** One transaction: take up to QUEUE_BATCH queued rows and make their documents. @returns rows taken. */
async function refreshBatch(db: Db, checkVersion: boolean): Promise<{ taken: number; written: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    if (checkVersion) await requeueOnNewVersion(tx);
    const taken = await tx.delete(searchStale)
      .where(sql`(${searchStale.kind}, ${searchStale.ref_id}) in (select kind, ref_id from search_stale limit ${QUEUE_BATCH})`)
      .returning();
    if (!taken.length) return { taken: 0, written: 0 };
    const ids = (k: string) => taken.filter((r) => r.kind === k).map((r) => r.ref_id);
    const reelIds = new Set(ids('reel'));
    for (const kind of ['option', 'category', 'topic'] as const) {
      for (const id of await reelsUnder(tx, kind, ids(kind))) reelIds.add(id);
    }
    // Names repeat over every reel of an option: each text's words are made once per batch.
    const memo = new Map<string, string[]>();
    const keyOf = (t: string) => {
      let w = memo.get(t);
      if (!w) memo.set(t, (w = wordsOf(t)));
      return w;
    };
    const df = new DfDelta();
    let written = 0;
    const all = [...reelIds];
    for (let i = 0; i < all.length; i += DOC_BATCH) {
      written += await writeDocuments(tx, 'reel', await reelFields(tx, all.slice(i, i + DOC_BATCH)), df, keyOf);
    }
    const topicIds = ids('topic');
    if (topicIds.length) written += await writeDocuments(tx, 'topic', await topicFields(tx, topicIds), df, keyOf);
    await df.apply(tx);
    return { taken: taken.length, written };
  });
}

/** Per database: the refresh in flight (one at a time per process), and whether the key version was checked. */
const stateOf = () => singleton('reels_search_index', () => new WeakMap<Db, { running: Promise<number> | null; versionChecked: boolean }>());

/**
 * Makes the search documents of every row named in search_stale (and,
 * after a key version change, of every reel and topic) until the queue is
 * empty. One refresh runs at a time per process (a second caller waits for
 * it) and per database (an advisory lock), so word counts stay exact.
 * @returns the documents written or removed.
 * @throws what the database throws; the queue rows of a failed batch stay queued (its transaction rolls back).
 */
export function refreshSearchIndex(db: Db): Promise<number> {
  const states = stateOf();
  let s = states.get(db);
  if (!s) states.set(db, (s = { running: null, versionChecked: false }));
  const state = s;
  if (state.running) return state.running;
  const run = (async () => {
    let written = 0;
    for (;;) {
      const r = await refreshBatch(db, !state.versionChecked);
      state.versionChecked = true;
      written += r.written;
      if (r.taken === 0) return written;
    }
  })();
  state.running = run.finally(() => {
    state.running = null;
  });
  return state.running;
}

/**
 * True when some row waits in search_stale or the key version was not yet
 * checked in this process: one indexed probe, read before a search that is
 * not answered from the cache.
 */
export async function searchIndexStale(db: Db): Promise<boolean> {
  if (!stateOf().get(db)?.versionChecked) return true;
  const rows = await db.select({ one: sql<number>`1` }).from(searchStale).limit(1);
  return rows.length > 0;
}
