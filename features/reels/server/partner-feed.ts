import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { partners, partnerTopics } from '@/lib/db/schema';
import { partnerNotFound } from '@/lib/http/shared-errors';
import type { FeedResponse } from '../schemas';
import { partnerMode, type PartnerModeSpec, type PartnerUiMode } from '../lib/partner-modes';
import { cachedShared } from './feed-cache';

/**
 * What a partner's feed needs of its partner (SPEC.md section 3 "Feed
 * response": tags.ui_config, partner_configs, button_configs; section 9:
 * unskippable_videos default 0), read from the `partners` table (the
 * partner's admin and endpoints are features/partners). Cached with the
 * feed's shared entries, so `invalidateFeedCache` (called after every
 * partner write) drops it at once.
 */

/** The feed response's partner fields. */
export type FeedConfigs = Pick<FeedResponse, 'tags' | 'partner_configs' | 'button_configs'>;

/** Partner and button configs of a feed without a partner: the defaults of SPEC.md section 9. */
export const DEFAULT_FEED_CONFIGS: FeedConfigs = {
  tags: { ui_config: null },
  partner_configs: [],
  button_configs: { image_url: null, offer_text: null, quick_offer_text: null, show_button: false, unskippable_videos: 0 },
};

/** A partner as its feed uses it. */
export interface PartnerFeed {
  id: string;
  configs: FeedConfigs;
  /** The partner's topics in its order; [] = every topic. */
  topicIds: string[];
  mode: PartnerModeSpec;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The active partner `id` for its feed, cached with the feed's shared
 * entries.
 * @throws ApiError 404 `partner_not_found` for an unknown or inactive partner.
 */
export async function partnerFeed(db: Db, id: string): Promise<PartnerFeed> {
  const p = await cachedShared(db, `partner:${id}`, async (): Promise<PartnerFeed | null> => {
    const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
    if (!row || !row.active) return null;
    const topicRows = await db.select({ id: partnerTopics.topic_id }).from(partnerTopics)
      .where(eq(partnerTopics.partner_id, id)).orderBy(asc(partnerTopics.position), asc(partnerTopics.topic_id));
    const b = row.button_configs as Record<string, unknown>;
    const unskippable = typeof b.unskippable_videos === 'number' && Number.isInteger(b.unskippable_videos)
      ? Math.min(10, Math.max(0, b.unskippable_videos)) : 0;
    const uiConfig = (row.ui_config as PartnerUiMode | null) ?? null;
    return {
      id: row.id,
      configs: {
        tags: { ui_config: uiConfig },
        partner_configs: [{ partner_id: row.id, partner_name: row.name, button_text: row.button_text || row.cta_text }],
        button_configs: {
          image_url: str(b.image_url),
          offer_text: str(b.offer_text),
          quick_offer_text: str(b.quick_offer_text),
          show_button: typeof b.show_button === 'boolean' ? b.show_button : true,
          unskippable_videos: unskippable,
        },
      },
      topicIds: topicRows.map((r) => r.id),
      mode: partnerMode(uiConfig),
    };
  });
  if (!p) throw partnerNotFound();
  return p;
}
