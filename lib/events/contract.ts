import { z } from 'zod';
import { EVENT_VERSION } from '@/lib/constants';

/**
 * The event contract (SPEC.md section 7 "Event pushes"): the push envelope,
 * its bounds, the event names the server stores, campaign codes, UTM keys
 * and partner ids. It lives below the features because several use it: the
 * reels feature (player events), the event pipeline (features/events), the
 * features that emit server events (leads, referrals) and the browser's
 * event client (lib/analytics mirrors it without zod).
 * features/reels/schemas.ts re-exports it.
 */

const uuidSchema = z.uuid();

/**
 * Largest event payload, bytes of its JSON (UTF-8); a larger one is a 413.
 * The envelope adds little, so the body's own limit is 1 KB more.
 */
export const EVENT_PAYLOAD_MAX_BYTES = 8 * 1024;
/**
 * The JSON guard's limits of an event push body: the envelope is depth 1,
 * `payload` 2, `payload.metadata` 3, so a metadata value may nest 3 more levels.
 */
export const EVENT_BODY_LIMITS = { maxBytes: EVENT_PAYLOAD_MAX_BYTES + 1024, maxDepth: 6, maxNodes: 200 } as const;

/** Event types the player sends: a view (with its watch ticket), progress every few seconds, completion. */
export const PLAYER_EVENTS = {
  view: 'VIDEO_VIEW',
  progress: 'VIDEO_PROGRESS',
  complete: 'VIDEO_COMPLETE',
} as const;

/**
 * Interaction names of SPEC.md section 3 "Enumerations". `{product}_BUTTON`
 * is spelled out for the products this app offers (the callback and the
 * subsidy forms); a new product adds its name here.
 */
export const INTERACTION_EVENTS = [
  'CALLBACK_BUTTON', 'SUBSIDY_BUTTON', 'SWIPE', 'ADD_TOPIC', 'TOPIC', 'CATEGORY_OPTION', 'TLDR_PROGRESS', 'CLICK_TLDR',
  'CLICK_FEED', 'DEEP_DIVE_TOPIC', 'TLDR_BOARD_FILTER', 'BACK_TO_FEED', 'PROFILE_STACK', 'WELCOME_ALPHA', 'SWIPE_BUMP',
] as const;

/**
 * Chatbot events of SPEC.md section 2 that say what a person did or met
 * (ERROR_OCCURES keeps the spec's spelling). The section's other entries
 * (scrolling, the close button, iframe and socket states, the listen
 * animation) are signals between the chat and its page, not events to keep.
 */
export const CHATBOT_EVENTS = [
  'CHAT_INITIATED', 'CHATBOT_ICON_CLICKED', 'SUGGESTED_QUESTION', 'RELATED_QUESTION', 'CONTENT_PLAYED', 'NEXT_VIDEO',
  'TAKE_TO_FORM', 'CALL_ME', 'LANGUAGE_CHANGED', 'CHATBOT_SWIPED', 'ERROR_OCCURES',
] as const;

/**
 * Tracked failures of SPEC.md section 8 that sign-in meets: Google auth
 * failed, OTP initiate failed, OTP validate failed.
 */
export const AUTH_FAILURE_EVENTS = ['GOOGLE_AUTH_FAILED', 'OTP_INITIATE_FAILED', 'OTP_VALIDATE_FAILED'] as const;

/** SPEC.md section 8 "partner contact failed": a partner's form could not be sent (features/partners). */
export const PARTNER_FAILURE_EVENTS = ['PARTNER_CONTACT_FAILED'] as const;

/**
 * Attribution events the pages send: a share made (the share sheet, a
 * copied link) and a visit that arrived through a shared or partner link or
 * with UTM parameters. They feed the share and visit stages of the funnel.
 */
export const ATTRIBUTION_EVENTS = ['SHARE', 'PAGE_VISIT'] as const;

/** Every event type the event endpoints store; anything else is a 422. */
export const EVENT_TYPES = [
  PLAYER_EVENTS.view, PLAYER_EVENTS.progress, PLAYER_EVENTS.complete, ...INTERACTION_EVENTS, ...CHATBOT_EVENTS,
  ...AUTH_FAILURE_EVENTS, ...PARTNER_FAILURE_EVENTS, ...ATTRIBUTION_EVENTS,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Events only the server writes (never accepted from a client), for the
 * sign-in, lead and deal stages of the funnel.
 */
export const SERVER_EVENTS = {
  signIn: 'SIGN_IN', lead: 'LEAD_CREATED', deal: 'DEAL_DONE',
  /**
   * A voice message was asked (features/assistant/server/voice.ts): its
   * ingest id is made from the audio token's nonce, so the unique ingest id
   * is what makes a token single use across every web process.
   */
  voice: 'VOICE_MESSAGE',
} as const;

/**
 * The client's session pings (POST /auth/api/v1/session_event; SPEC.md
 * section 7 "session_event", section 9 "session refresh id"): a start when
 * the page opens, a heartbeat every 60 s while the page is visible
 * (lib/constants.ts SESSION_HEARTBEAT_S), an end when it is hidden for good
 * (pagehide). Stored in the events table like any push, but only through
 * their own endpoint (they are not in EVENT_TYPES), and read by the staff
 * insights (sessions per day, time per session).
 */
export const SESSION_EVENTS = { start: 'SESSION_START', heartbeat: 'SESSION_HEARTBEAT', end: 'SESSION_END' } as const;
export type SessionEventType = (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];

/** A session refresh id: 10 letters and digits (SPEC.md section 9; lib/http/client.ts getSessionId). */
export const SESSION_ID_RE = /^[0-9A-Za-z]{10}$/;

/** Campaign codes that count (SPEC.md section 9); any other code is dropped at ingest and logged. */
export const CAMPAIGN_CODES = ['awa', 'con', 'dec'] as const;
export type CampaignCode = (typeof CAMPAIGN_CODES)[number];

/** UTM parameters kept with an event: the five standard keys, 200 characters each. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** Partner ids are URL slugs: 2-40 lower-case letters, digits and hyphens. */
export const partnerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'partner id: 2-40 lower-case letters, digits or hyphens');

/**
 * Event metadata (SPEC.md section 7): speed, campaign, time, path, the
 * experiments and A/B view of the device. Other keys are kept as sent.
 */
export const eventMetadataSchema = z.object({
  /** Download speed in Mbps, or null when unknown. */
  internet_speed: z.number().min(0).max(10_000).nullable().optional(),
  campaign_key: z.string().max(40).nullable().optional(),
  /** ISO 8601 time the event happened on the device. */
  createdAt: z.string().max(40).optional(),
  path: z.string().max(500).optional(),
  /** The top-N videos experiment id the device is in, or null. */
  top_n_experiment: z.string().max(40).nullable().optional(),
  /** A/B view of the device. */
  view: z.enum(['A', 'B']).optional(),
  device_id: z.string().max(64).optional(),
}).loose();

/** Event push envelope (SPEC.md section 7 "Event pushes"). */
export const eventSchema = z.strictObject({
  event_type: z.enum(EVENT_TYPES, { error: 'unknown event type' }),
  version: z.literal(EVENT_VERSION),
  payload: z.object({
    /** The client's idempotency key: the same push twice is stored once. The server makes one when it is missing. */
    ingest_id: uuidSchema.optional(),
    content_id: uuidSchema.optional(),
    content_length: z.number().min(0).max(24 * 3600).optional(),
    content_watched: z.number().min(0).max(24 * 3600).optional(),
    /** VIDEO_VIEW: the `watch_ticket` of the item the feed sent. */
    watch_ticket: z.string().max(64).optional(),
    device_id: z.string().max(64).optional(),
    topic_id: uuidSchema.optional(),
    category_id: uuidSchema.optional(),
    option_id: uuidSchema.optional(),
    utm_data: z.record(z.string(), z.string().max(200)).optional(),
    partner_id: partnerIdSchema.nullable().optional(),
    error_message: z.string().max(2000).optional(),
    user_details: z.record(z.string(), z.unknown()).optional(),
    metadata: eventMetadataSchema.optional(),
  }).loose(),
});
export type EventPush = z.infer<typeof eventSchema>;
