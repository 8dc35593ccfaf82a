'use client';

import { useEffect, useId, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { useErrorText } from '@/lib/use-error-text';
import { useQueryClient } from '@tanstack/react-query';
import type { Upload } from 'tus-js-client';
import type { RoleGrant } from '@/lib/auth/principal';
import { studioKeys, useGuideVideo } from '../api/studio';
import { useStudioDraftStore } from '../store';
import { OptionPicker } from './option-picker';

/** SPEC.md section 5: the largest video an upload may carry, bytes (200 MB). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
/** SPEC.md section 5's exact words for a file over the limit. */
export const TOO_LARGE_MESSAGE = 'Oops! It seems like your video file is too large for upload(Max Limit 200MB).';
/** SPEC.md section 5: allowed duration, seconds; the server's VIDEO_MAX_DURATION_S decides, this is its default. */
export const DEFAULT_MAX_DURATION_S = 90;
const TUS_ENDPOINT = '/uploader/api/v1/upload/';

/** The file's duration in seconds as the browser reads it, or null when it cannot tell. */
function probeDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof URL.createObjectURL !== 'function') return resolve(null);
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (d: number | null) => { URL.revokeObjectURL(url); resolve(d); };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'cancelled' | 'error';

interface Progress { sent: number; total: number; mbPerS: number; secondsLeft: number | null }

/** The API's `{error:{code,message}}` of a tus failure (a `duplicate_video` adds the reel's `link`), when the server answered one. */
function tusError(err: Error & { originalResponse?: { getBody(): string } | null }): { code?: string; message?: string; link?: string } {
  try {
    const body = err.originalResponse?.getBody();
    if (body) {
      const parsed = JSON.parse(body) as { error?: { code?: string; message?: string; link?: string } };
      if (parsed.error) return parsed.error;
    }
  } catch {
    // not JSON: the network failed or a proxy answered
  }
  return { code: 'network_error' };
}

/**
 * The post draft form and its resumable upload (SPEC.md sections 3 and 5):
 * topic (those where the viewer may upload), category, option, description,
 * TLDR flag and the video file (at most 200 MB, refused here before sending).
 * The draft lives in the studio store (localStorage); the upload goes over
 * tus and resumes after a reload when the same file is picked again. Pause
 * keeps the upload on the server; Cancel terminates it (tus DELETE), which
 * frees one of the user's unfinished-upload slots (UPLOAD_MAX_OPEN_PER_USER)
 * at once instead of after its 24 h expiry. A creation the server refuses
 * (e.g. 429/413 `upload_limit`) is told beside the Upload button, translated.
 * @param viewer the signed-in user's id and role grants.
 * @param onUploaded called with the new reel's id once it is stored (Pending); without it, the form says the upload is done.
 * @param maxDurationS longest video accepted, seconds; a longer one is refused here too.
 */
export function UploadForm({ viewer, onUploaded, maxDurationS = DEFAULT_MAX_DURATION_S }: {
  viewer: { userId: string | null; roles: RoleGrant[] };
  onUploaded?: (contentId: string | null) => void;
  maxDurationS?: number;
}) {
  const t = useTranslations('studio');
  const locale = useInterfaceLang();
  const qc = useQueryClient();
  const ids = useId();
  const errorText = useErrorText();
  const { draft, update, clear, guideSeen, markGuideSeen, pendingFile, setPendingFile } = useStudioDraftStore();
  const guide = useGuideVideo(draft.topicId);

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progress>({ sent: 0, total: 0, mbPerS: 0, secondsLeft: null });
  const [error, setError] = useState<string | null>(null);
  const uploadRef = useRef<Upload | null>(null);
  const speedRef = useRef<{ at: number; sent: number } | null>(null);
  const pausedRef = useRef(false);
  /** Counts starts and cancels: a start whose number is no longer current was cancelled while it loaded. */
  const attemptRef = useRef(0);

  // Leaving the page is not a cancel: the upload stays on the server so the same file resumes later.
  useEffect(() => () => {
    void uploadRef.current?.abort();
    uploadRef.current = null;
  }, []);

  const busy = phase === 'uploading' || phase === 'paused';
  const showGuide = draft.topicId !== '' && typeof guide.data === 'string' && !guideSeen.includes(draft.topicId);

  function pickFile(f: File | null) {
    setFile(null);
    setFileError(null);
    if (!f) return;
    if (f.size > MAX_UPLOAD_BYTES) {
      setFileError(TOO_LARGE_MESSAGE);
      return;
    }
    setFile(f);
    // The server checks the duration again; this spares a long upload of a video it would refuse.
    void probeDuration(f).then((seconds) => {
      if (seconds !== null && seconds > maxDurationS) {
        setFile((cur) => (cur === f ? null : cur));
        setFileError(t('upload.tooLong', { seconds: Math.round(seconds), max: maxDurationS }));
      }
    });
  }

  async function start() {
    if (!file || draft.optionId === '') return;
    const attempt = ++attemptRef.current;
    setError(null);
    speedRef.current = null;
    pausedRef.current = false;
    setPhase('uploading');
    let Tus: typeof import('tus-js-client');
    try {
      // tus-js-client loads with the first upload, not with the studio's first paint.
      Tus = await import('tus-js-client');
    } catch {
      if (attempt !== attemptRef.current) return;
      setPhase('error');
      setError(errorText({ code: 'network_error' }));
      return;
    }
    if (attempt !== attemptRef.current) return;
    const upload = new Tus.Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { option_id: draft.optionId, description: draft.description, lang: locale, is_tldr: String(draft.isTLDR) },
      onProgress: (sent, total) => {
        const now = Date.now();
        const from = speedRef.current ?? { at: now, sent };
        if (!speedRef.current) speedRef.current = from;
        const seconds = (now - from.at) / 1000;
        const bytesPerS = seconds > 0 ? (sent - from.sent) / seconds : 0;
        setProgress({
          sent, total,
          mbPerS: bytesPerS / (1024 * 1024),
          secondsLeft: bytesPerS > 0 ? Math.ceil((total - sent) / bytesPerS) : null,
        });
      },
      onSuccess: ({ lastResponse }) => {
        uploadRef.current = null;
        setPhase('done');
        setFile(null);
        if (draft.topicId) markGuideSeen(draft.topicId);
        clear();
        void qc.invalidateQueries({ queryKey: studioKeys.all });
        onUploaded?.(lastResponse.getHeader('Upload-Content-Id') ?? null);
      },
      onError: (err) => {
        uploadRef.current = null;
        setPhase('error');
        const refused = tusError(err);
        // A duplicate names where the reel already is.
        const text = errorText(refused);
        setError(refused.code === 'duplicate_video' && refused.link ? `${text} ${refused.link}` : text);
      },
    });
    uploadRef.current = upload;
    setPendingFile({ name: file.name, size: file.size });
    const previous = await upload.findPreviousUploads();
    // Unmounted or paused meanwhile: the upload starts only when asked.
    if (uploadRef.current !== upload || pausedRef.current) return;
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  function pause() {
    pausedRef.current = true;
    void uploadRef.current?.abort();
    setPhase('paused');
  }

  function resume() {
    pausedRef.current = false;
    speedRef.current = null;
    uploadRef.current?.start();
    setPhase('uploading');
  }

  /**
   * Stops the upload and terminates it on the server (tus-js-client
   * `abort(true)`: DELETE of the upload's URL, and its resume entry is
   * forgotten), so its reserved slot is free for the next upload.
   */
  async function cancel() {
    const upload = uploadRef.current;
    attemptRef.current += 1;
    uploadRef.current = null;
    pausedRef.current = false;
    speedRef.current = null;
    setPendingFile(null);
    setProgress({ sent: 0, total: 0, mbPerS: 0, secondsLeft: null });
    setError(null);
    setPhase('cancelled');
    try {
      await upload?.abort(true);
    } catch (err) {
      // 404/410: the server holds no such upload any more (expired or finished); nothing left to free.
      const status = (err as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus();
      if (status === 404 || status === 410) return;
      // Stopped here, but the server still holds it until it expires.
      setPhase('error');
      setError(t('upload.cancelFailed'));
    }
  }

  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const field = 'flex flex-col gap-1 text-sm font-medium';
  const input = 'rounded-lg border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

  return (
    <form
      className="flex flex-col gap-4"
      aria-label={t('upload.title')}
      onSubmit={(e) => { e.preventDefault(); void start(); }}
    >
      <OptionPicker viewer={viewer} value={draft} disabled={busy} fieldClassName={field} inputClassName={input}
        onTopic={(topicId, topicName) => update({ topicId, topicName })}
        onCategory={(categoryId) => update({ categoryId })}
        onOption={(optionId) => update({ optionId })}
        afterTopic={draft.topicId !== '' && (
          <>
            {showGuide && (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {t('upload.guide')}{' '}
                <Link prefetch={false} className="font-semibold underline" href={`/content/${guide.data}`} target="_blank" onClick={() => markGuideSeen(draft.topicId)}>
                  {t('upload.watchGuide')}
                </Link>
              </p>
            )}
            <Link prefetch={false} className="self-start text-sm font-semibold underline" data-testid="topic-reels-link"
              href={`/studio/topic/${encodeURIComponent(draft.topicId)}`}>
              {t('upload.seeTopic')}
            </Link>
          </>
        )} />
      <label className={field}>
        {t('upload.description')}
        <textarea className={input} rows={3} maxLength={2000} value={draft.description} disabled={busy}
          onChange={(e) => update({ description: e.target.value })} />
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={draft.isTLDR} disabled={busy} onChange={(e) => update({ isTLDR: e.target.checked })} />
        {t('upload.isTldr')}
      </label>
      <label className={field}>
        {t('upload.file')}
        <input className={input} type="file" accept="video/*" disabled={busy}
          aria-describedby={fileError ? `${ids}-file-error` : undefined}
          onChange={(e) => pickFile(e.target.files?.[0] ?? null)} />
      </label>
      {pendingFile && phase === 'idle' && (file?.name !== pendingFile.name || file.size !== pendingFile.size) && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t('upload.interrupted', { name: pendingFile.name })}
        </p>
      )}
      {fileError && <p id={`${ids}-file-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">{fileError}</p>}

      {!busy && (
        <button type="submit" disabled={!file || draft.optionId === ''}
          aria-describedby={phase === 'error' && error ? `${ids}-upload-error` : undefined}
          className="self-start rounded-full bg-amber-500 px-6 py-3 font-semibold text-black hover:bg-amber-400 disabled:opacity-50">
          {t('upload.start')}
        </button>
      )}
      {phase === 'error' && error && (
        <p id={`${ids}-upload-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>
      )}

      {busy && (
        <div className="flex flex-col gap-2">
          <progress className="h-3 w-full accent-amber-500" max={100} value={percent} aria-label={t('upload.progressLabel')} />
          <div className="flex gap-2">
            {phase === 'uploading'
              ? <button type="button" onClick={pause} className="rounded-full border border-neutral-400 px-4 py-2 font-semibold">{t('upload.pause')}</button>
              : <button type="button" onClick={resume} className="rounded-full border border-neutral-400 px-4 py-2 font-semibold">{t('upload.resume')}</button>}
            <button type="button" onClick={() => void cancel()} className="rounded-full border border-neutral-400 px-4 py-2 font-semibold">
              {t('upload.cancel')}
            </button>
          </div>
        </div>
      )}
      <p aria-live="polite" role="status" aria-label={t('upload.statusLabel')} className="text-sm text-neutral-700 dark:text-neutral-300">
        {busy && t('upload.progress', {
          percent,
          speed: progress.mbPerS.toFixed(1),
          left: progress.secondsLeft === null ? '—' : String(progress.secondsLeft),
        })}
        {phase === 'paused' && ` ${t('upload.paused')}`}
        {/* A caller told of the upload says so itself (the studio moves to My uploads with the notice). */}
        {phase === 'done' && !onUploaded && t('upload.done')}
        {phase === 'cancelled' && t('upload.cancelled')}
      </p>
    </form>
  );
}
