import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatMessages, chats } from '@/lib/db/schema';
import { readBankFiles, syncKnowledge, type KnowledgeEntry } from '@/features/assistant/server/knowledge';
import { NO_MATCH_REPLY, warmAnswers } from '@/features/assistant/server/answer';
import { handleChat } from '@/features/assistant/server/chat';
import type { LlmConfig } from '@/features/assistant/server/llm';
import { Seed } from '@/tests/fixtures/seed';
import { gate, type Gate } from '@/tests/fixtures/model-gate';

/**
 * The optional model through the whole chat: the real question bank in the test
 * database, retrieval, then a real local HTTP server speaking the
 * OpenAI-compatible streaming protocol (as Ollama or vLLM do) rephrasing
 * the retrieved answer; the reply streamed in chunks and stored. When the
 * model is slow, fails, or changes a number, the vetted answer is the reply.
 */

type Mode = { reply: (answer: string) => string[]; status?: number; gate?: Gate };
let mode: Mode = { reply: () => [] };
const requests: Array<{ messages: Array<{ role: string; content: string }> }> = [];

const model = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (d: Buffer) => (raw += d.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw) as (typeof requests)[number];
    requests.push(body);
    if (mode.status) return res.writeHead(mode.status).end('model down');
    const user = body.messages.at(-1)?.content ?? '';
    const tokens = mode.reply(user);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = () => {
      for (const t of tokens) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    };
    if (mode.gate) mode.gate.arrive(send, res);
    else send();
  });
});
/** The model for the answered cases: a first-token limit no healthy local server misses, however loaded the machine. */
let llm: LlmConfig;

const seed = new Seed();
const viewers: string[] = [];
const entry = readBankFiles().find((e): e is KnowledgeEntry => e.language === 'english' && e.id === 'sub-how-much')!;

beforeAll(async () => {
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  llm = { baseUrl: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`, model: 'local-test', firstTokenTimeoutMs: 20_000 };
  await syncKnowledge();
  await warmAnswers();
}, 60_000);
afterEach(() => {
  mode.gate?.open();
  requests.length = 0;
  mode = { reply: () => [] };
});
afterAll(async () => {
  model.closeAllConnections();
  model.close();
  const { db } = await getDb();
  if (viewers.length) await db.delete(chats).where(inArray(chats.viewer_id, viewers));
  await seed.cleanup();
});

async function chat(message: string, config: LlmConfig = llm) {
  const v = seed.viewer();
  viewers.push(v.id);
  const chunks: string[] = [];
  const r = await handleChat(v.principal, '192.0.2.10', { message, language: 'english' }, (t) => { chunks.push(t); }, { llm: config, chunkIntervalMs: 0 });
  const { db } = await getDb();
  const stored = await db.select().from(chatMessages).where(eq(chatMessages.chat_id, r.chat_id)).orderBy(chatMessages.id);
  return { r, chunks, stored };
}

describe('chat with a model (LLM_BASE_URL)', () => {
  it('streams and stores the model\'s rephrasing of the retrieved answer, given only that answer', async () => {
    const question = 'is a zero electricity bill guaranteed with rooftop solar?';
    const rephrased = 'No, a zero bill is not guaranteed: about 45% of homes under the scheme get one, depending on size and use.';
    mode = { reply: () => rephrased.match(/\S+\s*/g)! };
    const { r, chunks, stored } = await chat(question);
    expect(r.matched).toBe(true);
    expect(r.answer).toBe(rephrased);
    expect(chunks.join('')).toBe(rephrased);
    expect(stored.map((m) => [m.role, m.text])).toEqual([['user', question], ['assistant', rephrased]]);
    expect(requests).toHaveLength(1);
    const prompt = requests[0]!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(question);
    expect(prompt).toContain('45%');
  });

  it('keeps a computed or multi-part reply as composed, without asking the model', async () => {
    mode = { reply: () => ['Rephrased.'] };
    const computed = await chat('subsidy for 3kw rooftop?');
    expect(computed.r.answer).toContain('Source: NDTV Profit');
    const compound = await chat('How long does the subsidy take to arrive, and do I need a new meter?');
    expect(compound.r.answer).toMatch(/^1\. /);
    expect(requests).toHaveLength(0);
  });

  it('keeps the vetted answer when the model changes a number', async () => {
    mode = { reply: () => ['The subsidy is Rs 95,000 for 3 kW.'] };
    const { r } = await chat(entry.question);
    expect(r.answer).toBe(entry.answer);
  });

  it('keeps the vetted answer when the model is slower than its first-token limit or fails', async () => {
    // The model holds its reply until the gate opens, and the whole-reply limit is far beyond the test timeout:
    // only the first-token limit can end the wait.
    const g = gate();
    mode = { reply: () => ['Too late.'], gate: g };
    const slow = await chat(entry.question, { ...llm, firstTokenTimeoutMs: 250, totalTimeoutMs: 600_000 });
    expect(slow.r.answer).toBe(entry.answer);
    expect(slow.chunks.join('')).toBe(entry.answer);
    expect(g.sent).toBe(false);
    // The request was abandoned, not left open: the model sees the connection close before it ever replies.
    if (g.reached) await g.closed;
    g.open();
    expect(g.sent).toBe(false);

    mode = { reply: () => [], status: 500 };
    const failed = await chat(entry.question);
    expect(failed.r.answer).toBe(entry.answer);
  });

  it('never asks the model when nothing matched: the "don\'t know" reply is said as it is', async () => {
    mode = { reply: () => ['I think the answer is yes.'] };
    const { r } = await chat('zebra violin quantum origami');
    expect(r.matched).toBe(false);
    expect(r.answer).toBe(NO_MATCH_REPLY.english);
    expect(requests).toHaveLength(0);
  });
});
