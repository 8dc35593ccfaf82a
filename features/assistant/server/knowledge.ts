import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Db } from '@/lib/db/client';
import { qaEntries, suggestedQuestions } from '@/lib/db/schema';
import { logger } from '@/lib/logger';
import { presentable } from '../lib/present';
import {
  bankEntrySchema, calcSchema, chatLanguageSchema, shortSuggestedQuestionSchema, suggestedQuestionSchema,
  type BankEntry, type ChatLanguage, type ShortSuggestedQuestion, type SuggestedQuestion,
} from '../schemas';

/**
 * The assistant's knowledge: the question bank and the suggested questions
 * (SPEC.md sections 3 and 9), kept as JSON files in
 * features/assistant/data (reviewable in a diff), synced into qa_entries and
 * suggested_questions at start-up, and read back from the database into an
 * in-memory index (curators may later edit the rows).
 */

export const LANGUAGES = chatLanguageSchema.options;
export type SuggestionForm = 'long' | 'short';

/** The default data folder, features/assistant/data. */
export const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data');

/** A bank entry in one language. */
export interface KnowledgeEntry extends BankEntry { language: ChatLanguage }

/** The suggested questions of one language: long-form cards and short-form chips (each chip names its category). */
export interface LanguageSuggestions {
  long: SuggestedQuestion[];
  short: ShortSuggestedQuestion[];
}

export interface KnowledgeFiles {
  entries: KnowledgeEntry[];
  suggestions: Record<ChatLanguage, LanguageSuggestions>;
}

/** The in-memory knowledge the retrieval and suggestions read. */
export interface Knowledge extends KnowledgeFiles {
  /** entry id -> language -> entry. */
  byId: Map<string, Partial<Record<ChatLanguage, KnowledgeEntry>>>;
}

const suggestedFileSchema = z.strictObject({
  long: z.array(suggestedQuestionSchema),
  short: z.array(shortSuggestedQuestionSchema),
});

/** Thrown when a data file is missing, not JSON, or an entry breaks its schema; names the file and entry. */
export class KnowledgeFileError extends Error {
  constructor(file: string, where: string, detail: string) {
    super(`${file}${where ? ` ${where}` : ''}: ${detail}`);
    this.name = 'KnowledgeFileError';
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new KnowledgeFileError(file, '', `cannot read (${(e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new KnowledgeFileError(file, '', `invalid JSON (${(e as Error).message})`);
  }
}

const issueText = (err: z.ZodError) => err.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ');

/**
 * Reads and validates the question bank, data/bank/<language>/*.json, each
 * an array of bankEntrySchema.
 * @throws KnowledgeFileError naming the file and the entry (index and id) on
 * any invalid entry, and on an id repeated within one language.
 */
export function readBankFiles(dataDir = DATA_DIR): KnowledgeEntry[] {
  const out: KnowledgeEntry[] = [];
  for (const language of LANGUAGES) {
    const dir = path.join(dataDir, 'bank', language);
    if (!fs.existsSync(dir)) continue;
    const seen = new Map<string, string>();
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const file = path.join(dir, name);
      const data = readJson(file);
      if (!Array.isArray(data)) throw new KnowledgeFileError(file, '', 'expected an array of question-bank entries');
      data.forEach((raw, i) => {
        const id = (raw as { id?: unknown } | null)?.id;
        const where = `entry ${i}${typeof id === 'string' ? ` (id "${id}")` : ''}`;
        const parsed = bankEntrySchema.safeParse(raw);
        if (!parsed.success) throw new KnowledgeFileError(file, where, issueText(parsed.error));
        const prev = seen.get(parsed.data.id);
        if (prev) throw new KnowledgeFileError(file, where, `id "${parsed.data.id}" already used in ${prev}`);
        seen.set(parsed.data.id, name);
        // Amounts and areas as every reply writes them (₹, m²): lib/present.ts.
        out.push({ ...parsed.data, answer: presentable(parsed.data.answer), language });
      });
    }
  }
  return out;
}

/**
 * Reads and validates data/suggested/<language>.json: `long` an array of
 * suggestedQuestionSchema, `short` of shortSuggestedQuestionSchema (each
 * chip names its category). A missing file gives empty lists.
 * @throws KnowledgeFileError naming the file and the item (e.g. "short[3]")
 * on an invalid item, such as a short question without a category.
 */
export function readSuggestionFiles(dataDir = DATA_DIR): KnowledgeFiles['suggestions'] {
  const out = {} as KnowledgeFiles['suggestions'];
  for (const language of LANGUAGES) {
    const file = path.join(dataDir, 'suggested', `${language}.json`);
    if (!fs.existsSync(file)) { out[language] = { long: [], short: [] }; continue; }
    const parsed = suggestedFileSchema.safeParse(readJson(file));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length >= 2 ? `${String(first.path[0])}[${String(first.path[1])}]` : '';
      throw new KnowledgeFileError(file, where, issueText(parsed.error));
    }
    out[language] = parsed.data;
  }
  return out;
}

/** Reads and validates all knowledge files (see readBankFiles, readSuggestionFiles). */
export function readKnowledgeFiles(dataDir = DATA_DIR): KnowledgeFiles {
  return { entries: readBankFiles(dataDir), suggestions: readSuggestionFiles(dataDir) };
}

/** Builds the in-memory index from entries and suggestions. */
export function indexKnowledge(files: KnowledgeFiles): Knowledge {
  const byId: Knowledge['byId'] = new Map();
  for (const e of files.entries) {
    const slot = byId.get(e.id) ?? {};
    slot[e.language] = e;
    byId.set(e.id, slot);
  }
  return { ...files, byId };
}

/**
 * Writes the knowledge files into qa_entries and suggested_questions in one
 * transaction: upserts every entry and suggestion, deletes rows no longer in
 * the files, then drops the cached index so the next `loadKnowledge()` reads
 * the new rows. Run at start-up.
 * @throws KnowledgeFileError on an invalid file (nothing is written then).
 * @returns counts of entries and suggestions written.
 */
export async function syncKnowledge(opts: { dataDir?: string; db?: Db } = {}): Promise<{ entries: number; suggestions: number }> {
  const files = readKnowledgeFiles(opts.dataDir);
  const db = opts.db ?? (await getDb()).db;
  let suggestionCount = 0;
  await db.transaction(async (tx) => {
    for (const language of LANGUAGES) {
      const rows = files.entries.filter((e) => e.language === language);
      for (const e of rows) {
        const values = {
          entry_id: e.id, language, category: e.category, question: e.question, answer: e.answer,
          alternates: e.alternates, related_topics: e.related_topics, sources: e.sources, calc: e.calc ?? null,
        };
        await tx.insert(qaEntries).values(values).onConflictDoUpdate({
          target: [qaEntries.entry_id, qaEntries.language],
          set: { ...values, updated_at: sql`now()` },
        });
      }
      const ids = rows.map((e) => e.id);
      await tx.delete(qaEntries).where(ids.length
        ? and(eq(qaEntries.language, language), notInArray(qaEntries.entry_id, ids))
        : eq(qaEntries.language, language));
      for (const form of ['long', 'short'] as const) {
        const list = files.suggestions[language][form];
        for (const [position, s] of list.entries()) {
          const values = { language, form, position, icon: s.icon, q: s.q, color: s.color, category: s.category ?? null };
          await tx.insert(suggestedQuestions).values(values).onConflictDoUpdate({
            target: [suggestedQuestions.language, suggestedQuestions.form, suggestedQuestions.position],
            set: { icon: s.icon, q: s.q, color: s.color, category: s.category ?? null },
          });
        }
        suggestionCount += list.length;
        await tx.delete(suggestedQuestions).where(and(
          eq(suggestedQuestions.language, language), eq(suggestedQuestions.form, form),
          gt(suggestedQuestions.position, list.length - 1),
        ));
      }
    }
  });
  resetKnowledgeCache();
  logger().info({ entries: files.entries.length, suggestions: suggestionCount }, 'assistant knowledge synced');
  return { entries: files.entries.length, suggestions: suggestionCount };
}

const CACHE_KEY = '__sr_assistant_knowledge';
type CacheStore = Record<string, Promise<Knowledge> | undefined>;

/** Forgets the cached index (after a sync, or in tests). */
export function resetKnowledgeCache(): void {
  (globalThis as unknown as CacheStore)[CACHE_KEY] = undefined;
}

/**
 * The knowledge index, read from qa_entries and suggested_questions once per
 * process (cached on globalThis like `singleton`, so Next's separate bundle
 * shares it) until the next `syncKnowledge()`.
 */
export function loadKnowledge(): Promise<Knowledge> {
  const store = globalThis as unknown as CacheStore;
  const cached = store[CACHE_KEY];
  if (cached) return cached;
  const p = readKnowledgeFromDb().catch((e: unknown) => {
    // Do not cache a failure: the next call retries.
    store[CACHE_KEY] = undefined;
    throw e;
  });
  store[CACHE_KEY] = p;
  return p;
}

async function readKnowledgeFromDb(db?: Db): Promise<Knowledge> {
  const d = db ?? (await getDb()).db;
  const rows = await d.select().from(qaEntries).orderBy(qaEntries.language, qaEntries.entry_id);
  const entries: KnowledgeEntry[] = rows.map((r) => ({
    id: r.entry_id,
    language: chatLanguageSchema.parse(r.language),
    category: bankEntrySchema.shape.category.parse(r.category),
    question: r.question,
    alternates: r.alternates,
    answer: r.answer,
    related_topics: bankEntrySchema.shape.related_topics.parse(r.related_topics),
    sources: r.sources,
    ...(r.calc ? { calc: calcSchema.parse(r.calc) } : {}),
  }));
  const srows = await d.select().from(suggestedQuestions).orderBy(suggestedQuestions.language, suggestedQuestions.form, suggestedQuestions.position);
  const suggestions = Object.fromEntries(LANGUAGES.map((l) => [l, { long: [], short: [] }])) as unknown as KnowledgeFiles['suggestions'];
  for (const s of srows) {
    const lang = chatLanguageSchema.safeParse(s.language);
    if (!lang.success || (s.form !== 'long' && s.form !== 'short')) continue;
    const item = { icon: s.icon, q: s.q, color: s.color, ...(s.category === null ? {} : { category: s.category }) };
    if (s.form === 'long') {
      suggestions[lang.data].long.push(suggestedQuestionSchema.parse(item));
      continue;
    }
    // A chip must name its category; a row without a valid one (edited by
    // hand) is left out of the picker's lists rather than failing every chat.
    const chip = shortSuggestedQuestionSchema.safeParse(item);
    if (chip.success) suggestions[lang.data].short.push(chip.data);
    else logger().warn({ language: s.language, position: s.position, category: s.category }, 'short suggested question without a valid category skipped');
  }
  return indexKnowledge({ entries, suggestions });
}
