import type { InferResponseType } from 'hono/client';
import { apiClient } from '@/lib/http/client';
import { AUDIO_TOKEN_HEADER, type AudioQuery, type AudioTokenAnswer } from '../schemas';
import type { chatRoutes } from '../server/routes';

/**
 * The voice input's HTTP calls (docs/api/voice.md): a token for one
 * upload, then the upload, whose answer is the chat's own plus what was
 * heard. Typed by the server's router through Hono's `hc`.
 */

const api = apiClient<ReturnType<typeof chatRoutes>>();
const chat = api['recommendation-service'].api.v1.chat;

/** POST chat/audio answer with Accept: application/json: the ChatResult, `transcript` and `transcript_language`. */
export type VoiceAnswer = Exclude<InferResponseType<typeof chat.audio.$post, 200>, string>;

/**
 * GET /recommendation-service/api/v1/chat/audio_token: a 60 s token for
 * one recording of at most `max_seconds` and `max_bytes`.
 * @throws HttpError 404 `voice_unavailable` (no server speech-to-text: use
 * the browser's), 401 `visitor_required`, 429 `rate_limited`.
 */
export async function getAudioToken(signal?: AbortSignal): Promise<AudioTokenAnswer> {
  return (await chat.audio_token.$get(undefined, { init: { signal } })).json();
}

/**
 * POST /recommendation-service/api/v1/chat/audio: sends `recording` with
 * its `token`; the server transcribes it and asks it in `q.language`.
 * @throws HttpError 403 `voice_token_invalid`, 410 `voice_token_expired`,
 * 409 `voice_token_used`, 413 `audio_too_large`, 415 `unsupported_audio`,
 * 422 `audio_too_long` / `audio_unreadable` / `no_speech`, 429
 * `rate_limited`, 503 `transcription_unavailable`.
 */
export async function postVoiceQuestion(token: string, recording: Blob, q: AudioQuery, signal?: AbortSignal): Promise<VoiceAnswer> {
  const query = { language: q.language, ...(q.chat_id ? { chat_id: q.chat_id } : {}), ...(q.topic ? { topic: q.topic } : {}) };
  const res = await chat.audio.$post({ query }, {
    init: {
      body: recording,
      headers: { 'Content-Type': recording.type || 'audio/webm', [AUDIO_TOKEN_HEADER]: token },
      signal,
    },
  });
  return res.json() as Promise<VoiceAnswer>;
}
