/**
 * The spec's business constants, each with the SPEC.md section it comes from.
 * Values that an operator may change live in `lib/env.ts` instead.
 */

/** Items per feed page. SPEC.md section 4 "Paging" and section 9. */
export const PAGE_SIZE = 10;
/** Highest page number the feed API accepts; larger values are a client error (422). */
export const MAX_PAGE = 100_000;
/** Main API client timeout, ms. SPEC.md section 7 and 9. */
export const API_TIMEOUT_MS = 120_000;
/** Logging client timeout, ms. SPEC.md section 9. */
export const LOG_API_TIMEOUT_MS = 10_000;
/** Largest accepted upload, bytes (200 MB). SPEC.md section 5 and 9. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
/** Chat messages and suggestions kept across a reload. SPEC.md section 4 and 9. */
export const CHAT_PERSIST_COUNT = 8;
/** Event queue spacing, ms, normal and slow network. SPEC.md section 7 and 9. */
export const EVENT_QUEUE_DELAY_MS = 1000;
export const EVENT_QUEUE_SLOW_DELAY_MS = 2500;
/** Re-queues of a failed event push before an error log. SPEC.md section 7. */
export const EVENT_MAX_RETRIES = 5;
/** Length of random alphanumeric ids: device (viewer) id and session refresh id. SPEC.md section 9. */
export const DEVICE_ID_LENGTH = 20;
export const SESSION_REFRESH_ID_LENGTH = 10;
/**
 * Seconds between two session heartbeats of a visible page (POST
 * /auth/api/v1/session_event; the session refresh id of SPEC.md section 9).
 */
export const SESSION_HEARTBEAT_S = 60;
/**
 * The longest pause between two session pings that still counts as time
 * spent, seconds: two heartbeats, so one lost ping costs nothing, while a
 * page hidden for longer (no heartbeats) adds nothing.
 */
export const SESSION_GAP_MAX_S = 2 * SESSION_HEARTBEAT_S;
/** Default text truncation, characters, before "more". SPEC.md section 9. */
export const TRUNCATE_CHARS = 30;
/** Playback before a view counts, seconds: a watch ticket is redeemable this long after it was issued. */
export const VIEW_THRESHOLD_S = 3;
/** Largest JSON body the API reads, bytes; larger is a 413 (lib/http/json-guard.ts). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** Event push envelope version. SPEC.md section 7 "Event pushes". */
export const EVENT_VERSION = '1.0.0';
/** Cookie that carries the anonymous viewer id (httpOnly). SPEC.md section 9 device id. */
export const VIEWER_COOKIE = 'sr_vid';
/** Cookie that carries the interface language. SPEC.md section 4 "Language", persisted. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** UI locales: en (default), hi (Devanagari), he (Hinglish). SPEC.md section 3 enumerations. */
export const LOCALES = ['en', 'hi', 'he'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** HLS ladder: short-side heights. ARCHITECTURE.md decision 5. */
export const HLS_RENDITIONS = [240, 360, 720] as const;
/** Target HLS segment length, seconds. ARCHITECTURE.md decision 5. */
export const HLS_SEGMENT_S = 2;
