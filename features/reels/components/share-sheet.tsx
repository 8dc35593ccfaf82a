'use client';

import { useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { preloadSheet } from '@/components/ui/sheet';
import { onDemand } from '@/components/ui/on-demand';
import { ShareIcon } from '@/components/ui/icons';
import { attribution } from '@/lib/analytics/attribution';
import { track } from '@/lib/analytics/event-client';
import { apiFetch, HttpError } from '@/lib/http/client';
import type { FeedItem } from '../schemas';
import { truncateText } from '../lib/text';
import type { ShareSheetProps } from './share-sheet-panel';

/**
 * Sharing a reel (SPEC.md section 2 "/share/[slug]"; docs/decisions/014-share-previews.md):
 * links to the reel's share page, which previews well in WhatsApp and
 * Telegram, carrying attribution in the query only (the page's canonical
 * URL and tags ignore it): the sharer's referral code when signed in, UTM
 * source/medium/campaign and the sharer's own valid campaign code. Each
 * share is a SHARE event with the channel.
 */

/** Where a link was shared: the sheet's buttons, or the system share sheet (Web Share API). */
export type ShareChannel = 'whatsapp' | 'telegram' | 'copy' | 'native';

/** Campaign codes that count (SPEC.md section 9); others are not passed on. */
const CAMPAIGNS = new Set(['awa', 'con', 'dec']);
const REF_RE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The share link of a reel: `<origin>/share/<slug>?ref=<code>&utm_source=<channel>&utm_medium=share&utm_campaign=reel`
 * plus `&campaign=<code>` when the sharer's landing had a valid campaign.
 * `ref` and `campaign` are left out when null or not well-formed.
 */
export function shareLink(origin: string, slug: string, opts: { channel: ShareChannel; ref?: string | null; campaign?: string | null }): string {
  const u = new URL(`/share/${encodeURIComponent(slug)}`, origin);
  if (opts.ref && REF_RE.test(opts.ref)) u.searchParams.set('ref', opts.ref);
  u.searchParams.set('utm_source', opts.channel);
  u.searchParams.set('utm_medium', 'share');
  u.searchParams.set('utm_campaign', 'reel');
  if (opts.campaign && CAMPAIGNS.has(opts.campaign)) u.searchParams.set('campaign', opts.campaign);
  return u.toString();
}

/** The WhatsApp link that opens a chat with `text` and `url` filled in. */
export function whatsAppHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Telegram's share link: the chooser with `url` and `text` filled in. */
export function telegramHref(text: string, url: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/** Query key of the signed-in sharer's referral code (null for a visitor). */
const REF_CODE_KEY = ['share', 'referrer-code'] as const;

/**
 * The caller's referral code from GET /referral/api/v1/get_profile, fetched
 * once per page and kept; null for a visitor (401) or when it cannot be
 * read (a share never waits on it failing).
 */
function referrerCode(qc: QueryClient): Promise<string | null> {
  return qc.fetchQuery({
    queryKey: REF_CODE_KEY,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      try {
        const res = await apiFetch('/referral/api/v1/get_profile', { timeoutMs: 5_000 });
        const code = ((await res.json()) as { code?: unknown }).code;
        return typeof code === 'string' ? code : null;
      } catch (err) {
        if (err instanceof HttpError) return null;
        throw err;
      }
    },
  }).catch(() => null);
}

const warmed = new Set<string>();

/**
 * Asks the server to make the reel's preview image now (POST /api/reel/{id},
 * SPEC.md section 7 logging client, 10 s), so the chat app's crawler gets it
 * at once; once per reel per page, failures ignored.
 */
function warmPreview(id: string): void {
  if (warmed.has(id)) return;
  warmed.add(id);
  apiFetch(`/api/reel/${encodeURIComponent(id)}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}', timeoutMs: 10_000,
  }).catch(() => warmed.delete(id));
}

/** SHARE event of `item` on `channel` (content, topic, category and option ids). */
function trackShare(item: FeedItem, channel: ShareChannel): void {
  track('SHARE', { content_id: item.id, topic_id: item.topic, category_id: item.category, option_id: item.option, channel });
}

/** The links of one share, one per channel of the sheet. */
export interface ShareLinks { whatsapp: string; telegram: string; copy: string }

/** ShareSheet's code (./share-sheet-panel.tsx with the Sheet and Radix) is fetched on the first tap on Share. */
const Panel = onDemand<ShareSheetProps>(() => import('./share-sheet-panel').then((m) => m.ShareSheet));

/**
 * The share button of a reel: the system share sheet (Web Share API) where
 * there is one, else ShareSheet. Before sharing it asks the server to make
 * the preview image and reads the sharer's referral code (once per page).
 * @param label the button's accessible name and caption.
 * @param className the round button's classes (the reel's action column).
 */
export function ShareButton({ item, label, className, children }: {
  item: FeedItem; label: string; className: string; children?: ReactNode;
}) {
  const tShare = useTranslations('share');
  const qc = useQueryClient();
  const [sheet, setSheet] = useState<{ links: ShareLinks; text: string } | null>(null);

  const share = async () => {
    // No Web Share API: the sheet's code comes while the referral code is asked for (a failed fetch is retried when it mounts).
    if (typeof navigator.share !== 'function') {
      Panel.preload().catch(() => {});
      preloadSheet().catch(() => {});
    }
    warmPreview(item.id);
    const ref = await referrerCode(qc);
    const campaign = attribution().campaign_key ?? null;
    const slug = item.share_slug || item.id;
    const link = (channel: ShareChannel) => shareLink(window.location.origin, slug, { channel, ref, campaign });
    const title = truncateText(item.description || item.topic_name, 60).text;
    const text = tShare('text', { title });
    const data = { title: item.topic_name, text, url: link('native') };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        trackShare(item, 'native');
        return;
      } catch (err) {
        // Dismissed by the person: done. Anything else (e.g. no user activation left): offer the sheet.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    setSheet({ links: { whatsapp: link('whatsapp'), telegram: link('telegram'), copy: link('copy') }, text });
  };

  return (
    <>
      <div className="flex flex-col items-center gap-1">
        <button type="button" data-testid="share-button" aria-label={label} onClick={share} className={className}>
          {children ?? <ShareIcon size={24} />}
        </button>
        <span className="text-xs font-semibold" aria-hidden="true">{label}</span>
      </div>
      {sheet ? (
        <Panel.Component
          open
          onClose={() => setSheet(null)}
          links={sheet.links}
          text={sheet.text}
          onShared={(channel) => trackShare(item, channel)}
        />
      ) : null}
    </>
  );
}
