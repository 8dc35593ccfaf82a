import 'server-only';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatMessages, chats } from '@/lib/db/schema';
import { logger } from '@/lib/logger';
import { metrics } from '@/lib/metrics';
import { CHAT_PERSIST_COUNT } from '@/lib/constants';
import type { Principal } from '@/lib/auth/principal';
import { visitorRequired } from '@/lib/http/principal';
import type { ChatRequest, ChatResult } from '../schemas';
import { chunkText } from '../lib/chunk-text';
import { messageLanguage } from '../lib/message-language';
import { composeAnswer, followUpQuestions, relatedReels, type FindReels } from './answer';
import { llmConfigFromEnv, rephraseAnswer, type LlmConfig } from './llm';
import { consumeChatMessage } from './rate-limit';

/**
 * A conversation with the assistant:
 * one chat per viewer and conversation in `chats`, each question and
 * answer in `chat_messages`; the answer is streamed in chunks of a few
 * words, then the whole result is returned. Used by the HTTP endpoint (JSON
 * or streamed text) and the socket.io "chat" event alike.
 */

/** The result of one message (declared once in ../schemas.ts). */
export type { ChatResult };

/** Words per streamed chunk. */
export const WORDS_PER_CHUNK = 3;
/**
 * Pause between streamed chunks, ms: a retrieved answer is ready at once;
 * pacing it like a typed reply lets the screen show it growing (SPEC.md
 * section 4: streamed chunks are appended to the last message), and keeps a
 * 5-sentence answer under about half a second.
 */
export const CHUNK_INTERVAL_MS = 20;

export interface ChatOptions {
  /** Related reels lookup (server/ composes it from the reels feature); none = no related reels. */
  findReels?: FindReels;
  /** Overrides CHUNK_INTERVAL_MS (tests, bench). */
  chunkIntervalMs?: number;
  /** Overrides the model from LLM_BASE_URL; null = no model. */
  llm?: LlmConfig | null;
}

/** A message that passed the rate limit, with its chat settled; `run` answers it. */
export interface PreparedChat {
  chatId: string;
  /**
   * Composes the answer, calls `onChunk` with each piece of it (joined, the
   * pieces are `answer`), stores question and answer, and returns the result.
   */
  run(onChunk?: (text: string) => void | Promise<void>): Promise<ChatResult>;
}

/**
 * Checks who asks and the rate limits, and settles the chat: `req.chat_id`
 * continues that chat when it is this visitor's; an unknown chat id, or
 * another visitor's, starts a new chat (the result's `chat_id` tells the
 * client), so a client holding a stale id is never stuck and never reads
 * someone else's chat. Used by the HTTP endpoint and the socket alike, so
 * both apply the same rules.
 * @param principal the caller; a visitor the server has not issued an id to yet may not chat.
 * @param clientIp the caller's address, for the per-IP limit.
 * @param req a validated `chatRequestSchema` body.
 * @throws ApiError 401 `visitor_required`; 429 `rate_limited` past 30 messages
 * in 10 minutes per visitor (or the per-IP limit).
 */
export async function prepareChat(
  principal: Principal, clientIp: string, req: ChatRequest, opts: ChatOptions = {},
): Promise<PreparedChat> {
  if (principal.isNewVisitor) throw visitorRequired();
  const asked = performance.now();
  const viewerId = principal.visitorId;
  await consumeChatMessage(principal, clientIp, req.language);
  const { db } = await getDb();
  let chatId: string | null = null;
  if (req.chat_id) {
    const [row] = await db.select({ viewer_id: chats.viewer_id }).from(chats).where(eq(chats.id, req.chat_id)).limit(1);
    if (row?.viewer_id === viewerId) chatId = req.chat_id;
  }
  const isNew = chatId === null;
  const id = chatId ?? randomUUID();
  return { chatId: id, run: (onChunk) => runChat(id, isNew, viewerId, req, opts, asked, onChunk) };
}

/**
 * The user messages among a chat's last CHAT_PERSIST_COUNT stored messages,
 * oldest first: what a follow-up is read against (SPEC.md section 4 "Chat").
 */
async function earlierQuestions(chatId: string): Promise<string[]> {
  const { db } = await getDb();
  const rows = await db.select({ role: chatMessages.role, text: chatMessages.text }).from(chatMessages)
    .where(eq(chatMessages.chat_id, chatId)).orderBy(desc(chatMessages.id)).limit(CHAT_PERSIST_COUNT);
  return rows.filter((r) => r.role === 'user').map((r) => r.text).reverse();
}

async function runChat(
  chatId: string, isNew: boolean, viewerId: string, req: ChatRequest, opts: ChatOptions, asked: number,
  onChunk?: (text: string) => void | Promise<void>,
): Promise<ChatResult> {
  // Retrieval first: nothing else (database writes, reel lookups) stands
  // between the question and its first chunk.
  // A continued chat: its earlier questions give a follow-up its subject and figures (one indexed read).
  const history = isNew ? [] : await earlierQuestions(chatId);
  // The message's own language wins where it clearly differs from the chosen one (Hinglish typed in English).
  const language = messageLanguage(req.message, req.language);
  const composed = await composeAnswer(req.message, language, { history });
  const { db } = await getDb();
  const later = (async () => {
    await new Promise<void>((resolve) => setImmediate(resolve)); // after the first chunk has been sent
    const storing = (async () => {
      if (isNew) await db.insert(chats).values({ id: chatId, viewer_id: viewerId, topic: req.topic ?? null, language: req.language });
      await db.insert(chatMessages).values({ chat_id: chatId, role: 'user', text: req.message });
    })();
    const [suggestions, related] = await Promise.all([
      followUpQuestions(composed.entry, language),
      relatedReels(composed.entry, language, opts.findReels),
      storing,
    ]);
    return { suggestions, related };
  })();
  later.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"

  let answer = composed.text;
  const llm = opts.llm === undefined ? llmConfigFromEnv() : opts.llm;
  // The model only ever rephrases a vetted answer; the "don't know" reply is said as it is. A reply of several blocks
  // (a declined instruction, a correction, the parts of a compound question) or a computed one with its working and
  // source keeps its shape and wording: a rephrasing in five plain sentences would join or drop them.
  const oneBlock = !composed.text.includes('\n') && !composed.computed;
  if (llm && composed.matched && oneBlock) answer = (await rephraseAnswer(llm, req.message, composed.text, language)) ?? composed.text;

  if (onChunk) {
    const interval = opts.chunkIntervalMs ?? CHUNK_INTERVAL_MS;
    const chunks = chunkText(answer, WORDS_PER_CHUNK);
    for (let i = 0; i < chunks.length; i++) {
      if (i > 0 && interval > 0) await sleep(interval);
      await onChunk(chunks[i]);
    }
  }
  // Question accepted -> last chunk out (the whole answer, for a client without chunks).
  metrics().chatAnswerDuration.observe({ matched: String(composed.matched) }, (performance.now() - asked) / 1000);

  const { suggestions, related } = await later;
  await db.insert(chatMessages).values({
    chat_id: chatId, role: 'assistant', text: answer, matched_entry_id: composed.entry?.id ?? null,
  });
  logger().debug({ chatId, matched: composed.matched, entry: composed.entry?.id, computed: composed.computed }, 'chat answered');
  return {
    chat_id: chatId,
    answer,
    matched: composed.matched,
    category: composed.category,
    suggestions,
    related,
    sources: composed.sources,
  };
}

/**
 * One message end to end: `prepareChat` then `run`. `onChunk` receives the
 * answer in pieces as it is composed.
 * @throws ApiError 401 `visitor_required`; 429 `rate_limited`.
 */
export async function handleChat(
  principal: Principal, clientIp: string, req: ChatRequest,
  onChunk?: (text: string) => void | Promise<void>, opts: ChatOptions = {},
): Promise<ChatResult> {
  const prepared = await prepareChat(principal, clientIp, req, opts);
  return prepared.run(onChunk);
}
