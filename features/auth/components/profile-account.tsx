'use client';

import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Sheet } from '@/components/ui/sheet';
import type { HttpError } from '@/lib/http/client';
import { useErrorText } from '@/lib/use-error-text';
import { useNotificationStore } from '@/stores/notification-store';
import { useDownloadMyData, useEraseMyAccount } from '../api/account';
import { Button } from '@/components/ui/button';

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900';

/** What erasing takes away, in the order the confirmation lists it (`account.lost.*`). */
const LOST = ['rewards', 'referrals', 'chats', 'likes', 'contacts', 'profile'] as const;

/** Where a person lands after erasing their account: the feed (SPEC.md section 2, the Videos tab). */
export const AFTER_ERASE_PATH = '/reels';

/**
 * "Your data" on the Profile tab (docs/decisions/021): download everything
 * held about me as a JSON file, and delete my account after a confirmation
 * (the shared Sheet, a modal on components/ui/dialog.tsx) that says what is
 * lost and what is kept anonymised. After deletion the person is signed
 * out, lands on the feed and is told so by a toast.
 */
/** The section's secondary (outlined) button: Download, and Keep my account in the confirmation. */

export function ProfileAccount() {
  const t = useTranslations('account');
  const codeText = useErrorText();
  const notify = useNotificationStore((s) => s.notify);
  const router = useRouter();
  const download = useDownloadMyData();
  const [confirming, setConfirming] = useState(false);
  // Signing out unmounts this section, so the way out is part of the mutation itself.
  const erase = useEraseMyAccount(() => {
    setConfirming(false);
    notify({ message: t('deleted') });
    router.replace(AFTER_ERASE_PATH);
  });
  const headingId = useId();

  // A rate limit is worded by its code; any other failure by what failed (download or delete).
  const errorText = (err: HttpError | null, fallback: string) =>
    err && err.code === 'rate_limited' ? codeText(err) : fallback;

  const onDownload = () => download.mutate(undefined, { onSuccess: () => notify({ message: t('downloaded') }) });
  const onErase = () => erase.mutate();

  return (
    <section aria-labelledby={headingId} className={`${card} flex flex-col gap-3`} data-testid="profile-account">
      <h2 id={headingId} className="text-lg font-semibold">{t('title')}</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('body')}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={onDownload}
          disabled={download.isPending}
        >
          {download.isPending ? t('downloading') : t('download')}
        </Button>
        <Button
          type="button"
          onClick={() => {
            erase.reset();
            setConfirming(true);
          }}
          variant="danger-outline"
        >
          {t('delete')}
        </Button>
      </div>
      {download.isError ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{errorText(download.error, t('downloadFailed'))}</p> : null}

      <Sheet open={confirming} onClose={() => setConfirming(false)} title={t('confirmTitle')} closeLabel={t('close')}>
        <div className="flex flex-col gap-3 text-sm">
          <p>{t('confirmIntro')}</p>
          <ul className="list-disc pl-5">
            {LOST.map((k) => <li key={k}>{t(`lost.${k}`)}</li>)}
          </ul>
          <p className="text-neutral-600 dark:text-neutral-400">{t('kept')}</p>
          {erase.isError ? <p role="alert" className="text-red-600 dark:text-red-400">{errorText(erase.error, t('deleteFailed'))}</p> : null}
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={() => setConfirming(false)}
            >
              {t('cancel')}
            </Button>
            <Button
              type="button"
              onClick={onErase}
              disabled={erase.isPending}
              variant="danger"
            >
              {erase.isPending ? t('deleting') : t('confirm')}
            </Button>
          </div>
        </div>
      </Sheet>
    </section>
  );
}
