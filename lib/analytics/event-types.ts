/**
 * The event names and push shape the browser sends, spelled without zod so
 * the validation library stays out of the page bundle. They mirror
 * `EVENT_TYPES` and `EventPush` of features/reels/schemas.ts (SPEC.md
 * section 7 "Event pushes"); features/reels/api/events.ts checks at compile
 * time, and its test at run time, that both stay equal.
 */

/** Every event type a client may push (SPEC.md sections 2, 3, 8; the player's three; the attribution pair). */
export const CLIENT_EVENT_TYPES = [
  'VIDEO_VIEW', 'VIDEO_PROGRESS', 'VIDEO_COMPLETE',
  'CALLBACK_BUTTON', 'SUBSIDY_BUTTON', 'SWIPE', 'ADD_TOPIC', 'TOPIC', 'CATEGORY_OPTION', 'TLDR_PROGRESS', 'CLICK_TLDR',
  'CLICK_FEED', 'DEEP_DIVE_TOPIC', 'TLDR_BOARD_FILTER', 'BACK_TO_FEED', 'PROFILE_STACK', 'WELCOME_ALPHA', 'SWIPE_BUMP',
  'CHAT_INITIATED', 'CHATBOT_ICON_CLICKED', 'SUGGESTED_QUESTION', 'RELATED_QUESTION', 'CONTENT_PLAYED', 'NEXT_VIDEO',
  'TAKE_TO_FORM', 'CALL_ME', 'LANGUAGE_CHANGED', 'CHATBOT_SWIPED', 'ERROR_OCCURES',
  'GOOGLE_AUTH_FAILED', 'OTP_INITIATE_FAILED', 'OTP_VALIDATE_FAILED',
  'PARTNER_CONTACT_FAILED',
  'SHARE', 'PAGE_VISIT',
] as const;
export type EventType = (typeof CLIENT_EVENT_TYPES)[number];

/** Campaign codes that count (SPEC.md section 9); any other code is ignored. */
export const CLIENT_CAMPAIGN_CODES = ['awa', 'con', 'dec'] as const;
/** UTM parameters kept with an event: the five standard keys, 200 characters each. */
export const CLIENT_UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** Partner ids are URL slugs: 2-40 lower-case letters, digits and hyphens (partnerIdSchema). */
export const PARTNER_ID_RE = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** Event metadata (SPEC.md section 7). Other keys are kept as sent. */
export interface EventMetadata {
  /** Download speed in Mbps, or null when unknown. */
  internet_speed?: number | null;
  campaign_key?: string | null;
  /** ISO 8601 time the event happened on the device. */
  createdAt?: string;
  path?: string;
  /** The top-N videos experiment id the device is in, or null. */
  top_n_experiment?: string | null;
  view?: 'A' | 'B';
  device_id?: string;
  [key: string]: unknown;
}

/** Payload of an event push (SPEC.md section 7 "Authenticated payload"); unknown keys are kept. */
export interface EventPayload {
  ingest_id?: string;
  content_id?: string;
  /** Seconds. */
  content_length?: number;
  /** Seconds. */
  content_watched?: number;
  watch_ticket?: string;
  device_id?: string;
  topic_id?: string;
  category_id?: string;
  option_id?: string;
  utm_data?: Record<string, string>;
  partner_id?: string | null;
  error_message?: string;
  user_details?: Record<string, unknown>;
  metadata?: EventMetadata;
  [key: string]: unknown;
}

/** The push envelope: event_type, version "1.0.0", payload. */
export interface ClientEventPush {
  event_type: EventType;
  version: '1.0.0';
  payload: EventPayload;
}

// The copy must equal the server's contract: these lines stop compiling when an event name differs.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameEventTypes: Same<EventType, import('../events/contract').EventType> = true;
const _sameCampaignCodes: Same<(typeof CLIENT_CAMPAIGN_CODES)[number], import('../events/contract').CampaignCode> = true;
