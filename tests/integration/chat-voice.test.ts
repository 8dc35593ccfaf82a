import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { chatMessages, chats, events, viewerAttribution } from '@/lib/db/schema';
import { LIMITS } from '@/lib/http/rate-limit';
import { SERVER_EVENTS } from '@/lib/events/contract';
import { serverIngestId } from '@/lib/events/server-events';
import { syncKnowledge } from '@/features/assistant/server/knowledge';
import { warmAnswers } from '@/features/assistant/server/answer';
import { mintAudioToken } from '@/features/assistant/server/audio-token';
import { httpSpeechToText, SpeechToTextError } from '@/features/assistant/server/speech-to-text';
import { AUDIO_MAX_BYTES, AUDIO_TOKEN_HEADER, type AudioTokenAnswer, type VoiceChatResult } from '@/features/assistant/schemas';
import { useEnvVars } from '@/tests/fixtures/env-vars';
import { Seed } from '@/tests/fixtures/seed';

/**
 * Voice input (SPEC.md section 7 chat/audio_token; docs/api/voice.md): a
 * token, one upload, a transcript asked as a chat message. The speech-to-text
 * provider is a stand-in HTTP server started here, spoken to by the real
 * HTTP implementation (features/assistant/server/speech-to-text.ts).
 */

const api = buildApi({ chunkIntervalMs: 0, llm: null });
const seed = new Seed();
const setEnv = useEnvVars(['STT_URL', 'STT_API_KEY', 'STT_TIMEOUT_MS']);

const TOKEN = '/recommendation-service/api/v1/chat/audio_token';
const AUDIO = '/recommendation-service/api/v1/chat/audio';

/** What the stand-in recogniser received, and how it answers next. */
interface Heard { contentType: string; language: string | null; bytes: number; authorization: string | null }
const stt = {
  server: null as http.Server | null,
  url: '',
  heard: [] as Heard[],
  /** The next answer: JSON to send, a status, or a delay past the caller's patience. */
  answer: { status: 200, body: JSON.stringify({ text: 'How much subsidy do I get for a 3 kW system?', language: 'en' }), delayMs: 0 },
};

beforeAll(async () => {
  await syncKnowledge();
  await warmAnswers();
  stt.server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      stt.heard.push({
        contentType: req.headers['content-type'] ?? '', language: url.searchParams.get('language'),
        bytes: Buffer.concat(chunks).length, authorization: req.headers.authorization ?? null,
      });
      const { status, body, delayMs } = stt.answer;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => stt.server!.listen(0, '127.0.0.1', resolve));
  stt.url = `http://127.0.0.1:${(stt.server.address() as AddressInfo).port}/transcribe`;
}, 60_000);

afterAll(async () => {
  stt.server?.closeAllConnections();
  await new Promise((r) => stt.server?.close(r));
});

/** Viewers whose chats and events the tests made. */
const viewersUsed: string[] = [];
beforeEach(() => {
  stt.heard = [];
  stt.answer = { status: 200, body: JSON.stringify({ text: 'How much subsidy do I get for a 3 kW system?', language: 'en' }), delayMs: 0 };
  setEnv({ STT_URL: stt.url, STT_API_KEY: 'stt-key-1', STT_TIMEOUT_MS: '5000' });
});
afterEach(async () => {
  await seed.cleanup();
  const { db } = await getDb();
  if (viewersUsed.length) {
    await db.delete(chats).where(inArray(chats.viewer_id, viewersUsed));
    await db.delete(events).where(inArray(events.viewer_id, viewersUsed));
    await db.delete(viewerAttribution).where(inArray(viewerAttribution.viewer_id, viewersUsed));
  }
  viewersUsed.length = 0;
});

function viewer() {
  const v = seed.viewer();
  viewersUsed.push(v.id);
  return v;
}

/** A mono 8-bit PCM WAV of `seconds` of silence at `rate` Hz (what a recorder could send). */
function wav(seconds: number, rate = 8000): Buffer {
  const n = Math.round(seconds * rate);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0); h.writeUInt32LE(36 + n, 4); h.write('WAVE', 8); h.write('fmt ', 12);
  h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(1, 22); h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate, 28); h.writeUInt16LE(1, 32); h.writeUInt16LE(8, 34); h.write('data', 36); h.writeUInt32LE(n, 40);
  return Buffer.concat([h, Buffer.alloc(n, 0x80)]);
}

async function tokenFor(cookie: string): Promise<AudioTokenAnswer> {
  const res = await api.request(TOKEN, { headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AudioTokenAnswer;
}

function upload(cookie: string, token: string | null, audio: Buffer | string, opts: {
  type?: string; query?: string; json?: boolean; headers?: Record<string, string>;
} = {}) {
  return api.request(`${AUDIO}?${opts.query ?? 'language=english'}`, {
    method: 'POST',
    headers: {
      cookie, 'content-type': opts.type ?? 'audio/wav',
      ...(token === null ? {} : { [AUDIO_TOKEN_HEADER]: token }),
      ...(opts.json === false ? {} : { accept: 'application/json' }),
      ...opts.headers,
    },
    body: typeof audio === 'string' ? audio : new Uint8Array(audio),
  });
}

async function expectError(res: Response, status: number, code: string) {
  expect([res.status, await res.clone().text()]).toEqual([status, expect.any(String)]);
  expect(await res.json()).toEqual({ error: { code, message: expect.any(String) } });
}

describe('GET /recommendation-service/api/v1/chat/audio_token', () => {
  it('answers 404 voice_unavailable without a speech-to-text provider, to anyone', async () => {
    setEnv({ STT_URL: undefined });
    const v = viewer();
    await expectError(await api.request(TOKEN, { headers: { cookie: v.cookie } }), 404, 'voice_unavailable');
    await expectError(await api.request(TOKEN), 404, 'voice_unavailable');
  });

  it('gives a visitor a 60 s token with the upload\'s limits, never cached', async () => {
    const v = viewer();
    const res = await api.request(TOKEN, { headers: { cookie: v.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      token: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{22}$/), expires_in_s: 60, max_seconds: 30,
      max_bytes: AUDIO_MAX_BYTES, types: ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav'],
    });
  });

  it('refuses a caller the server has not issued a visitor id (401)', async () => {
    const v = viewer();
    for (const cookie of ['', `sr_vid=${v.id}`]) {
      await expectError(await api.request(TOKEN, { headers: { cookie } }), 401, 'visitor_required');
    }
  });

  it(`counts \`voice\`: ${LIMITS.voice.perVisitor} a visitor per 10 minutes, then 429`, async () => {
    const v = viewer();
    for (let i = 0; i < LIMITS.voice.perVisitor!; i++) expect((await api.request(TOKEN, { headers: { cookie: v.cookie } })).status).toBe(200);
    const over = await api.request(TOKEN, { headers: { cookie: v.cookie } });
    await expectError(over, 429, 'rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /recommendation-service/api/v1/chat/audio', () => {
  it('sends the recording to the provider and answers the transcript as a chat message, the chat\'s way', async () => {
    const v = viewer();
    const { token } = await tokenFor(v.cookie);
    const audio = wav(2);
    const res = await upload(v.cookie, token, audio, { query: 'language=hinglish' });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as VoiceChatResult;
    expect(body.transcript).toBe('How much subsidy do I get for a 3 kW system?');
    expect(body.transcript_language).toBe('en');
    expect(body.chat_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.answer.length).toBeGreaterThan(20);
    expect(body.matched).toBe(true);
    expect(body.suggestions).toHaveLength(3);
    // The provider got the recording as it was sent, the language hint and the key.
    expect(stt.heard).toEqual([{ contentType: 'audio/wav', language: 'hinglish', bytes: audio.length, authorization: 'Bearer stt-key-1' }]);
    // Stored as the chat's question and answer; the upload recorded once as a VOICE_MESSAGE.
    const { db } = await getDb();
    const msgs = await db.select().from(chatMessages).where(eq(chatMessages.chat_id, body.chat_id)).orderBy(chatMessages.id);
    expect(msgs.map((m) => [m.role, m.text])).toEqual([['user', body.transcript], ['assistant', body.answer]]);
    const voice = await db.select().from(events).where(and(eq(events.viewer_id, v.id), eq(events.event_type, SERVER_EVENTS.voice)));
    expect(voice).toHaveLength(1);
    expect(voice[0].payload).toMatchObject({ bytes: audio.length, type: 'audio/wav' });
  });

  it('continues the caller\'s chat, and streams text with the transcript in headers without Accept: application/json', async () => {
    const v = viewer();
    const first = (await (await upload(v.cookie, (await tokenFor(v.cookie)).token, wav(1))).json()) as VoiceChatResult;
    const res = await upload(v.cookie, (await tokenFor(v.cookie)).token, wav(1), {
      json: false, query: `language=english&chat_id=${first.chat_id}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-chat-id')).toBe(first.chat_id);
    expect(decodeURIComponent(res.headers.get('x-transcript')!)).toBe('How much subsidy do I get for a 3 kW system?');
    expect((await res.text()).length).toBeGreaterThan(20);
  });

  it('a signed-in user\'s token is the user\'s: it works from the session, and the chat is the home visitor\'s', async () => {
    const u = await seed.signedIn();
    viewersUsed.push(u.principal.visitorId);
    const res = await upload(u.cookie, (await tokenFor(u.cookie)).token, wav(1));
    expect(res.status).toBe(200);
    const { db } = await getDb();
    const [chat] = await db.select().from(chats).where(eq(chats.id, ((await res.json()) as VoiceChatResult).chat_id));
    expect(chat.viewer_id).toBe(u.principal.visitorId);
  });

  it('takes a token once: a second upload with it is 409, and the provider is not asked again', async () => {
    const v = viewer();
    const { token } = await tokenFor(v.cookie);
    expect((await upload(v.cookie, token, wav(1))).status).toBe(200);
    await expectError(await upload(v.cookie, token, wav(1)), 409, 'voice_token_used');
    // Two at once: one wins.
    const { token: t2 } = await tokenFor(v.cookie);
    const both = await Promise.all([upload(v.cookie, t2, wav(1)), upload(v.cookie, t2, wav(1))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(stt.heard).toHaveLength(2);
  });

  it('refuses a token that is not this caller\'s, altered, missing or expired, before reading the recording', async () => {
    const v = viewer();
    const other = viewer();
    const { token: theirs } = await tokenFor(other.cookie);
    await expectError(await upload(v.cookie, theirs, wav(1)), 403, 'voice_token_invalid');
    const { token } = await tokenFor(v.cookie);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectError(await upload(v.cookie, altered, wav(1)), 403, 'voice_token_invalid');
    await expectError(await upload(v.cookie, null, wav(1)), 403, 'voice_token_invalid');
    await expectError(await upload(v.cookie, 'x'.repeat(5000), wav(1)), 403, 'voice_token_invalid');
    // Made 61 s ago: its minute is over.
    const old = mintAudioToken(v.id, Date.now() - 61_000).token;
    await expectError(await upload(v.cookie, old, wav(1)), 410, 'voice_token_expired');
    // One whose expiry lies further ahead than a token ever lives is not ours.
    const far = mintAudioToken(v.id, Date.now() + 3600_000).token;
    await expectError(await upload(v.cookie, far, wav(1)), 403, 'voice_token_invalid');
    expect(stt.heard).toHaveLength(0);
    // The good token was not spent by any of that.
    expect((await upload(v.cookie, token, wav(1))).status).toBe(200);
  });

  it('answers each bad recording with a 4xx in the one error shape', async () => {
    const v = viewer();
    const fresh = async () => (await tokenFor(v.cookie)).token;
    // Refused before the token is spent: the type and the size.
    const t = await fresh();
    await expectError(await upload(v.cookie, t, 'hello', { type: 'text/plain' }), 415, 'unsupported_audio');
    await expectError(await upload(v.cookie, t, '{"a":1}', { type: 'application/json' }), 415, 'unsupported_audio');
    await expectError(await upload(v.cookie, t, wav(1), { type: 'video/mp4' }), 415, 'unsupported_audio');
    await expectError(await upload(v.cookie, t, Buffer.alloc(AUDIO_MAX_BYTES + 1, 1)), 413, 'audio_too_large');
    await expectError(await upload(v.cookie, t, Buffer.alloc(0)), 422, 'audio_unreadable');
    // Spent, then refused: too long (31 s), not audio at all.
    await expectError(await upload(v.cookie, t, wav(31)), 422, 'audio_too_long');
    await expectError(await upload(v.cookie, await fresh(), Buffer.from('not a recording at all '.repeat(50)), { type: 'audio/webm' }), 422, 'audio_unreadable');
    // A WAV whose header claims 2 s but that holds 40 s is measured by its bytes.
    const lying = wav(40);
    lying.writeUInt32LE(16_000, 40);
    lying.writeUInt32LE(36 + 16_000, 4);
    await expectError(await upload(v.cookie, await fresh(), lying), 422, 'audio_too_long');
    // WAV's other names and a type's parameters are fine.
    expect((await upload(v.cookie, await fresh(), wav(1), { type: 'audio/x-wav' })).status).toBe(200);
    expect((await upload(v.cookie, await fresh(), wav(1), { type: 'audio/wav; codecs=1' })).status).toBe(200);
    expect(stt.heard).toHaveLength(2);
  });

  it('answers a bad query with 422 before anything else', async () => {
    const v = viewer();
    const { token } = await tokenFor(v.cookie);
    for (const query of ['', 'language=french', 'language=english&chat_id=nope', 'language=english&topic=' + 'x'.repeat(101), 'language=english&extra=1']) {
      await expectError(await upload(v.cookie, token, wav(1), { query }), 422, 'validation_failed');
    }
    expect((await upload(v.cookie, token, wav(1))).status).toBe(200);
  });

  it('says so when the provider fails, is slow or answers nonsense (503, Retry-After), or heard nothing (422)', async () => {
    const v = viewer();
    const cases: Array<[typeof stt.answer, number, string]> = [
      [{ status: 500, body: '{"error":"boom"}', delayMs: 0 }, 503, 'transcription_unavailable'],
      [{ status: 200, body: 'not json', delayMs: 0 }, 503, 'transcription_unavailable'],
      [{ status: 200, body: '{"words":"hi"}', delayMs: 0 }, 503, 'transcription_unavailable'],
      [{ status: 200, body: '{"text":"late","language":"en"}', delayMs: 3000 }, 503, 'transcription_unavailable'],
      [{ status: 200, body: '{"text":"   ","language":null}', delayMs: 0 }, 422, 'no_speech'],
    ];
    setEnv({ STT_TIMEOUT_MS: '1000' });
    for (const [answer, status, code] of cases) {
      stt.answer = answer;
      const res = await upload(v.cookie, (await tokenFor(v.cookie)).token, wav(1));
      await expectError(res, status, code);
      if (status === 503) expect(res.headers.get('retry-after')).toBe('30');
    }
  });

  it('cuts a long transcript to the chat\'s 500 characters and drops control characters', async () => {
    const v = viewer();
    stt.answer = { status: 200, body: JSON.stringify({ text: `subsidy\u0007 ${'solar '.repeat(200)}`, language: null }), delayMs: 0 };
    const body = (await (await upload(v.cookie, (await tokenFor(v.cookie)).token, wav(1))).json()) as VoiceChatResult;
    expect(body.transcript.length).toBeLessThanOrEqual(500);
    expect(body.transcript.startsWith('subsidy solar')).toBe(true);
    expect(body.transcript_language).toBeNull();
  });

  it('is a write: a foreign Origin is 403, a caller without a visitor id 401', async () => {
    const v = viewer();
    const { token } = await tokenFor(v.cookie);
    await expectError(await upload(v.cookie, token, wav(1), { headers: { origin: 'https://evil.example' } }), 403, 'origin_not_allowed');
    await expectError(await upload('', token, wav(1)), 401, 'visitor_required');
    expect(stt.heard).toHaveLength(0);
  });

  it('answers 404 voice_unavailable when the provider is gone, even with a token made before', async () => {
    const v = viewer();
    const { token } = await tokenFor(v.cookie);
    setEnv({ STT_URL: undefined });
    await expectError(await upload(v.cookie, token, wav(1)), 404, 'voice_unavailable');
  });

  it('records the spent token as the VOICE_MESSAGE event named by its nonce', async () => {
    const v = viewer();
    const { token } = await tokenFor(v.cookie);
    expect((await upload(v.cookie, token, wav(1))).status).toBe(200);
    const { db } = await getDb();
    const nonce = token.split('.')[1];
    const rows = await db.select().from(events).where(eq(events.ingest_id, serverIngestId(SERVER_EVENTS.voice, nonce)));
    expect(rows).toHaveLength(1);
    expect(rows[0].viewer_id).toBe(v.id);
  });
});

describe('httpSpeechToText', () => {
  it('posts the audio with its type and the language, and reads {text, language}', async () => {
    stt.answer = { status: 200, body: JSON.stringify({ text: '  sabsidi   kitni  milegi ', language: 'hi' }), delayMs: 0 };
    const provider = httpSpeechToText({ url: stt.url, timeoutMs: 2000 });
    const got = await provider.transcribe({ audio: Buffer.from('abc'), mimeType: 'audio/ogg', language: 'hindi' });
    expect(got).toEqual({ text: 'sabsidi kitni milegi', language: 'hi' });
    expect(stt.heard).toEqual([{ contentType: 'audio/ogg', language: 'hindi', bytes: 3, authorization: null }]);
  });

  it('throws SpeechToTextError with a reason and no words for a refused, unreachable or slow provider', async () => {
    stt.answer = { status: 401, body: '{}', delayMs: 0 };
    const provider = httpSpeechToText({ url: stt.url, timeoutMs: 500 });
    const input = { audio: Buffer.from('abc'), mimeType: 'audio/ogg', language: 'english' as const };
    await expect(provider.transcribe(input)).rejects.toEqual(new SpeechToTextError('status 401'));
    stt.answer = { status: 200, body: '{"text":"x"}', delayMs: 2000 };
    await expect(provider.transcribe(input)).rejects.toEqual(new SpeechToTextError('timed out'));
    const closed = httpSpeechToText({ url: 'http://127.0.0.1:9/none', timeoutMs: 500 });
    await expect(closed.transcribe(input)).rejects.toBeInstanceOf(SpeechToTextError);
  });
});
