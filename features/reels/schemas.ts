import { z } from 'zod';
import { EVENT_VERSION, MAX_PAGE } from '@/lib/constants';

/**
 * Shapes shared by the feed API, its fetchers and the player
 * (SPEC.md section 3 "Content item" and "Feed response", section 7).
 */

export const uuidSchema = z.uuid();
export const langSchema = z.enum(['en', 'hi', 'he']);
export type ContentLang = z.infer<typeof langSchema>;

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
 * Bounds of an event push body (the JSON guard's limits): the payload itself
 * is at most EVENT_PAYLOAD_MAX_BYTES, the envelope adds little.
 */
export const EVENT_PAYLOAD_MAX_BYTES = 8 * 1024;
export const EVENT_BODY_LIMITS = { maxBytes: EVENT_PAYLOAD_MAX_BYTES + 1024, maxDepth: 6, maxNodes: 200 } as const;

/** Event push envelope (SPEC.md section 7 "Event pushes"). */
export const eventSchema = z.strictObject({
  event_type: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'event_type must be 1-64 letters, digits or _.:-'),
  version: z.literal(EVENT_VERSION),
  payload: z.object({
    content_id: uuidSchema.optional(),
    content_length: z.number().min(0).max(24 * 3600).optional(),
    content_watched: z.number().min(0).max(24 * 3600).optional(),
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

/** Event types the player sends (issue "Reels end to end": views after 3 s, watched, vidWatched). */
export const PLAYER_EVENTS = {
  view: 'VIDEO_VIEW',
  progress: 'VIDEO_PROGRESS',
  complete: 'VIDEO_COMPLETE',
} as const;
