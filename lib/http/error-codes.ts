import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Every `code` of the API's one error shape (`{"error":{"code","message"}}`)
 * with the HTTP status it answers with: the closed set the server may send
 * and the UI translates as `errors.<code>` in messages/{en,hi,he}.json (a unit
 * test checks all three). Codes are snake_case and never change once on the
 * wire (SPEC.md section 8, docs/api/*.md name them).
 *
 * A call that needs another status passes its own (documented in docs/api):
 * `upload_limit` is 413 when the bytes, not the count, of unfinished uploads
 * are over the limit; `topic_not_found` is 422 when it names an unknown topic
 * inside a partner's body.
 */
export const API_ERROR_STATUS = {
  // 400: the request itself cannot be read
  bad_request: 400,
  invalid_json: 400,
  // 401: who is asking is not known or not proven
  unauthorized: 401,
  login_required: 401,
  visitor_required: 401,
  otp_invalid: 401,
  invalid_google_token: 401,
  // 403: known, but not allowed
  forbidden: 403,
  origin_not_allowed: 403,
  customers_only: 403,
  media_url_invalid: 403,
  media_url_expired: 403,
  voice_token_invalid: 403,
  link_invalid: 403,
  // 404: no such thing
  not_found: 404,
  content_not_found: 404,
  topic_not_found: 404,
  category_not_found: 404,
  option_not_found: 404,
  partner_not_found: 404,
  user_not_found: 404,
  otp_request_not_found: 404,
  google_signin_disabled: 404,
  voice_unavailable: 404,
  // 405
  method_not_allowed: 405,
  // 409: the state of things does not allow it (now)
  conflict: 409,
  already_referred: 409,
  invalid_transition: 409,
  not_scratchable: 409,
  not_claimable: 409,
  already_claimed: 409,
  claim_key_used: 409,
  url_id_taken: 409,
  username_taken: 409,
  email_taken: 409,
  phone_in_use: 409,
  google_in_use: 409,
  partner_exists: 409,
  not_ready: 409,
  duplicate_video: 409,
  voice_token_used: 409,
  // 410: it was there and is gone
  otp_expired: 410,
  request_expired: 410,
  voice_token_expired: 410,
  link_expired: 410,
  // 413: too large
  payload_too_large: 413,
  file_too_large: 413,
  contacts_file_too_large: 413,
  image_too_large: 413,
  audio_too_large: 413,
  // 415: not a kind of body accepted here
  unsupported_media_type: 415,
  unsupported_contacts_file: 415,
  unsupported_image: 415,
  unsupported_audio: 415,
  // 421
  host_not_allowed: 421,
  // 422: readable, but not valid
  validation_failed: 422,
  idempotency_key_reused: 422,
  invalid_phone: 422,
  terms_required: 422,
  cannot_follow_self: 422,
  self_referral: 422,
  invalid_vpa: 422,
  google_token_invalid: 422,
  invalid_file: 422,
  csv_columns_missing: 422,
  too_many_contacts: 422,
  slot_unavailable: 422,
  content_not_approved: 422,
  file_unreadable: 422,
  invalid_image: 422,
  image_dimensions_too_large: 422,
  no_video_stream: 422,
  video_too_long: 422,
  audio_too_long: 422,
  audio_unreadable: 422,
  no_speech: 422,
  // 429: too many, too soon (a Retry-After header says how long to wait)
  rate_limited: 429,
  too_many_requests: 429,
  otp_send_limit: 429,
  otp_locked: 429,
  otp_resend_wait: 429,
  referral_velocity: 429,
  reminder_too_soon: 429,
  upload_limit: 429,
  // 5xx
  internal_error: 500,
  google_contacts_unavailable: 502,
  google_unavailable: 503,
  sms_unavailable: 503,
  transcription_unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

/** A code the server answers with (a key of API_ERROR_STATUS). */
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/**
 * Codes the browser's API client makes itself when no answer came (status 0
 * on its HttpError): the time limit passed, the caller aborted, or the
 * network failed (offline).
 */
export const CLIENT_ERROR_CODES = ['timeout', 'aborted', 'network_error'] as const;

/** A code the client makes itself (see CLIENT_ERROR_CODES). */
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every error code the interface may have to show: the server's and the client's. */
export type ErrorCode = ApiErrorCode | ClientErrorCode;

/** All members of ErrorCode, server codes first (the translation test iterates this). */
export const ERROR_CODES: readonly ErrorCode[] = [
  ...(Object.keys(API_ERROR_STATUS) as ApiErrorCode[]),
  ...CLIENT_ERROR_CODES,
];

const MEMBERS: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is one of the closed set of error codes (a code off the wire is only a string). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && MEMBERS.has(value);
}

/** Whether `value` is a code the server answers with. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_STATUS, value);
}

/** The HTTP status `code` answers with unless its call passes another. */
export function statusOf(code: ApiErrorCode): ContentfulStatusCode {
  return API_ERROR_STATUS[code];
}
