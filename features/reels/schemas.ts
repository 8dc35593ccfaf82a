import { z } from 'zod';
import { EVENT_VERSION, MAX_PAGE } from '@/lib/constants';

/**
 * Shapes shared by the feed API, its fetchers and the player
 * (SPEC.md section 3 "Content item" and "Feed response", section 7).
 */

export const uuidSchema = z.uuid();
export const langSchema = z.enum(['en', 'hi', 'he']);
export type ContentLang = z.infer<typeof langSchema>;

/** Endpoints that take no query (one reel, the popup, the read side's lookups by id). */
export const noQuerySchema = z.strictObject({});
/** GET /feeds-server/api/v1/tldr/topic (v1) takes no parameters. */
export const tldrV1QuerySchema = z.strictObject({});
/** GET /feeds-server/api/v2/tldr/topic: `lang` prefers TLDR reels in that language. */
export const tldrV2QuerySchema = z.strictObject({ lang: langSchema.optional() });
/** GET /uploader-read/api/v1/options query: optionally the options of one category. */
export const optionsQuerySchema = z.strictObject({ category_id: uuidSchema.optional() });

/** GET /feeds-server/api/v1/feeds query. `page` is 1-based (SPEC.md section 4). */
export const feedQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number')
    .min(1, 'page must be at least 1').max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
  topic_id: uuidSchema.optional(),
  category_id: uuidSchema.optional(),
  option_id: uuidSchema.optional(),
  lang: langSchema.optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** One reel as the server sends it (SPEC.md section 3 "Content item, from the server"). */
export interface FeedItem {
  id: string;
  category: string;
  category_name: string;
  option: string;
  option_name: string;
  option_meta: { total_reaction: number };
  topic: string;
  topic_name: string;
  description: string;
  /** Small JPEG thumbnail. */
  pre_signed_url_thumbnail: string;
  /** Full-size poster shown until the first frame (our addition). */
  pre_signed_url_poster: string;
  /** Adaptive master playlist. */
  pre_signed_url_video: string;
  /** Single-rendition playlists for slow networks. */
  pre_signed_url_video_360: string;
  pre_signed_url_video_240: string;
  reaction_count: { comment: number; like: number; views: number };
  user_id: string | null;
  /** True where this viewer liked the reel. */
  like: boolean;
  created_at: string;
  topic_pic: string | null;
  category_pic: string | null;
  option_pic: string | null;
  owner_pic: string | null;
  owner_name: string | null;
  /** Seconds. */
  duration: number;
  lang: ContentLang;
  is_tldr: boolean;
  sources: string[];
  /** This viewer's progress, kept per viewer. */
  watched: boolean;
  vidWatched: boolean;
  /**
   * The server's evidence that it sent this reel to this viewer, and when:
   * `<issue unix seconds>.<HMAC>`, bound to the viewer and the reel. The
   * player sends it back with VIDEO_VIEW; a view counts only when it was
   * issued at least VIEW_THRESHOLD_S (3 s) earlier (features/reels/server/watch-ticket.ts).
   */
  watch_ticket: string;
}

/** A topic's TLDR entry in the feed response and on /tldr. */
export interface TldrEntry {
  topic_id: string;
  topic_name: string;
  topic_slug: string;
  type_tag: 'HOT' | 'FREE';
  topic_pic: string | null;
  content: FeedItem | null;
}

/** GET /feeds-server/api/v1/feeds response (SPEC.md section 3 "Feed response"). */
export interface FeedResponse {
  feeds: FeedItem[];
  tldr: TldrEntry[];
  /** Items on this page. */
  count: number;
  /** Ready reels matching the filters, over all pages. */
  total_length: number;
  /** Index of the first item of this page in the whole feed: (page-1)*10. */
  start_index: number;
  page: number;
  /** True on this viewer's first feed request. */
  firstTime: boolean;
  tags: { ui_config: 'webadbased' | 'topvideos' | 'awardbased' | null };
  partner_configs: { partner_id: string; partner_name: string; button_text: string }[];
  button_configs: {
    image_url: string | null;
    offer_text: string | null;
    quick_offer_text: string | null;
    show_button: boolean;
    unskippable_videos: number;
  };
}

/** POST /uploader/api/v1/like/ and /unlike/ body. */
export const likeBodySchema = z.strictObject({ content_id: uuidSchema });

/** Answer of like/unlike: the reel's counts after the change. */
export interface LikeResult {
  content_id: string;
  like: boolean;
  like_count: number;
  total_reaction: number;
}

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

/** Every event type POST /auth/api/v1/events stores; anything else is a 422. */
export const EVENT_TYPES = [
  PLAYER_EVENTS.view, PLAYER_EVENTS.progress, PLAYER_EVENTS.complete, ...INTERACTION_EVENTS, ...CHATBOT_EVENTS,
  ...AUTH_FAILURE_EVENTS,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Event push envelope (SPEC.md section 7 "Event pushes"). */
export const eventSchema = z.strictObject({
  event_type: z.enum(EVENT_TYPES, { error: 'unknown event type' }),
  version: z.literal(EVENT_VERSION),
  payload: z.object({
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
    error_message: z.string().max(2000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }).loose(),
});
export type EventPush = z.infer<typeof eventSchema>;

/**
 * The fields of a studio upload (SPEC.md section 3 "Post draft"): tus
 * Upload-Metadata or the uploadvideo form. Text values, as both carry them.
 */
export const uploadFieldsSchema = z.object({
  option_id: uuidSchema,
  description: z.string().trim().max(2000, 'description must be at most 2000 characters').default(''),
  lang: langSchema.default('en'),
  is_tldr: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;
