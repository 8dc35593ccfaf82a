'use client';

import { useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Sheet } from '@/components/ui/sheet';
import { CopyIcon, ShareIcon, WhatsAppIcon } from '@/components/ui/icons';
import { attribution } from '@/lib/analytics/attribution';
import { track } from '@/lib/analytics/event-client';
import { apiFetch, HttpError } from '@/lib/http/client';
import type { FeedItem } from '../schemas';
import { truncateText } from '../lib/text';

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

const TelegramIcon = ({ size = 22 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M21.9 4.3 18.7 19.4c-.2 1-.9 1.3-1.7.8l-4.8-3.5-2.3 2.2c-.3.3-.5.5-1 .5l.3-4.9 8.9-8c.4-.3-.1-.5-.6-.2L6.5 13.2 1.8 11.7c-1-.3-1-1 .2-1.5L20.5 3.1c.9-.3 1.6.2 1.4 1.2Z" />
  </svg>
);

/** The links of one share, one per channel of the sheet. */
export interface ShareLinks { whatsapp: string; telegram: string; copy: string }

/**
 * Share fallback where the Web Share API is missing (most desktops):
 * WhatsApp, Telegram and copy-to-clipboard, each with its own link, and the
 * copy link shown so it can be copied by hand when the clipboard is blocked.
 * @param onShared called with the channel once a link went out (a click on a chat app, a successful copy).
 */
export function ShareSheet({ open, onClose, links, text, onShared }: {
  open: boolean; onClose: () => void; links: ShareLinks; text: string; onShared?: (channel: ShareChannel) => void;
}) {
  const t = useTranslations('share');
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const close = () => {
    setCopy('idle');
    onClose();
  };
  const app = 'flex items-center justify-center gap-2 rounded-xl px-4 py-3 font-semibold hover:brightness-95';
  return (
    <Sheet open={open} onClose={close} title={t('title')} closeLabel={t('close')}>
      <div className="flex flex-col gap-3">
        <a href={whatsAppHref(text, links.whatsapp)} target="_blank" rel="noopener noreferrer"
          onClick={() => onShared?.('whatsapp')} className={`${app} bg-[#25D366] text-black`}>
          <WhatsAppIcon size={22} />
          {t('whatsapp')}
        </a>
        <a href={telegramHref(text, links.telegram)} target="_blank" rel="noopener noreferrer"
          onClick={() => onShared?.('telegram')} className={`${app} bg-[#229ED9] text-white`}>
          <TelegramIcon />
          {t('telegram')}
        </a>
        <button
          type="button"
          className="flex items-center justify-center gap-2 rounded-xl border border-neutral-300 px-4 py-3 font-semibold hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(links.copy);
              setCopy('done');
              onShared?.('copy');
            } catch {
              setCopy('failed');
            }
          }}
        >
          <CopyIcon size={20} />
          {copy === 'done' ? t('copied') : t('copy')}
        </button>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-neutral-600 dark:text-neutral-400">{copy === 'failed' ? t('copyFailed') : t('linkLabel')}</span>
          <input
            readOnly
            value={links.copy}
            onFocus={(e) => e.currentTarget.select()}
            className="rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-800"
          />
        </label>
        <p role="status" className="sr-only">{copy === 'done' ? t('copied') : ''}</p>
      </div>
    </Sheet>
  );
}

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
      <ShareSheet
        open={sheet !== null}
        onClose={() => setSheet(null)}
        links={sheet?.links ?? { whatsapp: '', telegram: '', copy: '' }}
        text={sheet?.text ?? ''}
        onShared={(channel) => trackShare(item, channel)}
      />
    </>
  );
}
