'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useDeletePicture, useUploadPicture } from '../api/profile';
import type { Me } from '../schemas';
import { Avatar } from './profile-parts';
import { useErrorText } from '@/lib/use-error-text';

/** Largest picture sent, bytes: the server's limit (features/auth/server/picture.ts), checked first to spare the upload. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** What the file picker offers; the server decides from the bytes, not from this. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * The signed-in user's picture with "Add/Change picture" and "Remove". The
 * server re-encodes an upload (upright, no metadata, 256x256 WebP); the
 * answer's user view replaces `['auth','me']`, so every avatar updates.
 */
export function ProfilePicture({ me }: { me: Me }) {
  const t = useTranslations('profile.picture');
  const errorText = useErrorText();
  const inputId = useId();
  const upload = useUploadPicture();
  const remove = useDeletePicture();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) {
      setError(t('tooLarge'));
      return;
    }
    upload.mutate(file, { onError: (err) => setError(errorText(err)) });
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <Avatar pic={me.pic} name={me.name} size={96} alt={t('alt')} />
      <div className="flex flex-wrap justify-center gap-2">
        <label
          htmlFor={inputId}
          aria-disabled={busy || undefined}
          className="cursor-pointer rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-semibold hover:bg-neutral-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-500 aria-disabled:cursor-wait aria-disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800"
        >
          {me.pic ? t('change') : t('add')}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              // The same file chosen again is a new change.
              e.target.value = '';
            }}
          />
        </label>
        {me.pic ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setError(null);
              remove.mutate(undefined, { onError: (err) => setError(errorText(err)) });
            }}
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-neutral-700 hover:bg-neutral-100 disabled:opacity-60 dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            {t('remove')}
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="text-sm text-neutral-600 dark:text-neutral-400">{upload.isPending ? t('uploading') : ''}</p>
      {error ? <p role="alert" className="text-center text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
