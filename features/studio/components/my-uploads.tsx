'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { REVIEW_FILTERS, useVideos, type ReviewFilter, type StudioReel } from '../api/studio';
import { ReelPlayer } from './reel-player';

const STATE_STYLE: Record<StudioReel['review_status'], string> = {
  Pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  Approved: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  Rejected: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/**
 * The filter tabs of a reel list (SPEC.md section 3: Pending, Approved,
 * Rejected, All), as an ARIA tablist.
 */
export function FilterTabs({ value, onChange, label }: { value: ReviewFilter; onChange: (f: ReviewFilter) => void; label: string }) {
  const t = useTranslations('studio');
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto">
      {REVIEW_FILTERS.map((f) => (
        <button key={f} type="button" role="tab" aria-selected={value === f} onClick={() => onChange(f)}
          className={`rounded-full px-4 py-2 text-sm font-semibold ${value === f ? 'bg-neutral-900 text-white dark:bg-white dark:text-black' : 'bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200'}`}>
          {t(`filter.${f}`)}
        </button>
      ))}
    </div>
  );
}

/** Previous/next paging of a 10-per-page list. */
export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const t = useTranslations('studio');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('paging')} className="flex items-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className="rounded-full border px-3 py-1 disabled:opacity-40">{t('previous')}</button>
      <span>{t('pageOf', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className="rounded-full border px-3 py-1 disabled:opacity-40">{t('next')}</button>
    </nav>
  );
}

/** One reel of a studio list: where it is filed, its review state, the reviewer's reason when Rejected, and a Play button once it is ready. */
export function ReelRow({ reel, children }: { reel: StudioReel; children?: React.ReactNode }) {
  const t = useTranslations('studio');
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{reel.description || t('noDescription')}</span>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[reel.review_status]}`}>{t(`filter.${reel.review_status}`)}</span>
      </div>
      <span className="text-sm text-neutral-600 dark:text-neutral-400">{reel.topic_name} · {reel.category_name} · {reel.option_name}</span>
      {reel.review_status === 'Rejected' && reel.review_reason && (
        <p className="text-sm text-red-800 dark:text-red-300">{t('reason', { reason: reel.review_reason })}</p>
      )}
      <ReelPlayer media={reel.media} />
      {children}
    </li>
  );
}

/**
 * My uploads (GET /uploader/api/v1/video?scope=mine): the filter tabs, the
 * reels of the chosen state with their review state, and paging.
 */
export function MyUploads() {
  const t = useTranslations('studio');
  const [status, setStatus] = useState<ReviewFilter>('All');
  const [page, setPage] = useState(1);
  const list = useVideos('mine', status, page);
  return (
    <section aria-labelledby="studio-mine" className="flex flex-col gap-3">
      <h2 id="studio-mine" className="text-lg font-bold">{t('mine.title')}</h2>
      <FilterTabs label={t('mine.filter')} value={status} onChange={(f) => { setStatus(f); setPage(1); }} />
      {list.isPending && <p aria-busy="true">{t('loading')}</p>}
      {list.isError && <p role="alert">{t('loadFailed')}</p>}
      {list.data && list.data.items.length === 0 && <p>{t('mine.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <ul className="flex flex-col gap-2">{list.data.items.map((r) => <ReelRow key={r.id} reel={r} />)}</ul>
      )}
      {list.data && <Pager page={page} total={list.data.total} pageSize={list.data.page_size} onPage={setPage} />}
    </section>
  );
}
