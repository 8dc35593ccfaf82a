'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useReviewCount, useReviewMove, useVideos, type StudioReel } from '../api/studio';
import { useErrorText } from '@/lib/use-error-text';
import { Pager, ReelRow } from './my-uploads';

const REASON_MIN = 3;
const REASON_MAX = 500;

/** A reason box with its confirm button (a reject or a take-down needs 3..500 characters). */
function ReasonForm({ label, confirm, onSubmit, onCancel, pending }: {
  label: string; confirm: string; pending: boolean; onSubmit: (reason: string) => void; onCancel: () => void;
}) {
  const t = useTranslations('studio');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = reason.trim();
  const valid = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {label}
        <textarea rows={2} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)}
          aria-invalid={tried && !valid}
          className="rounded-lg border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100" />
      </label>
      {tried && !valid && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{t('review.reasonRequired')}</p>}
      <div className="flex gap-2">
        <button type="button" disabled={pending} onClick={() => { setTried(true); if (valid) onSubmit(trimmed); }}
          className="rounded-full bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500 disabled:opacity-50">{confirm}</button>
        <button type="button" onClick={onCancel} className="rounded-full border px-4 py-2 text-sm font-semibold">{t('cancel')}</button>
      </div>
    </div>
  );
}

/**
 * The reel's own page, to watch it in the app's player. Only for Approved
 * reels: the content page serves what the feeds serve (a Pending reel plays
 * in the list's inline player instead).
 */
function ReelPreview({ reel }: { reel: StudioReel }) {
  const t = useTranslations('studio');
  return (
    <Link prefetch={false} href={`/content/${reel.id}`} target="_blank" className="self-start text-sm font-semibold text-amber-700 underline dark:text-amber-400">
      {t('review.play')}
    </Link>
  );
}

/**
 * The review queue (docs/api/studio.md "Review"): Pending reels of the topics
 * I review, with their count; approve, or reject with a reason, one or a
 * selection at a time. Below, the Approved reels with a take-down (reason
 * required).
 */
export function ReviewQueue() {
  const t = useTranslations('studio');
  const [page, setPage] = useState(1);
  const [approvedPage, setApprovedPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [takingDown, setTakingDown] = useState<string | null>(null);
  const count = useReviewCount();
  const pending = useVideos('review', 'Pending', page);
  const approved = useVideos('review', 'Approved', approvedPage);
  const move = useReviewMove();
  const errorText = useErrorText();

  function act(ids: string[], status: 'Approved' | 'Rejected', reason?: string) {
    move.mutate({ ids, status, reason }, {
      onSuccess: () => {
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        setRejecting(null);
        setTakingDown(null);
      },
    });
  }
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const btn = 'rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-50';

  return (
    <section aria-labelledby="studio-review" className="flex flex-col gap-3">
      <h2 id="studio-review" className="text-lg font-bold">
        {t('review.title')}{' '}
        {count.data && <span className="rounded-full bg-amber-500 px-2 text-sm text-black">{t('review.count', { count: count.data.pending })}</span>}
      </h2>
      {move.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{errorText(move.error)}</p>}
      {selected.length > 0 && rejecting === null && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('review.bulk')}>
          <button type="button" className={`${btn} bg-green-600 text-white`} disabled={move.isPending} onClick={() => act(selected, 'Approved')}>
            {t('review.approveSelected', { count: selected.length })}
          </button>
          <button type="button" className={`${btn} bg-red-600 text-white`} onClick={() => setRejecting(selected)}>
            {t('review.rejectSelected', { count: selected.length })}
          </button>
        </div>
      )}
      {rejecting !== null && rejecting.length > 1 && (
        <ReasonForm label={t('review.reason')} confirm={t('review.reject')} pending={move.isPending}
          onSubmit={(reason) => act(rejecting, 'Rejected', reason)} onCancel={() => setRejecting(null)} />
      )}
      {pending.isPending && <p aria-busy="true">{t('loading')}</p>}
      {pending.data && pending.data.items.length === 0 && <p>{t('review.empty')}</p>}
      {pending.data && pending.data.items.length > 0 && (
        <ul className="flex flex-col gap-2">
          {pending.data.items.map((r) => (
            <ReelRow key={r.id} reel={r}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={selected.includes(r.id)} onChange={() => toggle(r.id)} />
                {t('review.select')}
              </label>
              {rejecting?.length === 1 && rejecting[0] === r.id ? (
                <ReasonForm label={t('review.reason')} confirm={t('review.reject')} pending={move.isPending}
                  onSubmit={(reason) => act([r.id], 'Rejected', reason)} onCancel={() => setRejecting(null)} />
              ) : (
                <div className="flex gap-2">
                  <button type="button" className={`${btn} bg-green-600 text-white`} disabled={move.isPending} onClick={() => act([r.id], 'Approved')}>{t('review.approve')}</button>
                  <button type="button" className={`${btn} bg-red-600 text-white`} onClick={() => setRejecting([r.id])}>{t('review.reject')}</button>
                </div>
              )}
            </ReelRow>
          ))}
        </ul>
      )}
      {pending.data && <Pager page={page} total={pending.data.total} pageSize={pending.data.page_size} onPage={setPage} />}

      <h3 className="mt-4 font-bold">{t('review.approvedTitle')}</h3>
      {approved.data && approved.data.items.length === 0 && <p>{t('review.approvedEmpty')}</p>}
      {approved.data && approved.data.items.length > 0 && (
        <ul className="flex flex-col gap-2">
          {approved.data.items.map((r) => (
            <ReelRow key={r.id} reel={r}>
              <ReelPreview reel={r} />
              {takingDown === r.id ? (
                <ReasonForm label={t('review.takeDownReason')} confirm={t('review.takeDown')} pending={move.isPending}
                  onSubmit={(reason) => act([r.id], 'Rejected', reason)} onCancel={() => setTakingDown(null)} />
              ) : (
                <button type="button" className={`${btn} self-start border border-red-600 text-red-700 dark:text-red-400`} onClick={() => setTakingDown(r.id)}>{t('review.takeDown')}</button>
              )}
            </ReelRow>
          ))}
        </ul>
      )}
      {approved.data && <Pager page={approvedPage} total={approved.data.total} pageSize={approved.data.page_size} onPage={setApprovedPage} />}
    </section>
  );
}
