import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { getDb } from '@/lib/db/client';
import { chats } from '@/lib/db/schema';
import type { ChatLanguage } from '@/features/assistant/schemas';
import { readBankFiles, syncKnowledge } from '@/features/assistant/server/knowledge';
import { warmAnswers } from '@/features/assistant/server/answer';
import type { ChatResult } from '@/features/assistant/server/chat';
import { RATE_LIMITED_MESSAGE } from '@/features/assistant/server/rate-limit';
import { createSocketServer } from '@/server/socket';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { Seed } from '@/tests/fixtures/seed';

/**
 * The assistant over socket.io: a real
 * HTTP server with socket.io and socket.io-client on loopback, the real
 * question bank in the test database.
 */

/** Chunk pacing for these tests, ms: wide enough to drop the connection between two chunks. */
const CHUNK_MS = 40;

const seed = new Seed();
const bank = readBankFiles();
/** A long answer (many chunks), present in every language, not computed. */
const longEntry = bank.filter((e) => e.language === 'english' && !e.calc)
  .sort((a, b) => b.answer.length - a.answer.length)[0];
const bankAnswer = (id: string, language: ChatLanguage) => bank.find((e) => e.id === id && e.language === language)!;

let server: http.Server;
let io: Server;
let drain: () => Promise<void>;
let url: string;
const clients: Socket[] = [];
const viewersUsed: string[] = [];

beforeAll(async () => {
  await syncKnowledge();
  await warmAnswers();
  server = http.createServer();
  const sockets = createSocketServer(server, { findReels: listReadyReelsForTopics, chat: { chunkIntervalMs: CHUNK_MS } });
  io = sockets.io;
  drain = sockets.drain;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await seed.cleanup();
});

afterAll(async () => {
  await io.close();
  const { db } = await getDb();
  if (viewersUsed.length) await db.delete(chats).where(inArray(chats.viewer_id, viewersUsed));
});

function client(opts: { cookie?: boolean | 'forged' } = {}): Socket {
  const headers: Record<string, string> = {};
  if (opts.cookie === 'forged') {
    // The shape of a visitor id, but not one the server signed.
    headers.cookie = 'sr_vid=AAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA';
  } else if (opts.cookie !== false) {
    const v = seed.viewer();
    viewersUsed.push(v.id);
    headers.cookie = v.cookie;
  }
  const c = connect(url, { extraHeaders: headers, transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 100 });
  clients.push(c);
  return c;
}

type Event = { name: string; data: unknown; at: number };

/** Records every chat event of `c` until "chat_end" or "chat_error". */
function record(c: Socket): { events: Event[]; done: Promise<Event> } {
  const events: Event[] = [];
  const done = new Promise<Event>((resolve) => {
    c.onAny((name: string, data: unknown) => {
      const e = { name, data, at: Date.now() };
      events.push(e);
      if (name === 'chat_end' || name === 'chat_error') resolve(e);
    });
  });
  return { events, done };
}

const connected = (c: Socket) => new Promise<void>((resolve) => (c.connected ? resolve() : c.once('connect', () => resolve())));

describe('socket.io "chat"', () => {
  it('streams chunks before "chat_end", and the chunks make up the answer', async () => {
    const c = client();
    await connected(c);
    const { events, done } = record(c);
    c.emit('chat', { message: bankAnswer(longEntry.id, 'hindi').question, language: 'hindi' });
    const end = await done;
    expect(end.name).toBe('chat_end');
    const result = end.data as ChatResult;
    expect(result.answer).toBe(bankAnswer(longEntry.id, 'hindi').answer);
    expect(result.matched).toBe(true);
    expect(result.suggestions).toHaveLength(3);
    expect(Array.isArray(result.related)).toBe(true);

    const names = events.map((e) => e.name);
    expect(names[0]).toBe('chat_start');
    expect(names.at(-1)).toBe('chat_end');
    const chunks = events.filter((e) => e.name === 'chat_chunk').map((e) => e.data as { chat_id: string; text: string });
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((ch) => ch.chat_id === result.chat_id)).toBe(true);
    expect(chunks.map((ch) => ch.text).join('')).toBe(result.answer);
    // Streamed, not sent at the end: the first chunk came well before chat_end.
    const firstChunk = events.find((e) => e.name === 'chat_chunk')!;
    expect(end.at - firstChunk.at).toBeGreaterThanOrEqual(CHUNK_MS * (chunks.length - 2));
  });

  it('still delivers the whole answer when the connection drops mid-answer (connection state recovery)', async () => {
    const c = client();
    await connected(c);
    const { events, done } = record(c);
    let dropped = false;
    let recovered: boolean | undefined;
    c.on('chat_chunk', () => {
      if (dropped) return;
      dropped = true;
      // The transport closes as on a network drop; the client reconnects by itself.
      c.io.engine.close();
      c.once('connect', () => {
        recovered = c.recovered;
      });
    });
    c.emit('chat', { message: longEntry.question, language: 'english' });
    const end = await done;
    expect(dropped).toBe(true);
    expect(recovered).toBe(true);
    expect(end.name).toBe('chat_end');
    const result = end.data as ChatResult;
    const chunks = events.filter((e) => e.name === 'chat_chunk').map((e) => (e.data as { text: string }).text);
    expect(chunks.join('')).toBe(result.answer);
    expect(result.answer).toBe(longEntry.answer);
  });

  it('continues a chat by its id', async () => {
    const c = client();
    await connected(c);
    let r = record(c);
    c.emit('chat', { message: longEntry.question, language: 'english' });
    const first = (await r.done).data as ChatResult;
    c.offAny();
    r = record(c);
    c.emit('chat', { message: bankAnswer(longEntry.id, 'hinglish').question, language: 'hinglish', chat_id: first.chat_id });
    const second = (await r.done).data as ChatResult;
    expect(second.chat_id).toBe(first.chat_id);
    expect(second.answer).toBe(bankAnswer(longEntry.id, 'hinglish').answer);
  });

  it('answers a follow-up for the chat\'s subject: "and for 5 kW?" after a subsidy question', async () => {
    const c = client();
    await connected(c);
    let r = record(c);
    c.emit('chat', { message: 'How much subsidy will I get for a 3 kW system?', language: 'english' });
    const first = (await r.done).data as ChatResult;
    c.offAny();
    r = record(c);
    c.emit('chat', { message: 'And for 5 kW?', language: 'english', chat_id: first.chat_id });
    const second = (await r.done).data as ChatResult;
    expect(second.chat_id).toBe(first.chat_id);
    expect(second.answer).toMatch(/subsidy for 5 kW/i);
    expect(second.answer).toMatch(/78,000/);
  });

  it('answers two questions sent at once one after the other, never interleaved', async () => {
    const c = client();
    await connected(c);
    const events: Array<{ name: string; data: { text?: string; answer?: string } }> = [];
    const twoEnds = new Promise<void>((resolve) => {
      let ends = 0;
      c.onAny((name: string, data: { text?: string; answer?: string }) => {
        events.push({ name, data });
        if (name === 'chat_end' && ++ends === 2) resolve();
      });
    });
    const other = bank.find((e) => e.language === 'english' && !e.calc && e.category !== longEntry.category)!;
    c.emit('chat', { message: longEntry.question, language: 'english' });
    c.emit('chat', { message: other.question, language: 'english' });
    await twoEnds;
    const firstEnd = events.findIndex((e) => e.name === 'chat_end');
    const before = events.slice(0, firstEnd).filter((e) => e.name === 'chat_chunk').map((e) => e.data.text).join('');
    const after = events.slice(firstEnd + 1).filter((e) => e.name === 'chat_chunk').map((e) => e.data.text).join('');
    expect(before).toBe(longEntry.answer);
    expect(after).toBe(other.answer);
  });

  it('refuses the messages of a connection without the visitor cookie the server issued', async () => {
    for (const cookie of [false, 'forged'] as const) {
      const c = client({ cookie });
      await connected(c);
      const { events, done } = record(c);
      c.emit('chat', { message: longEntry.question, language: 'english' });
      const end = await done;
      expect(events.map((e) => e.name)).toEqual(['chat_error']);
      expect((end.data as { code: string }).code).toBe('visitor_required');
    }
  });

  it('takes the visitor from the handshake\'s auth token when there is no cookie (a page framed by another site)', async () => {
    const v = seed.viewer();
    viewersUsed.push(v.id);
    const token = v.cookie.slice('sr_vid='.length);
    const framed = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    clients.push(framed);
    await connected(framed);
    const { done } = record(framed);
    framed.emit('chat', { message: longEntry.question, language: 'english' });
    expect((await done).name).toBe('chat_end');
    const forged = connect(url, { auth: { token: `${token.slice(0, 20)}.AAAAAAAAAAAAAAAAAAAAAA` }, transports: ['websocket'], reconnection: false });
    clients.push(forged);
    await connected(forged);
    const refused = record(forged);
    forged.emit('chat', { message: longEntry.question, language: 'english' });
    expect(((await refused.done).data as { code: string }).code).toBe('visitor_required');
  });

  it('drain() (the shutdown step) resolves only after the answer in flight has been sent', async () => {
    const c = client();
    await connected(c);
    const { events, done } = record(c);
    c.emit('chat', { message: longEntry.question, language: 'english' });
    await new Promise<void>((resolve) => c.once('chat_chunk', () => resolve()));
    await drain();
    // Everything was emitted before drain resolved; give the last packet time to cross the loopback.
    await done;
    expect(events.at(-1)?.name).toBe('chat_end');
    expect(events.filter((e) => e.name === 'chat_chunk').map((e) => (e.data as { text: string }).text).join('')).toBe(longEntry.answer);
  });

  it('refuses a browser handshake from another origin, accepts its own', async () => {
    const foreign = connect(url, { extraHeaders: { origin: 'https://evil.example' }, transports: ['websocket'], reconnection: false });
    clients.push(foreign);
    const err = await new Promise<Error>((resolve) => foreign.once('connect_error', resolve));
    expect(err.message).toMatch(/origin not allowed|websocket error/i);
    const own = connect(url, { extraHeaders: { origin: url, cookie: seed.viewer().cookie }, transports: ['websocket'], reconnection: false });
    clients.push(own);
    await connected(own);
  });

  it.each([
    ['an empty message', { message: '', language: 'english' }, /^message/],
    ['501 characters', { message: 'a'.repeat(501), language: 'english' }, /at most 500/],
    ['a control character', { message: 'bill\u001b[2J', language: 'english' }, /control characters/],
    ['a wrong language value', { message: 'subsidy?', language: 'french' }, /^language/],
    ['an unknown field', { message: 'subsidy?', language: 'english', x: 1 }, /x/],
    ['a payload that is not an object', 'subsidy?', /invalid|expected/i],
  ])('emits "chat_error" for %s', async (_name, payload, message) => {
    const c = client();
    await connected(c);
    const { events, done } = record(c);
    c.emit('chat', payload);
    const end = await done;
    expect(end.name).toBe('chat_error');
    expect(events.map((e) => e.name)).toEqual(['chat_error']);
    const err = end.data as { code: string; message: string };
    expect(err.code).toBe('validation_failed');
    expect(err.message).toMatch(message);
  });

  it('emits "chat_error" rate_limited in the asker\'s language after 30 messages in 10 minutes', async () => {
    const c = client();
    await connected(c);
    let ends = 0;
    const errors: Array<{ code: string; message: string }> = [];
    const finished = new Promise<void>((resolve) => {
      c.on('chat_end', () => {
        ends++;
      });
      c.on('chat_error', (e: { code: string; message: string }) => {
        errors.push(e);
        resolve();
      });
    });
    // One word: one chunk each, so 31 answers stay quick.
    for (let i = 0; i < 31; i++) c.emit('chat', { message: 'zebra', language: 'hinglish' });
    await finished;
    expect(ends).toBe(30);
    expect(errors).toEqual([{ code: 'rate_limited', message: RATE_LIMITED_MESSAGE.hinglish, retry_after: expect.any(Number) }]);
    expect((errors[0] as { retry_after?: number }).retry_after).toBeGreaterThan(0);
  }, 60_000);
});
