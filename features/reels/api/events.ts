import type { EVENT_TYPES, EventPush, FeedItem, PLAYER_EVENTS } from '../schemas';
import { flushEvents as flushQueued, setInternetSpeedSource, track } from '@/lib/analytics/event-client';
import type { ClientEventPush, EventType } from '@/lib/analytics/event-types';
import type { FeedEntry } from '../lib/feed-list';
import type { WatchSignal } from '../lib/watch-tracker';
import { useFeedStore } from '../store';

export { isSlowConnection } from '@/lib/analytics/network';

/**
 * The player's event pushes (SPEC.md section 7 "Event pushes"): view,
 * progress and completion go through the one event client of
 * lib/analytics (one queue, 1 s apart, 2.5 s when slow, 5 retries then
 * /api/eventError, kept across reloads, flushed when the page is hidden).
 */

/** The event names of schemas.ts, spelled here so zod stays out of the browser bundle; the type keeps them equal. */
const PLAYER_EVENT_TYPES: typeof PLAYER_EVENTS = {
  view: 'VIDEO_VIEW',
  progress: 'VIDEO_PROGRESS',
  complete: 'VIDEO_COMPLETE',
};

// The browser's copy of the event contract (lib/analytics/event-types.ts) must equal the server's:
// these two lines stop compiling when an event name or a payload field differs.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _contractMatches: [Same<EventType, (typeof EVENT_TYPES)[number]>, Same<ClientEventPush['event_type'], EventPush['event_type']>] = [true, true];

let speedWired = false;

/** Download speed in Mbps from the player's bandwidth estimate; null before the player measured one. */
function playerSpeedMbps(): number | null {
  const bps = useFeedStore.getState().bandwidthEstimate;
  return bps ? bps / 1e6 : null;
}

/** Sends what is waiting right now as keepalive requests (the page is going away). */
export function flushEvents(): void {
  flushQueued();
}

/**
 * Queues one player event for `item`: VIDEO_VIEW after 3 s of playback,
 * carrying the item's `watch_ticket` (the server counts the view only with
 * it), VIDEO_PROGRESS periodically and on leaving, VIDEO_COMPLETE at the end.
 * @param watchedS seconds played in this visit of the reel.
 * @param durationS the video's length, seconds.
 */
export function trackPlayerEvent(signal: WatchSignal, item: FeedItem, watchedS: number, durationS: number): void {
  if (typeof window === 'undefined') return;
  if (!speedWired) {
    speedWired = true;
    setInternetSpeedSource(playerSpeedMbps);
  }
  const clamp = (s: number) => Math.min(24 * 3600, Math.max(0, Math.round(s * 10) / 10));
  const fields = {
    content_id: item.id,
    content_length: clamp(durationS || item.duration),
    content_watched: clamp(watchedS),
    topic_id: item.topic,
    category_id: item.category,
    option_id: item.option,
  };
  track(PLAYER_EVENT_TYPES[signal], signal === 'view' ? { ...fields, watch_ticket: item.watch_ticket } : fields);
  // A TLDR reel watched to its end is a step through the topic's TLDR (SPEC.md section 3 TLDR_PROGRESS).
  if (signal === 'complete' && item.is_tldr) track('TLDR_PROGRESS', fields);
}

/** Interaction names of the feed's own UI (SPEC.md section 3 "Enumerations"). */
export type FeedInteraction = Extract<EventType,
  'SWIPE' | 'SWIPE_BUMP' | 'CLICK_FEED' | 'PROFILE_STACK' | 'CLICK_TLDR' | 'DEEP_DIVE_TOPIC' | 'CATEGORY_OPTION' |
  'BACK_TO_FEED' | 'TOPIC' | 'TLDR_BOARD_FILTER' | 'CHATBOT_ICON_CLICKED' | 'CHATBOT_SWIPED' | 'CALLBACK_BUTTON' | 'SUBSIDY_BUTTON'>;

/** The ids of a reel (or only of a topic) an interaction is about. */
type ItemIds = Partial<Pick<FeedItem, 'id' | 'topic' | 'category' | 'option'>>;

function idsOf(item: ItemIds | null | undefined) {
  if (!item) return {};
  const ids: Record<string, string> = {};
  if (item.id) ids.content_id = item.id;
  if (item.topic) ids.topic_id = item.topic;
  if (item.category) ids.category_id = item.category;
  if (item.option) ids.option_id = item.option;
  return ids;
}

/**
 * Records an interaction with the feed's UI about `item` (its content,
 * topic, category and option ids are sent), with small `metadata` facts
 * (e.g. `{ direction: 'next' }`). Never throws; a no-op on the server.
 */
export function trackFeedItem(type: FeedInteraction, item?: ItemIds | null, metadata?: Record<string, string | number | boolean | null>): void {
  track(type, { ...idsOf(item), ...(metadata ? { metadata } : {}) });
}

/**
 * Records a move away from the feed entry on screen: SWIPE for a reel,
 * CHATBOT_SWIPED for the chat card; SWIPE_BUMP when a forward move was
 * refused at the end of the feed (`bumped`).
 */
export function trackSwipe(from: FeedEntry | undefined, direction: 1 | -1, bumped = false): void {
  const metadata = { direction: direction === 1 ? 'next' : 'previous' };
  if (bumped) trackFeedItem('SWIPE_BUMP', from?.kind === 'reel' ? from.item : null, metadata);
  else if (from?.kind === 'chatbot') trackFeedItem('CHATBOT_SWIPED', null, metadata);
  else trackFeedItem('SWIPE', from?.item, metadata);
}
