'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGrant } from '@/lib/auth/principal';
import { mayEditReel } from '../policy';
import { REVIEW_FILTERS, useEditReel, useVideos, type ReelEdit, type ReviewFilter, type StudioReel } from '../api/studio';
import { useErrorText } from '@/lib/use-error-text';
import { OptionPicker, type OptionChoice } from './option-picker';
import { ReelPlayer } from './reel-player';

type Viewer = { userId: string | null; roles: RoleGrant[] };

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

const PROCESSING_STYLE: Record<'processing' | 'failed', string> = {
  processing: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/**
 * Why a reel failed, in the interface language: `studio.failure.<code>`
 * (with the limit for video_too_long); a code this build does not know reads
 * as the generic "could not process".
 */
export function useFailureText(): (failure: StudioReel['failure']) => string {
  const t = useTranslations('studio');
  return (failure) => {
    const key = `failure.${failure?.code ?? 'processing_failed'}`;
    if (failure && t.has(key)) return t(key, { max: failure.max_duration_s ?? '' });
    return t('failure.processing_failed');
  };
}

/**
 * One reel of a studio list: where it is filed, its review state, its
 * processing state while it is not ready (processing, or failed with why),
 * the reviewer's reason when Rejected, and a Play button once it is ready.
 */
export function ReelRow({ reel, children }: { reel: StudioReel; children?: React.ReactNode }) {
  const t = useTranslations('studio');
  const failureText = useFailureText();
  const processing = reel.status === 'processing' || reel.status === 'failed' ? reel.status : null;
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{reel.description || t('noDescription')}</span>
        <span className="flex shrink-0 gap-1">
          {processing && (
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PROCESSING_STYLE[processing]}`}>{t(`state.${processing}`)}</span>
          )}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[reel.review_status]}`}>{t(`filter.${reel.review_status}`)}</span>
        </span>
      </div>
      <span className="text-sm text-neutral-600 dark:text-neutral-400">{reel.topic_name} · {reel.category_name} · {reel.option_name}</span>
      {reel.status === 'failed' && (
        <p className="text-sm text-red-800 dark:text-red-300">{failureText(reel.failure)}</p>
      )}
      {reel.review_status === 'Rejected' && reel.review_reason && (
        <p className="text-sm text-red-800 dark:text-red-300">{t('reason', { reason: reel.review_reason })}</p>
      )}
      <ReelPlayer media={reel.media} />
      {children}
    </li>
  );
}

/** Whether `viewer` may edit `reel` here: their own Pending or Rejected reel in a topic where they may upload. */
export function canEditInList(viewer: Viewer | undefined, reel: StudioReel): boolean {
  if (!viewer || reel.review_status === 'Approved') return false;
  return mayEditReel(viewer, { topicId: reel.topic_id, ownerId: reel.user_id, reviewStatus: reel.review_status });
}

/**
 * The fields of `next` that differ from `reel`: what a PATCH of the reel
 * sends (nothing when nothing changed).
 */
export function changedFields(reel: StudioReel, next: { description: string; optionId: string; isTldr: boolean }): ReelEdit {
  const body: ReelEdit = {};
  if (next.description !== reel.description) body.description = next.description;
  if (next.optionId !== '' && next.optionId !== reel.option_id) body.option_id = next.optionId;
  if (next.isTldr !== reel.is_tldr) body.is_tldr = next.isTldr;
  return body;
}

/**
 * The inline edit of my reel (PATCH /uploader/api/v1/content/{id}):
 * description, option (in topics where I may upload) and the TLDR flag.
 * Only changed fields are sent.
 * @param onSaved called with whether the reel went back to review (a Rejected reel edited).
 */
function EditReelForm({ reel, viewer, onCancel, onSaved }: {
  reel: StudioReel;
  viewer: Viewer;
  onCancel: () => void;
  onSaved: (resubmitted: boolean) => void;
}) {
  const t = useTranslations('studio');
  const errorText = useErrorText();
  const edit = useEditReel();
  const [description, setDescription] = useState(reel.description);
  const [choice, setChoice] = useState<OptionChoice>({ topicId: reel.topic_id, categoryId: reel.category_id, optionId: reel.option_id });
  const [isTldr, setIsTldr] = useState(reel.is_tldr);
  const field = 'flex flex-col gap-1 text-sm font-medium';
  const input = 'rounded-lg border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

  function save() {
    const body = changedFields(reel, { description, optionId: choice.optionId, isTldr });
    if (Object.keys(body).length === 0) return onCancel();
    edit.mutate({ id: reel.id, body }, { onSuccess: (res) => onSaved(res.resubmitted) });
  }

  return (
    <form aria-label={t('edit.title')} className="flex flex-col gap-3 border-t border-neutral-200 pt-3 dark:border-neutral-800"
      onSubmit={(e) => { e.preventDefault(); save(); }}>
      <label className={field}>
        {t('upload.description')}
        <textarea className={input} rows={3} maxLength={2000} value={description} disabled={edit.isPending}
          onChange={(e) => setDescription(e.target.value)} />
      </label>
      <OptionPicker viewer={viewer} value={choice} disabled={edit.isPending} fieldClassName={field} inputClassName={input}
        onTopic={(topicId) => setChoice({ topicId, categoryId: '', optionId: '' })}
        onCategory={(categoryId) => setChoice((c) => ({ ...c, categoryId, optionId: '' }))}
        onOption={(optionId) => setChoice((c) => ({ ...c, optionId }))} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={isTldr} disabled={edit.isPending} onChange={(e) => setIsTldr(e.target.checked)} />
        {t('upload.isTldr')}
      </label>
      {edit.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{errorText(edit.error)}</p>}
      <div className="flex gap-2">
        <button type="submit" disabled={edit.isPending || choice.optionId === ''}
          className="rounded-full bg-amber-500 px-4 py-2 font-semibold text-black hover:bg-amber-400 disabled:opacity-50">
          {edit.isPending ? t('edit.saving') : t('edit.save')}
        </button>
        <button type="button" onClick={onCancel} disabled={edit.isPending} className="rounded-full border border-neutral-400 px-4 py-2 font-semibold">
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * My uploads (GET /uploader/api/v1/video?scope=mine): the filter tabs, the
 * reels of the chosen state with their review state, and paging. With
 * `viewer`, my Pending and Rejected reels get an Edit button; saving an
 * edit of a Rejected reel sends it back to review.
 * @param viewer the signed-in user's id and role grants; without it the list is read-only.
 */
export function MyUploads({ viewer }: { viewer?: Viewer } = {}) {
  const t = useTranslations('studio');
  const [status, setStatus] = useState<ReviewFilter>('All');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useVideos('mine', status, page);
  return (
    <section aria-labelledby="studio-mine" className="flex flex-col gap-3">
      <h2 id="studio-mine" className="text-lg font-bold">{t('mine.title')}</h2>
      <FilterTabs label={t('mine.filter')} value={status} onChange={(f) => { setStatus(f); setPage(1); setEditing(null); }} />
      {notice && <p role="status" className="rounded-lg bg-green-50 p-3 font-semibold text-green-900 dark:bg-green-950 dark:text-green-100">{notice}</p>}
      {list.isPending && <p aria-busy="true">{t('loading')}</p>}
      {list.isError && <p role="alert">{t('loadFailed')}</p>}
      {list.data && list.data.items.length === 0 && <p>{t('mine.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <ul className="flex flex-col gap-2">{list.data.items.map((r) => (
          <ReelRow key={r.id} reel={r}>
            {viewer && canEditInList(viewer, r) && (editing === r.id
              ? <EditReelForm reel={r} viewer={viewer} onCancel={() => setEditing(null)}
                  onSaved={(resubmitted) => { setEditing(null); setNotice(resubmitted ? t('edit.resubmitted') : t('edit.saved')); }} />
              : (
                <button type="button" onClick={() => { setEditing(r.id); setNotice(null); }}
                  aria-label={`${t('edit.button')}: ${r.description || t('noDescription')}`}
                  className="self-start rounded-full border border-neutral-400 px-4 py-1 text-sm font-semibold">
                  {t('edit.button')}
                </button>
              ))}
          </ReelRow>
        ))}</ul>
      )}
      {list.data && <Pager page={page} total={list.data.total} pageSize={list.data.page_size} onPage={setPage} />}
    </section>
  );
}
