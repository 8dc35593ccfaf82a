import 'server-only';
import { getDb } from '@/lib/db/client';
import { SERVER_EVENTS } from '@/lib/events/contract';
import { emitServerEvent } from '@/lib/events/server-events';
import { readBoundedBody } from '@/lib/http/body';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { probeAudio } from '@/lib/media/audio-probe';
import { DURATION_SLACK_S } from '@/lib/media/probe';
import type { Principal } from '@/lib/auth/principal';
import {
  AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS, AUDIO_TOKEN_TTL_S, AUDIO_TYPES, chatRequestSchema,
  type AudioQuery, type AudioTokenAnswer, type AudioType, type ChatRequest,
} from '../schemas';
import { MAX_MESSAGE_CHARS } from '../lib/chat-ui';
import { mintAudioToken, verifyAudioToken } from './audio-token';
import { SpeechToTextError, type SpeechToText, type Transcript } from './speech-to-text';

/**
 * The assistant's voice input on the server (docs/api/voice.md): a token
 * for one upload, then the upload, which is checked, transcribed by the
 * configured provider and asked as a chat message. The routes
 * (./routes.ts) answer with the chat's own answer plus the transcript.
 */

/** The 404 of a server without a speech-to-text provider (STT_URL unset). */
export const voiceUnavailable = () =>
  new ApiError(404, 'voice_unavailable', 'Voice input is not available on this server. Use the browser\'s speech recognition or type the question.');

/**
 * A token for one voice upload by `principal` (SPEC.md section 7
 * chat/audio_token): AUDIO_TOKEN_TTL_S (60 s) life, one use, this caller
 * only, at most AUDIO_MAX_SECONDS (30 s) and AUDIO_MAX_BYTES (1 MiB) of
 * one of AUDIO_TYPES.
 * @param stt the configured provider, or null.
 * @throws ApiError 404 `voice_unavailable` without a provider.
 */
export function issueAudioToken(principal: Principal, stt: SpeechToText | null): AudioTokenAnswer {
  if (!stt) throw voiceUnavailable();
  const { token } = mintAudioToken(principal.visitorId);
  return {
    token, expires_in_s: AUDIO_TOKEN_TTL_S, max_seconds: AUDIO_MAX_SECONDS, max_bytes: AUDIO_MAX_BYTES, types: AUDIO_TYPES,
  };
}

/** Other names browsers and tools give WAV. */
const WAV_ALIASES = new Set(['audio/wave', 'audio/x-wav', 'audio/vnd.wave']);

/**
 * The accepted recording type a Content-Type header names (parameters such
 * as `;codecs=opus` dropped, WAV's other names folded), or null.
 */
export function audioTypeOf(contentType: string | null | undefined): AudioType | null {
  const base = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const type = WAV_ALIASES.has(base) ? 'audio/wav' : base;
  return (AUDIO_TYPES as readonly string[]).includes(type) ? (type as AudioType) : null;
}

const tooLarge = () => new ApiError(413, 'audio_too_large', `A recording is at most ${AUDIO_MAX_BYTES} bytes (${AUDIO_MAX_SECONDS} seconds).`);

/** What an accepted upload holds. */
export interface VoiceUpload {
  audio: Buffer;
  type: AudioType;
  /** Seconds, as probed (lib/media/audio-probe.ts). */
  durationS: number;
}

/**
 * Accepts one voice upload by `principal`, in this order (cheap refusals
 * first; the token is spent only by an upload that could be read):
 * a provider is configured; the token verifies for this caller and has not
 * expired; the type is one of AUDIO_TYPES; the body, read as it streams,
 * is 1..AUDIO_MAX_BYTES bytes; the token is spent (the VOICE_MESSAGE
 * server event whose ingest id is made from the token's nonce: a second
 * upload with it, from any process, finds that row); the recording lasts
 * at most AUDIO_MAX_SECONDS (ffprobe, plus a quarter-second of container slack).
 * @throws ApiError 404 `voice_unavailable`; 403 `voice_token_invalid`
 * (missing, altered, another caller's); 410 `voice_token_expired`; 415
 * `unsupported_audio`; 413 `audio_too_large`; 422 `audio_unreadable`
 * (empty, unreadable, not audio); 409 `voice_token_used`; 422 `audio_too_long`.
 */
export async function acceptVoiceUpload(
  principal: Principal, req: Request, token: string | undefined, stt: SpeechToText | null,
): Promise<VoiceUpload> {
  if (!stt) throw voiceUnavailable();
  const check = verifyAudioToken(token, principal.visitorId);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new ApiError(410, 'voice_token_expired', 'This audio token has expired. Ask for a new one.')
      : new ApiError(403, 'voice_token_invalid', 'This audio token is not valid for this caller.');
  }
  const type = audioTypeOf(req.headers.get('content-type'));
  if (!type) throw new ApiError(415, 'unsupported_audio', `A recording is one of ${AUDIO_TYPES.join(', ')}.`);
  const audio = await readBoundedBody(req, AUDIO_MAX_BYTES, tooLarge);
  if (audio.length === 0) throw new ApiError(422, 'audio_unreadable', 'The recording is empty.');
  const { db } = await getDb();
  const fresh = await emitServerEvent(db, {
    type: SERVER_EVENTS.voice, viewerId: principal.visitorId, userId: principal.userId, ingestKey: check.nonce,
    payload: { bytes: audio.length, type },
  });
  if (!fresh) throw new ApiError(409, 'voice_token_used', 'This audio token was used already. Ask for a new one.');
  const probe = await probeAudio(audio);
  if (probe.durationS > AUDIO_MAX_SECONDS + DURATION_SLACK_S) {
    throw new ApiError(422, 'audio_too_long', `A voice question is at most ${AUDIO_MAX_SECONDS} seconds; this one is ${Math.round(probe.durationS)}.`);
  }
  return { audio, type, durationS: probe.durationS };
}

/** C0 controls but tab and line breaks, and DEL: never part of a chat message. */
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Transcribes an accepted upload and turns what was heard into the chat
 * request it asks (the transcript, controls dropped, cut to the chat's 500
 * characters; the query's language, chat and topic).
 * @throws ApiError 503 `transcription_unavailable` (Retry-After 30 s) when
 * the provider fails or is slow (logged with the reason only: never the
 * audio or the words); 422 `no_speech` when it heard nothing.
 */
export async function transcribeQuestion(
  upload: VoiceUpload, q: AudioQuery, stt: SpeechToText,
): Promise<{ request: ChatRequest; transcript: Transcript }> {
  let heard: Transcript;
  try {
    heard = await stt.transcribe({ audio: upload.audio, mimeType: upload.type, language: q.language });
  } catch (err) {
    const reason = err instanceof SpeechToTextError ? err.reason : err instanceof Error ? err.name : 'unknown error';
    logger().warn({ reason, bytes: upload.audio.length, durationS: Math.round(upload.durationS) }, 'speech-to-text failed');
    throw new ApiError(503, 'transcription_unavailable', 'Voice input is not working just now. Please try again in a minute or type the question.', { retryAfterS: 30 });
  }
  const text = heard.text.replace(CONTROL_RE, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_MESSAGE_CHARS).trim();
  const parsed = chatRequestSchema.safeParse({ message: text, language: q.language, chat_id: q.chat_id, topic: q.topic });
  if (!text || !parsed.success) throw new ApiError(422, 'no_speech', 'No question was heard in the recording.');
  return { request: parsed.data, transcript: { text, language: heard.language } };
}
