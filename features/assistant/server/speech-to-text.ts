import 'server-only';
import { z } from 'zod';
import { env, type Env } from '@/lib/env';
import type { ChatLanguage } from '../schemas';
import { fetchFailureReason } from '@/lib/http/fetch-failure';

/**
 * Server speech-to-text for the assistant's voice input (lib/env.ts
 * STT_URL; docs/api/voice.md): an interface, and one implementation that
 * speaks plain HTTP, so any recogniser (a self-hosted Whisper, a cloud
 * service behind a small adapter) can sit behind it.
 *
 * The HTTP protocol: `POST <STT_URL>?language=<english|hindi|hinglish>`
 * with the recording as the body (`Content-Type` its type: audio/webm,
 * audio/ogg or audio/wav), `Authorization: Bearer <STT_API_KEY>` when set;
 * the answer is JSON `{"text": "...", "language": "..."}` (`language` the
 * language it heard, free text such as `hi` or `en-IN`, or null).
 */

/** One recording to transcribe. */
export interface SpeechInput {
  /** The recording, at most AUDIO_MAX_BYTES (features/assistant/schemas.ts). */
  audio: Buffer;
  /** Its media type without parameters: audio/webm, audio/ogg or audio/wav. */
  mimeType: string;
  /** The chat language the person picked: a hint for the recogniser. */
  language: ChatLanguage;
}

/** What a recogniser heard. */
export interface Transcript {
  /** The words, trimmed; '' when it heard none. */
  text: string;
  /** The language it heard, as it names it (e.g. `hi`), or null when it does not say. */
  language: string | null;
}

/** A speech-to-text provider. */
export interface SpeechToText {
  /**
   * Transcribes one recording.
   * @param signal aborts the call (the caller's time limit).
   * @throws SpeechToTextError when the provider is unreachable, too slow,
   * answers non-2xx or with a body that is not `{text, language}`; the
   * message never holds the audio or the words.
   */
  transcribe(input: SpeechInput, signal?: AbortSignal): Promise<Transcript>;
}

/** A provider failure, with a reason safe to log (a status, a network error code, "timed out"). */
export class SpeechToTextError extends Error {
  constructor(public readonly reason: string) {
    super(`speech-to-text failed: ${reason}`);
    this.name = 'SpeechToTextError';
  }
}

/** Longest transcript kept, characters (a 30 s question is far shorter; a chat message is at most 500). */
const MAX_TRANSCRIPT_CHARS = 2000;

const answerSchema = z.object({
  text: z.string().max(20_000),
  language: z.string().max(40).nullable().optional(),
});

export interface HttpSpeechToTextOptions {
  /** The provider's endpoint (STT_URL). */
  url: string;
  /** Bearer token (STT_API_KEY), if the provider wants one. */
  apiKey?: string;
  /** Longest wait for the whole answer, ms (STT_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * The HTTP provider: one POST of the recording per transcription, no
 * redirects followed, at most `timeoutMs` for the whole answer.
 */
export function httpSpeechToText(opts: HttpSpeechToTextOptions): SpeechToText {
  return {
    async transcribe(input, signal) {
      const url = new URL(opts.url);
      url.searchParams.set('language', input.language);
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': input.mimeType,
            accept: 'application/json',
            ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
          },
          body: new Uint8Array(input.audio),
          redirect: 'error',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        throw new SpeechToTextError(fetchFailureReason(err));
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new SpeechToTextError(`status ${res.status}`);
      }
      let json: unknown;
      try {
        json = await res.json();
      } catch (err) {
        throw new SpeechToTextError(err instanceof SyntaxError ? 'answer is not JSON' : fetchFailureReason(err));
      }
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new SpeechToTextError('answer is not {text, language}');
      return {
        text: parsed.data.text.replace(/\s+/g, ' ').trim().slice(0, MAX_TRANSCRIPT_CHARS),
        language: parsed.data.language ?? null,
      };
    },
  };
}

/**
 * The configured provider (STT_URL, STT_API_KEY, STT_TIMEOUT_MS), or null
 * when STT_URL is unset: then there is no server voice input.
 */
export function speechToTextFromEnv(e: Pick<Env, 'STT_URL' | 'STT_API_KEY' | 'STT_TIMEOUT_MS'> = env()): SpeechToText | null {
  if (!e.STT_URL) return null;
  return httpSpeechToText({ url: e.STT_URL, apiKey: e.STT_API_KEY, timeoutMs: e.STT_TIMEOUT_MS });
}

/** True when a server speech-to-text provider is configured (the pages tell the microphone so). */
export function serverVoiceConfigured(): boolean {
  return Boolean(env().STT_URL);
}
