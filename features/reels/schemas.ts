import { z } from 'zod';
import { partnerIdSchema as contractPartnerId } from '@/lib/events/contract';
import { MAX_PAGE } from '@/lib/constants';

/**
 * Shapes shared by the feed API, its fetchers and the player
 * (SPEC.md section 3 "Content item" and "Feed response", section 7).
 */

export const uuidSchema = z.uuid();
export const langSchema = z.enum(['en', 'hi', 'he']);
export type ContentLang = z.infer<typeof langSchema>;
/**
 * The feed's language: one reel language, or `all` (every language, a reel
 * never followed by the same question in another language). Without it the
 * server picks one (features/reels/server/feed-language.ts).
 */
export const feedLangSchema = z.enum(['en', 'hi', 'he', 'all']);
export type FeedLang = z.infer<typeof feedLangSchema>;

/** Endpoints that take no query (one reel, the popup, the read side's lookups by id). */
export const noQuerySchema = z.strictObject({});
/** GET /feeds-server/api/v1/tldr/topic (v1) takes no parameters. */
export const tldrV1QuerySchema = z.strictObject({});
/** GET /feeds-server/api/v2/tldr/topic: `lang` prefers TLDR reels in that language. */
export const tldrV2QuerySchema = z.strictObject({ lang: langSchema.optional() });
/** GET /feeds-server/api/v1/popup/tldr/{id}: `lang` prefers the summary in that language (default: the interface language). */
export const popupTldrQuerySchema = z.strictObject({ lang: langSchema.optional() });
/** GET /uploader-read/api/v1/options query: optionally the options of one category. */
export const optionsQuerySchema = z.strictObject({ category_id: uuidSchema.optional() });

/** GET /feeds-server/api/v1/feeds query. `page` is 1-based (SPEC.md section 4). */
export const feedQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number')
    .min(1, 'page must be at least 1').max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
  topic_id: uuidSchema.optional(),
  category_id: uuidSchema.optional(),
  option_id: uuidSchema.optional(),
  lang: feedLangSchema.optional(),
  /** A partner's feed (SPEC.md section 3 "Feed response" partner fields); 404 partner_not_found when unknown. */
  partner_id: contractPartnerId.optional(),
  /** The top-N videos experiment id of the device (docs/decisions/012); an id not configured is ignored. */
  top_n: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'top_n: an experiment id').optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** One reel as the server sends it (SPEC.md section 3 "Content item, from the server"). */
export interface FeedItem {
  id: string;
  /** The reel's short, stable share slug: /share/<share_slug> (content_items.share_slug). */
  share_slug: string;
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
  /** The language this feed is in: the `lang` asked for, else the one the server chose for this person. */
  feed_lang: FeedLang;
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

/** Longest search query, characters (code points). */
export const SEARCH_QUERY_MAX = 200;

/**
 * GET /feeds-server/api/v1/search query (docs/decisions/031-search.md):
 * `q` the words typed (not blank, at most SEARCH_QUERY_MAX characters, no
 * NUL), `lang` the language whose reels come first and in which names and
 * questions are written (default: the feed's language rule,
 * features/reels/server/feed-language.ts), `page` 1-based, 10 per page as
 * the feed (SPEC.md section 4). Anything else is a 422 naming the field.
 */
export const searchQuerySchema = z.strictObject({
  q: z.string({ error: 'q is required' })
    .refine((v) => !v.includes('\0'), 'q must not contain a NUL character')
    .refine((v) => v.trim() !== '', 'q must not be empty')
    .refine((v) => [...v].length <= SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`),
  lang: z.enum(['en', 'hi', 'he'], { error: 'lang must be one of en, hi, he' }).optional(),
  page: feedQuerySchema.shape.page,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One reel as the server sends it, the FeedItem interface as a schema (the
 * search's answer is checked against it in tests; a drift from FeedItem is
 * a type error below).
 */
export const feedItemSchema = z.strictObject({
  id: z.string(), share_slug: z.string(),
  category: z.string(), category_name: z.string(),
  option: z.string(), option_name: z.string(), option_meta: z.strictObject({ total_reaction: z.number() }),
  topic: z.string(), topic_name: z.string(),
  description: z.string(),
  pre_signed_url_thumbnail: z.string(), pre_signed_url_poster: z.string(), pre_signed_url_video: z.string(),
  pre_signed_url_video_360: z.string(), pre_signed_url_video_240: z.string(),
  reaction_count: z.strictObject({ comment: z.number(), like: z.number(), views: z.number() }),
  user_id: z.string().nullable(), like: z.boolean(), created_at: z.string(),
  topic_pic: z.string().nullable(), category_pic: z.string().nullable(), option_pic: z.string().nullable(),
  owner_pic: z.string().nullable(), owner_name: z.string().nullable(),
  duration: z.number(), lang: langSchema, is_tldr: z.boolean(), sources: z.array(z.string()),
  watched: z.boolean(), vidWatched: z.boolean(), watch_ticket: z.string(),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only while feedItemSchema describes exactly FeedItem. */
export const FEED_ITEM_SCHEMA_MATCHES: Same<z.infer<typeof feedItemSchema>, FeedItem> = true;

/** A topic found by the search: its name in the asked language, its picture if it has one. */
export const searchTopicSchema = z.strictObject({
  id: z.string(), slug: z.string(), name: z.string(), pic: z.string().nullable(),
});
export type SearchTopic = z.infer<typeof searchTopicSchema>;

/**
 * GET /feeds-server/api/v1/search answer: one page (at most 10 each) of
 * reels (feed items, playable as the feed's), topics and suggested
 * questions (in `lang`); `has_more` when page + 1 has any of them; `lang`
 * the language the results are ordered and named by.
 */
export const searchResponseSchema = z.strictObject({
  reels: z.array(feedItemSchema),
  topics: z.array(searchTopicSchema),
  questions: z.array(z.string()),
  page: z.number().int().min(1),
  has_more: z.boolean(),
  lang: langSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** POST /uploader/api/v1/like/ and /unlike/ body. */
export const likeBodySchema = z.strictObject({ content_id: uuidSchema });

/** Answer of like/unlike: the reel's counts after the change. */
export interface LikeResult {
  content_id: string;
  like: boolean;
  like_count: number;
  total_reaction: number;
}

/*
 * The event contract (envelope, bounds, event names, campaign codes, UTM keys,
 * partner ids) lives in lib/events/contract.ts, below the features that share it.
 */
export {
  EVENT_PAYLOAD_MAX_BYTES, EVENT_BODY_LIMITS, PLAYER_EVENTS, INTERACTION_EVENTS, CHATBOT_EVENTS, AUTH_FAILURE_EVENTS,
  ATTRIBUTION_EVENTS, EVENT_TYPES, SERVER_EVENTS, CAMPAIGN_CODES, UTM_KEYS, partnerIdSchema, eventMetadataSchema, eventSchema,
} from '@/lib/events/contract';
export type { EventType, CampaignCode, EventPush } from '@/lib/events/contract';

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
