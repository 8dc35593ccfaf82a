'use client';

import { lazy, Suspense, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useErrorText } from '@/lib/use-error-text';
import { useNotificationStore } from '@/stores/notification-store';
import { AUTH_FAILURE_EVENTS, trackAuthFailure } from '../api/failure-events';
import { useLinkGoogle } from '../api/profile';
import type { Me } from '../schemas';
import { useLoginStore } from '../store';
import { Button } from '@/components/ui/button';

/** Google's wrapper and script load only when a user without Google sees the section with a client id. */
const GoogleLinkButton = lazy(() => import('./profile-google-link').then((m) => ({ default: m.GoogleLinkButton })));

export interface ProfileSignInMethodsProps {
  /** The signed-in user (`['auth','me']`). */
  me: Me;
  /** GOOGLE_CLIENT_ID read on the server; null: no Google button (an already linked account still shows). */
  googleClientId: string | null;
}

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900';
const badge = 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300';

/**
 * The Profile tab's sign-in methods (docs/api/accounts.md "Phone OTP",
 * "Google"): the masked mobile number, or "Add mobile number", which opens
 * the login modal to verify a number that the server then adds to this
 * user; and Google, "Linked" with the account's email, or Google's button
 * when a client id is configured, whose ID token links that account
 * (POST /auth/api/v1/user/google). A refused link shows `errors.<code>`
 * (e.g. `google_in_use`) and is recorded as a tracked Google failure.
 */
export function ProfileSignInMethods({ me, googleClientId }: ProfileSignInMethodsProps) {
  const t = useTranslations('profile.methods');
  const notify = useNotificationStore((s) => s.notify);
  const openLogin = useLoginStore((s) => s.openLogin);
  const link = useLinkGoogle();
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);

  const errorText = useErrorText();

  const onCredential = (credential: string | undefined) => {
    if (!credential) {
      void trackAuthFailure(AUTH_FAILURE_EVENTS.google, 'google_no_credential', { link: true });
      setError(t('googleFailed'));
      return;
    }
    setError(null);
    link.mutate(credential, {
      onSuccess: () => notify({ message: t('googleLinked') }),
      onError: (err) => {
        void trackAuthFailure(AUTH_FAILURE_EVENTS.google, err, { link: true });
        setError(errorText(err));
      },
    });
  };

  const onPopupError = () => {
    void trackAuthFailure(AUTH_FAILURE_EVENTS.google, 'google_popup_failed', { link: true });
    setError(t('googleFailed'));
  };

  const showGoogle = me.hasGoogle || googleClientId !== null;
  return (
    <section aria-labelledby={headingId} className={`${card} flex flex-col gap-3`} data-testid="sign-in-methods">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">{t('title')}</h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('intro')}</p>
      </div>
      <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
        <li className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
          <span className="font-medium">{t('phone')}</span>
          {me.phone ? (
            <span dir="ltr" className="text-neutral-700 dark:text-neutral-300">{me.phone}</span>
          ) : (
            <Button
              type="button"
              onClick={() => openLogin({ purpose: 'link-phone' })}
              variant="secondary"
              size="xs"
            >
              {t('addPhone')}
            </Button>
          )}
        </li>
        {showGoogle ? (
          <li className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
            <span className="font-medium">{t('google')}</span>
            {me.hasGoogle ? (
              <span className="flex min-w-0 flex-wrap items-center justify-end gap-2">
                <span className={badge}>{t('linked')}</span>
                {me.email ? <span className="break-all text-sm text-neutral-700 dark:text-neutral-300">{me.email}</span> : null}
              </span>
            ) : googleClientId ? (
              <span className="flex flex-col items-end gap-1">
                <Suspense fallback={<span aria-busy="true" className="text-sm text-neutral-600 dark:text-neutral-400">{t('loading')}</span>}>
                  <GoogleLinkButton clientId={googleClientId} pending={link.isPending} onCredential={onCredential} onPopupError={onPopupError} />
                </Suspense>
                {link.isPending ? <span role="status" className="text-sm text-neutral-600 dark:text-neutral-400">{t('linking')}</span> : null}
              </span>
            ) : null}
          </li>
        ) : null}
      </ul>
      {error && !me.hasGoogle ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </section>
  );
}
