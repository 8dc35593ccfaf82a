import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { purposeKey } from '@/lib/storage/signing';
import { AUDIO_TOKEN_TTL_S } from '../schemas';

/**
 * Audio tokens (GET /recommendation-service/api/v1/chat/audio_token;
 * docs/api/voice.md): the server's permission for one upload of one voice
 * question, made for one caller and for AUDIO_TOKEN_TTL_S (60 s).
 *
 * A token is `<expiry unix seconds>.<nonce>.<mac>`: a random 128-bit nonce
 * and the first 16 bytes of HMAC-SHA256 under purposeKey('audio-token')
 * (the signing secret's key for this purpose only, as watch tickets and
 * visitor ids have theirs) of `visitorId.expiry.nonce`, both base64url. So
 * a token verifies only for the visitor it was made for (a signed-in user's
 * home visitor), until its expiry, and nobody can make or alter one. That
 * it is used once is the redemption's part (features/assistant/server/voice.ts:
 * the nonce becomes the ingest id of the VOICE_MESSAGE event).
 */

/** Bytes of the HMAC kept (128 bits). */
const MAC_BYTES = 16;
const TOKEN_RE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
/** Longest token text (12 digits, two dots, two 22-character parts). */
export const AUDIO_TOKEN_MAX_CHARS = 58;

function mac(visitorId: string, expS: number, nonce: string): Buffer {
  return createHmac('sha256', purposeKey('audio-token')).update(`${visitorId}.${expS}.${nonce}`).digest().subarray(0, MAC_BYTES);
}

/**
 * A new token for `visitorId`, valid AUDIO_TOKEN_TTL_S seconds from `nowMs`.
 * @returns the token and its expiry (unix seconds).
 * @throws Error when the signing secret is not loaded (lib/storage/signing.ts).
 */
export function mintAudioToken(visitorId: string, nowMs = Date.now()): { token: string; expS: number } {
  const expS = Math.floor(nowMs / 1000) + AUDIO_TOKEN_TTL_S;
  const nonce = randomBytes(16).toString('base64url');
  return { token: `${expS}.${nonce}.${mac(visitorId, expS, nonce).toString('base64url')}`, expS };
}

export type AudioTokenCheck =
  | { ok: true; nonce: string; expS: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a token against the visitor presenting it (constant-time): made
 * by this server, for this visitor, not past its expiry at `nowMs`. A
 * token of another visitor, an altered one, or one whose expiry lies
 * further ahead than a token ever lives is `invalid`.
 */
export function verifyAudioToken(token: string | null | undefined, visitorId: string, nowMs = Date.now()): AudioTokenCheck {
  const m = token ? TOKEN_RE.exec(token) : null;
  if (!m) return { ok: false, reason: 'invalid' };
  const expS = Number(m[1]);
  const given = Buffer.from(m[3], 'base64url');
  const expected = mac(visitorId, expS, m[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const nowS = nowMs / 1000;
  if (expS - nowS > AUDIO_TOKEN_TTL_S + 1) return { ok: false, reason: 'invalid' };
  if (expS <= nowS) return { ok: false, reason: 'expired' };
  return { ok: true, nonce: m[2], expS };
}
