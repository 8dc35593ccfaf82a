import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { chatMessages, chats } from '@/lib/db/schema';
import type { ChatLanguage } from '@/features/assistant/schemas';
import { readBankFiles, readSuggestionFiles, syncKnowledge, type KnowledgeEntry } from '@/features/assistant/server/knowledge';
import { NO_MATCH_REPLY, warmAnswers } from '@/features/assistant/server/answer';
import type { ChatResult } from '@/features/assistant/server/chat';
import { RATE_LIMITED_MESSAGE } from '@/features/assistant/server/rate-limit';
import { computeAnswer } from '@/features/assistant/lib/answers/entry-calc';
import { extractQuantities } from '@/features/assistant/lib/quantities';
import { messageLanguage } from '@/features/assistant/lib/message-language';
import { presentable } from '@/features/assistant/lib/present';
import { sourceCitation } from '@/features/assistant/server/sources';
import { Seed } from '@/tests/fixtures/seed';

/**
 * The assistant's HTTP interface on
 * the real question bank (features/assistant/data), synced into the test
 * database as at start-up.
 */

const api = buildApi();
const seed = new Seed();
const PATH = '/recommendation-service/api/v1/chat/';
const LANGS: ChatLanguage[] = ['english', 'hindi', 'hinglish'];
const DEVANAGARI = /[\u0900-\u097F]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const bank = readBankFiles();
const suggested = readSuggestionFiles();
/** entry id -> language -> entry. */
const byId = new Map<string, Partial<Record<ChatLanguage, KnowledgeEntry>>>();
for (const e of bank) byId.set(e.id, { ...byId.get(e.id), [e.language]: e });
/**
 * Questions that share no word with the bank. (How well retrieval refuses
 * real off-topic questions is measured on the labelled set, npm run
 * eval:assistant; here the reply path itself is under test.)
 */
const OFF_TOPIC: Record<ChatLanguage, string> = {
  english: 'zebra violin quantum origami',
  hindi: 'ज़ेबरा वायलिन क्वांटम ओरिगामी',
  hinglish: 'zebra violin quantum origami kya',
};

beforeAll(async () => {
  await syncKnowledge();
  await warmAnswers();
}, 60_000);
afterEach(() => seed.cleanup());

/** Viewers whose chats the tests made (chats are keyed by viewer id, no foreign key). */
const viewersUsed: string[] = [];
afterAll(async () => {
  const { db } = await getDb();
  if (viewersUsed.length) await db.delete(chats).where(inArray(chats.viewer_id, viewersUsed));
});

function newViewer() {
  const v = seed.viewer();
  viewersUsed.push(v.id);
  return v;
}

function post(body: unknown, opts: { cookie?: string; json?: boolean; raw?: string; contentType?: string } = {}) {
  return api.request(PATH, {
    method: 'POST',
    headers: {
      'content-type': opts.contentType ?? 'application/json',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.json === false ? {} : { accept: 'application/json' }),
    },
    body: opts.raw ?? JSON.stringify(body),
  });
}

async function ask(message: string, language: ChatLanguage, cookie: string, chatId?: string): Promise<ChatResult> {
  const res = await post({ message, language, ...(chatId ? { chat_id: chatId } : {}) }, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ChatResult;
}

/** An entry present in all three languages, without a calculator (its answer is the bank's text). */
function plainEntry(category: string): Record<ChatLanguage, KnowledgeEntry> {
  for (const langs of byId.values()) {
    if (langs.english?.category === category && !langs.english.calc && langs.hindi && langs.hinglish) {
      return langs as Record<ChatLanguage, KnowledgeEntry>;
    }
  }
  throw new Error(`no plain entry in ${category}`);
}

function expectLanguage(text: string, language: ChatLanguage) {
  if (language === 'hindi') expect(text).toMatch(DEVANAGARI);
  else expect(text).not.toMatch(DEVANAGARI);
}

describe('POST /recommendation-service/api/v1/chat/ (JSON)', () => {
  it.each(LANGS)('answers a bank question in %s with that entry, 3 follow-ups of its category and its sources', async (language) => {
    const v = newViewer();
    const entry = plainEntry('Solar Panel')[language];
    const r = await ask(entry.question, language, v.cookie);
    expect(r.chat_id).toMatch(UUID);
    expect(r.matched).toBe(true);
    expect(r.category).toBe('Solar Panel');
    expect(r.answer).toBe(entry.answer);
    expectLanguage(r.answer, language);
    expect(r.suggestions).toHaveLength(3);
    expect(new Set(r.suggestions).size).toBe(3);
    const sameCategory = new Set(bank.filter((e) => e.language === language && e.category === 'Solar Panel').map((e) => e.question));
    for (const s of r.suggestions) {
      expect(sameCategory.has(s), s).toBe(true);
      expect(s).not.toBe(entry.question);
    }
    expect(r.sources.length).toBe(new Set(entry.sources).size);
    expect(r.related).toEqual([]);
  });

  it.each(LANGS)('with %s chosen, answers a question clearly written in another language in that language', async (language) => {
    const v = newViewer();
    const entry = plainEntry('Solar Inverter');
    const other: ChatLanguage = language === 'hinglish' ? 'hindi' : 'hinglish';
    // The bank's own wording of the question in the other language (Devanagari, or Hinglish words).
    expect(messageLanguage(entry[other].question, language)).toBe(other);
    const r = await ask(entry[other].question, language, v.cookie);
    expect(r.matched).toBe(true);
    expect(r.answer).toBe(entry[other].answer);
    expectLanguage(r.answer, other);
  });

  it('keeps the chosen language when the message does not clearly say another', async () => {
    const v = newViewer();
    const r = await ask('3 kW subsidy?', 'hinglish', v.cookie);
    expectLanguage(r.answer, 'hinglish');
  });

  it('computes an answer from the question\'s numbers instead of a canned one', async () => {
    const v = newViewer();
    const message = 'mera bill 300 unit aata hai, kitne kW chahiye?';
    const r = await ask(message, 'hinglish', v.cookie);
    expect(r.matched).toBe(true);
    expect(r.category).toBe('System Size');
    expect(r.answer).toBe(presentable(`${computeAnswer('system_size', extractQuantities(message), 'hinglish')} Source: ${sourceCitation([31, 42, 43], 'hinglish')}.`));
    expect(r.answer).toContain('2.5 kW');

    const howMuch = byId.get('sub-how-much')?.english;
    expect(howMuch?.calc, 'the bank entry sub-how-much computes the subsidy').toBe('subsidy');
    const withSize = `${howMuch!.question.replace(/\?$/, '')} for 3 kW?`;
    const subsidy = await ask(withSize, 'english', v.cookie);
    expect(subsidy.category).toBe('Subsidy');
    expect(subsidy.answer).toBe(presentable(`${computeAnswer('subsidy', extractQuantities(withSize), 'english')} Source: ${sourceCitation([1, 5, 30], 'english')}.`));
    // The slab rule of docs/facts/solar-india.md: Rs 30,000/kW for 2 kW + Rs 18,000 for the third.
    expect(subsidy.answer).toContain('₹78,000');
    expect(subsidy.answer).toContain('Source: NDTV Profit, 29 Feb 2024');
  });

  it.each(LANGS)('says it does not know (in %s) and offers a callback instead of an unrelated answer', async (language) => {
    const v = newViewer();
    const r = await ask(OFF_TOPIC[language], language, v.cookie);
    expect(r.matched).toBe(false);
    expect(r.category).toBeNull();
    expect(r.answer).toBe(NO_MATCH_REPLY[language]);
    expect(r.related).toEqual([]);
    expect(r.sources).toEqual([]);
    // Follow-ups are then the first long-form suggested questions of that language.
    expect(r.suggestions).toEqual(suggested[language].long.slice(0, 3).map((s) => s.q));
  });

  it('shows 1-3 ready reels of the answer\'s topic, in the asker\'s language first', async () => {
    const v = newViewer();
    const entry = plainEntry('Solar Panel').hindi;
    const t = await seed.taxonomy({ slug: entry.related_topics[0] });
    const opt = t.options[0].id;
    const english = await seed.reels(opt, 2, { lang: 'en' });
    const hindi = await seed.reel(opt, { lang: 'hi' });
    const processing = await seed.reel(opt, { lang: 'hi', status: 'processing' });
    const other = await seed.taxonomy();
    const unrelated = await seed.reel(other.options[0].id, { lang: 'hi' });

    const r = await ask(entry.question, 'hindi', v.cookie);
    const ids = r.related.map((x) => x.id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(hindi.id);
    expect(new Set(ids)).toEqual(new Set([hindi.id, ...english.map((e) => e.id)]));
    expect(ids).not.toContain(processing.id);
    expect(ids).not.toContain(unrelated.id);
    expect(r.related[0]).toMatchObject({ lang: 'hi', topic: t.topic.id, pre_signed_url_video: expect.stringContaining('/media/') });
  });

  it('continues the viewer\'s chat and stores every question and answer; another viewer\'s chat id starts a new chat', async () => {
    const v = newViewer();
    const first = await ask(OFF_TOPIC.english, 'english', v.cookie);
    const entry = plainEntry('Benefits').english;
    const second = await ask(entry.question, 'english', v.cookie, first.chat_id);
    expect(second.chat_id).toBe(first.chat_id);
    const { db } = await getDb();
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chat_id, first.chat_id)).orderBy(chatMessages.id);
    expect(rows.map((m) => [m.role, m.text, m.matched_entry_id])).toEqual([
      ['user', OFF_TOPIC.english, null],
      ['assistant', NO_MATCH_REPLY.english, null],
      ['user', entry.question, null],
      ['assistant', entry.answer, entry.id],
    ]);
    const [chat] = await db.select().from(chats).where(eq(chats.id, first.chat_id));
    expect(chat).toMatchObject({ viewer_id: v.id, language: 'english' });

    const intruder = newViewer();
    const third = await ask(entry.question, 'english', intruder.cookie, first.chat_id);
    expect(third.chat_id).not.toBe(first.chat_id);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.chat_id, first.chat_id))).toHaveLength(4);
  });

  it('refuses a caller without a visitor cookie (401 visitor_required) but gives it one, with which it may ask', async () => {
    const res = await post({ message: OFF_TOPIC.english, language: 'english' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('visitor_required');
    const m = /(sr_vid=([0-9A-Za-z]{20})\.[^;]+)/.exec(res.headers.get('set-cookie') ?? '');
    expect(m).not.toBeNull();
    viewersUsed.push(m![2]);
    seed.track(m![2]);
    expect((await post({ message: OFF_TOPIC.english, language: 'english' }, { cookie: m![1] })).status).toBe(200);
    const { db } = await getDb();
    expect(await db.select().from(chats).where(eq(chats.viewer_id, m![2]))).toHaveLength(1);
  });
});

describe('POST /recommendation-service/api/v1/chat/ follow-ups in a chat', () => {
  /** A first question and two follow-ups per language: a new size, then a new place for the chat's subject. */
  const CHATS: Record<ChatLanguage, { first: string; newSize: string; newPlace: string }> = {
    english: { first: 'How much subsidy will I get for a 3 kW system?', newSize: 'And for 5 kW?', newPlace: 'what if we lived in Tripura?' },
    hindi: { first: '3 किलोवाट पर कितनी सब्सिडी मिलेगी?', newSize: 'और 5 किलोवाट पर?', newPlace: 'अगर हम त्रिपुरा में रहते तो?' },
    hinglish: { first: '3kw pe subsidy kitni milegi?', newSize: 'aur 5 kw pe?', newPlace: 'aur agar hum Tripura me hote to?' },
  };

  it.each(LANGS)('answers a follow-up for the chat\'s subject with the new value, in %s', async (language) => {
    const v = newViewer();
    const c = CHATS[language];
    const first = await ask(c.first, language, v.cookie);
    expect(first.answer).toMatch(/78,000/);
    // "And for 5 kW?": the subsidy for 5 kW (the Rs 78,000 cap), not whatever "5 kW" alone retrieves.
    const size = await ask(c.newSize, language, v.cookie, first.chat_id);
    expect(size.chat_id).toBe(first.chat_id);
    expect(size.answer).toMatch(/5 kW/);
    expect(size.answer).toMatch(/78,000/);
    // Then a new place: the chat's subject at its size (5 kW) in a special-category state (Rs 33,000 + 19,800 a kW: 85,800 cap).
    const place = await ask(c.newPlace, language, v.cookie, first.chat_id);
    expect(place.answer).toMatch(/85,800/);
  });

  it('never carries another chat\'s context: a follow-up in a new chat, or with another viewer\'s chat id, stands alone', async () => {
    const v = newViewer();
    const first = await ask(CHATS.english.first, 'english', v.cookie);
    const alone = await ask(CHATS.english.newSize, 'english', v.cookie);
    expect(alone.chat_id).not.toBe(first.chat_id);
    expect(alone.answer).not.toMatch(/subsidy for 5 kW/i);
    const intruder = newViewer();
    const theirs = await ask(CHATS.english.newSize, 'english', intruder.cookie, first.chat_id);
    expect(theirs.chat_id).not.toBe(first.chat_id);
    expect(theirs.answer).not.toMatch(/subsidy for 5 kW/i);
  });

  it('drops the figures once the subject changed: the roof question after a documents question is not for 3 kW', async () => {
    const v = newViewer();
    const first = await ask('How much subsidy for 3 kW in Delhi?', 'english', v.cookie);
    const related = await ask('How much roof will that need?', 'english', v.cookie, first.chat_id);
    expect(related.answer).toMatch(/3 kW/);
    await ask('What documents do I need to apply?', 'english', v.cookie, first.chat_id);
    const later = await ask('How much roof will I need?', 'english', v.cookie, first.chat_id);
    expect(later.answer).not.toMatch(/3 kW/);
  });
});

describe('POST /recommendation-service/api/v1/chat/ (streamed text)', () => {
  it('streams the answer as plain text in several chunks, with the chat id in a header', async () => {
    const v = newViewer();
    const entry = plainEntry('Buying Solar').hindi;
    const res = await post({ message: entry.question, language: 'hindi' }, { cookie: v.cookie, json: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const chatId = res.headers.get('x-chat-id') ?? '';
    expect(chatId).toMatch(UUID);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(entry.answer);
    const { db } = await getDb();
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chat_id, chatId));
    expect(rows.map((m) => m.role).sort()).toEqual(['assistant', 'user']);
  });

  it('answers a message with HTML in it as text: the markup is neither run nor echoed', async () => {
    const v = newViewer();
    const message = `<b>${plainEntry('Benefits').english.question}</b><script>alert(1)</script>`;
    const res = await post({ message, language: 'english' }, { cookie: v.cookie, json: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).not.toMatch(/[<>]/);
    const json = await ask(message, 'english', v.cookie);
    expect(json.answer).toBe(text);
  });
});

describe('POST /recommendation-service/api/v1/chat/ rate limit', () => {
  it('allows 30 messages per 10 minutes per viewer, then answers 429 in the asker\'s language', async () => {
    const v = newViewer();
    for (let i = 0; i < 30; i++) {
      const res = await post({ message: OFF_TOPIC.hindi, language: 'hindi' }, { cookie: v.cookie });
      expect(res.status, `message ${i + 1}`).toBe(200);
    }
    const res = await post({ message: OFF_TOPIC.hindi, language: 'hindi' }, { cookie: v.cookie });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE.hindi } });
    // Streamed form too: refused before any byte of an answer.
    const streamed = await post({ message: OFF_TOPIC.english, language: 'english' }, { cookie: v.cookie, json: false });
    expect(streamed.status).toBe(429);
    expect(await streamed.json()).toEqual({ error: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE.english } });
    // Another viewer is not affected.
    expect((await post({ message: OFF_TOPIC.english, language: 'english' }, { cookie: newViewer().cookie })).status).toBe(200);
  });
});

describe('POST /recommendation-service/api/v1/chat/ bad input', () => {
  const cases: Array<[string, Parameters<typeof post>[0], Parameters<typeof post>[1], number, string, RegExp?]> = [
    ['an empty message', { message: '', language: 'english' }, {}, 422, 'validation_failed', /^message: message must not be empty/],
    ['a message of spaces only', { message: '   \n ', language: 'english' }, {}, 422, 'validation_failed', /^message/],
    ['501 characters', { message: 'a'.repeat(501), language: 'english' }, {}, 422, 'validation_failed', /at most 500/],
    ['a control character', { message: 'subsidy\u0007 kitni', language: 'hinglish' }, {}, 422, 'validation_failed', /control characters/],
    ['a NUL byte', { message: 'subsidy\u0000', language: 'hinglish' }, {}, 422, 'validation_failed', /control characters/],
    ['a wrong language value', { message: 'subsidy?', language: 'french' }, {}, 422, 'validation_failed', /^language/],
    ['a UI locale instead of the language value', { message: 'subsidy?', language: 'hi' }, {}, 422, 'validation_failed', /^language/],
    ['no language', { message: 'subsidy?' }, {}, 422, 'validation_failed', /^language/],
    ['a chat id that is not a uuid', { message: 'subsidy?', language: 'english', chat_id: '42' }, {}, 422, 'validation_failed', /^chat_id/],
    ['an unknown field', { message: 'subsidy?', language: 'english', admin: true }, {}, 422, 'validation_failed', /admin/],
    ['a message that is not a string', { message: 42, language: 'english' }, {}, 422, 'validation_failed', /^message/],
    ['a body that is not JSON', null, { raw: '{"message": "hi",' }, 400, 'invalid_json'],
    ['a JSON array', [], {}, 422, 'validation_failed'],
    ['a form body', null, { raw: 'message=hi&language=english', contentType: 'application/x-www-form-urlencoded' }, 415, 'unsupported_media_type'],
  ];
  it.each(cases)('refuses %s in the one error shape', async (_name, b, opts, status, code, message) => {
    const v = newViewer();
    const res = await post(b, { cookie: v.cookie, ...opts });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(Object.keys(json)).toEqual(['error']);
    expect(json.error.code).toBe(code);
    if (message) expect(json.error.message).toMatch(message);
  });

  it('accepts exactly 500 characters', async () => {
    const v = newViewer();
    const res = await post({ message: `${'solar '.repeat(83)}ab`, language: 'english' }, { cookie: v.cookie });
    expect(res.status).toBe(200);
  });

  it('does not count refused messages against the rate limit', async () => {
    const v = newViewer();
    for (let i = 0; i < 31; i++) await post({ message: '', language: 'english' }, { cookie: v.cookie });
    expect((await post({ message: OFF_TOPIC.english, language: 'english' }, { cookie: v.cookie })).status).toBe(200);
  });
});

describe('GET /recommendation-service/api/v1/suggestions', () => {
  it.each(LANGS)('lists the long and short suggested questions of %s', async (language) => {
    const res = await api.request(`/recommendation-service/api/v1/suggestions?language=${language}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { short: Array<{ category?: string }> };
    expect(body).toEqual(suggested[language]);
    // Every short question names its category (the category picker lists them).
    expect(body.short.every((s) => typeof s.category === 'string')).toBe(true);
  });

  it('refuses a wrong or missing language', async () => {
    for (const q of ['?language=french', '', '?language=english&x=1']) {
      const res = await api.request(`/recommendation-service/api/v1/suggestions${q}`);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
  });
});

describe('GET /recommendation-service/api/v1/multilang-suggestions', () => {
  it('finds suggested questions of every language as they are typed', async () => {
    const hindiQ = suggested.hindi.long[0].q;
    const res = await api.request(`/recommendation-service/api/v1/multilang-suggestions?query=${encodeURIComponent(hindiQ)}`);
    expect(res.status).toBe(200);
    const { suggestions } = (await res.json()) as { suggestions: Array<{ q: string; language: string }> };
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions.map((s) => s.q)).toContain(hindiQ);

    const latin = await api.request('/recommendation-service/api/v1/multilang-suggestions?query=subsidy&limit=20');
    const hits = ((await latin.json()) as { suggestions: Array<{ q: string; language: string }> }).suggestions;
    expect(new Set(hits.map((h) => h.language))).toEqual(new Set(['english', 'hinglish', 'hindi']));
  });

  it('refuses an empty query or a bad limit', async () => {
    for (const q of ['', '?query=', '?query=%20%20', '?query=solar&limit=0', '?query=solar&limit=x']) {
      const res = await api.request(`/recommendation-service/api/v1/multilang-suggestions${q}`);
      expect(res.status, q).toBe(422);
    }
  });
});
