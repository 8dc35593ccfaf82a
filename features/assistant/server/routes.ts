import 'server-only';
import { Hono, type Context, type TypedResponse } from 'hono';
import { createMiddleware } from 'hono/factory';
import { stream } from 'hono/streaming';
import type { Principal } from '@/lib/auth/principal';
import type { ApiEnv } from '@/lib/http/app';
import { guards } from '@/lib/http/guards';
import { principal, requireVisitor } from '@/lib/http/principal';
import { rateLimit } from '@/lib/http/rate-limit';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, query } from '@/lib/http/validate';
import { logger } from '@/lib/logger';
import {
  AUDIO_MAX_BYTES, AUDIO_TOKEN_HEADER, audioQuerySchema, chatRequestSchema, multilangSuggestionsQuerySchema,
  suggestionsQuerySchema, type ChatRequest, type ChatResult, type VoiceChatResult,
} from '../schemas';
import type { FindReels } from './answer';
import { prepareChat, type ChatOptions, type PreparedChat } from './chat';
import { speechToTextFromEnv, type SpeechToText, type Transcript } from './speech-to-text';
import { listSuggestions, searchSuggestions } from './suggestions';
import { acceptVoiceUpload, issueAudioToken, transcribeQuestion, voiceUnavailable } from './voice';

/**
 * The assistant's HTTP endpoints (SPEC.md section 7 "Chat"; the socket.io
 * events are in server/chat-socket.ts). Related reels come from the reels
 * feature, which a feature may not import: server/ passes the lookup in.
 */

/** The API family of the assistant (SPEC.md section 7 "Chat"). */
export const chatPrefixes: readonly ApiPrefix[] = ['/recommendation-service/'];

/** What the routes need from outside the feature. */
export interface ChatDeps {
  /** Ready reels of some topics as this caller sees them (the answer's related reels). */
  findReels(principal: Principal, ...args: Parameters<FindReels>): ReturnType<FindReels>;
  /** Chat options for tests and the bench (chunk pacing, model). */
  chat?: Omit<ChatOptions, 'findReels'>;
  /** The speech-to-text provider, asked per request; default speechToTextFromEnv (STT_URL). */
  stt?: () => SpeechToText | null;
}

/** Chat options of one caller: related reels as that caller sees them. */
export function chatOptionsFor(deps: ChatDeps, p: Principal): ChatOptions {
  return { ...deps.chat, findReels: (slugs, lang, limit) => deps.findReels(p, slugs, lang, limit) };
}

/** True when the client asked for the JSON form (`Accept: application/json`). */
function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').toLowerCase().includes('application/json');
}

/**
 * The chat's two answers as the browser's client (Hono `hc`) sees them: the
 * JSON ChatResult, or the streamed `text/plain` answer text.
 */
export type ChatAnswerResponse = TypedResponse<ChatResult, 200, 'json'> | TypedResponse<string, 200, 'text'>;

/**
 * Streams a prepared answer as `text/plain` chunks while it is composed, the
 * chat id in `X-Chat-Id` (and the headers `extra` names).
 */
function streamAnswer(c: Context, prepared: PreparedChat, extra: Record<string, string> = {}): TypedResponse<string, 200, 'text'> {
  c.header('Content-Type', 'text/plain; charset=utf-8');
  // Text a client renders as it streams: never let a browser guess another type.
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  c.header('X-Chat-Id', prepared.chatId);
  for (const [k, v] of Object.entries(extra)) c.header(k, v);
  const streamed = stream(c, async (s) => {
    let aborted = false;
    s.onAbort(() => {
      aborted = true;
    });
    await prepared.run(async (text) => {
      // A client that went away still gets its answer stored; only the writes stop.
      if (!aborted) await s.write(text);
    });
  }, async (err) => {
    // Headers are gone by now: the stream just ends, and the log has why.
    logger().error({ err, chatId: prepared.chatId }, 'streamed chat answer failed');
  });
  // A plain Response to Hono's types; marked as the text it streams, so the client's type keeps the JSON branch too.
  return streamed as unknown as TypedResponse<string, 200, 'text'>;
}

/**
 * The chat answer: with `Accept: application/json` the JSON ChatResult;
 * otherwise the answer as `text/plain` chunks while it is composed, the chat
 * id in `X-Chat-Id`. Who may ask and the rate limits are settled before the
 * first byte, so their errors are still the one error shape.
 */
async function chatResponse(c: Context, p: Principal, clientIp: string, deps: ChatDeps, req: ChatRequest): Promise<ChatAnswerResponse> {
  const prepared = await prepareChat(p, clientIp, req, chatOptionsFor(deps, p));
  if (wantsJson(c)) return c.json<ChatResult, 200>(await prepared.run(), 200);
  return streamAnswer(c, prepared);
}

/** The voice answer's two forms: the JSON VoiceChatResult, or the streamed text with the transcript in headers. */
export type VoiceAnswerResponse = TypedResponse<VoiceChatResult, 200, 'json'> | TypedResponse<string, 200, 'text'>;

/**
 * The answer to a voice question, the chat's way: with `Accept:
 * application/json` the ChatResult plus `transcript` and
 * `transcript_language`; otherwise the streamed text, the transcript
 * (percent-encoded UTF-8) in `X-Transcript` and its language in `X-Transcript-Language`.
 */
async function voiceResponse(
  c: Context, p: Principal, clientIp: string, deps: ChatDeps, req: ChatRequest, heard: Transcript,
): Promise<VoiceAnswerResponse> {
  const prepared = await prepareChat(p, clientIp, req, chatOptionsFor(deps, p));
  if (wantsJson(c)) {
    const result = await prepared.run();
    return c.json<VoiceChatResult, 200>({ ...result, transcript: heard.text, transcript_language: heard.language }, 200);
  }
  return streamAnswer(c, prepared, {
    'X-Transcript': encodeURIComponent(heard.text),
    ...(heard.language ? { 'X-Transcript-Language': encodeURIComponent(heard.language) } : {}),
  });
}

/** Middleware: 404 `voice_unavailable` before anything else when no speech-to-text provider is configured. */
function voiceConfigured(stt: () => SpeechToText | null) {
  return createMiddleware(async (_c, next) => {
    if (!stt()) throw voiceUnavailable();
    await next();
  });
}

/** The assistant's router; `deps` joins it to the reels feature. */
export function chatRoutes(deps: ChatDeps) {
  const stt = deps.stt ?? (() => speechToTextFromEnv());
  return new Hono<ApiEnv>()
    // POST /recommendation-service/api/v1/chat/ - answer a question: JSON ChatResult with Accept: application/json, else streamed text/plain
    // Who may ask and the chat limit are prepareChat's, shared with the socket (server/chat-socket.ts).
    .post('/recommendation-service/api/v1/chat', guards.anyoneWrite({
      elsewhere: 'prepareChat refuses a new visitor and counts `chat` with its 429 in the asker\'s language',
    }), body(chatRequestSchema), (c) =>
      chatResponse(c, c.var.principal, c.var.clientIp, deps, c.req.valid('json')))
    // GET /recommendation-service/api/v1/chat/audio_token - a 60 s, single-use, this-caller-only token for one voice upload
    // (404 voice_unavailable without STT_URL; docs/api/voice.md). Mints nothing stored; counted as `voice`.
    .get('/recommendation-service/api/v1/chat/audio_token', voiceConfigured(stt), principal(), requireVisitor(), rateLimit('voice'), (c) => {
      c.header('cache-control', 'no-store');
      return c.json(issueAudioToken(c.var.principal, stt()));
    })
    // POST /recommendation-service/api/v1/chat/audio?language=&chat_id=&topic= - one recording (webm, ogg, mp4, wav;
    // <= 1 MiB, <= 30 s) with its token in X-Audio-Token: transcribed, then asked as a chat message (counted as `chat` too)
    .post('/recommendation-service/api/v1/chat/audio', guards.visitorWrite('voice', { body: 'any', ownBody: AUDIO_MAX_BYTES }),
      query(audioQuerySchema), async (c) => {
        const provider = stt();
        const upload = await acceptVoiceUpload(c.var.principal, c.req.raw, c.req.header(AUDIO_TOKEN_HEADER), provider);
        const { request, transcript } = await transcribeQuestion(upload, c.req.valid('query'), provider!);
        return voiceResponse(c, c.var.principal, c.var.clientIp, deps, request, transcript);
      })
    // GET /recommendation-service/api/v1/multilang-suggestions?query= - typeahead over the suggested questions of all three languages
    .get('/recommendation-service/api/v1/multilang-suggestions', query(multilangSuggestionsQuerySchema), async (c) => {
      const q = c.req.valid('query');
      return c.json({ suggestions: await searchSuggestions(q.query, q.limit) });
    })
    // GET /recommendation-service/api/v1/suggestions?language= - long-form cards and short-form chips of one language (our addition, the chat screen)
    .get('/recommendation-service/api/v1/suggestions', query(suggestionsQuerySchema), async (c) => {
      const { language } = c.req.valid('query');
      const [long, short] = await Promise.all([listSuggestions(language, 'long'), listSuggestions(language, 'short')]);
      return c.json({ long, short });
    });
}
