'use client';

import { lazy, Suspense, useCallback } from 'react';
import { useTranslations } from 'next-intl';
import { useLoginStore } from '../store';

/**
 * The modal's code (form, zod, phone metadata, Google's wrapper) is a
 * separate chunk, fetched the first time someone is asked to sign in, so
 * it stays out of every page's first-load JS.
 */
const LoginModal = lazy(() => import('./login-modal').then((m) => ({ default: m.LoginModal })));

/**
 * The app's one login modal, mounted once in the root layout and driven by
 * the login store (`useRequireLogin()`, `openLogin()`): closing drops the
 * waiting call, a sign-in runs it once. Opened with
 * `openLogin({ purpose: 'link-phone' })` it adds a mobile number to the
 * signed-in user instead; `openLogin({ phone })` opens it with a verified
 * number filled in (a registered customer's link).
 * @param googleClientId GOOGLE_CLIENT_ID read on the server; null hides the Google button.
 */
export function LoginRoot({ googleClientId }: { googleClientId: string | null }) {
  const open = useLoginStore((s) => s.open);
  const purpose = useLoginStore((s) => s.purpose);
  const prefillPhone = useLoginStore((s) => s.prefillPhone);
  const close = useLoginStore((s) => s.close);
  const completeSignIn = useLoginStore((s) => s.completeSignIn);
  const onSignedIn = useCallback(() => completeSignIn(), [completeSignIn]);
  const t = useTranslations('auth');
  if (!open) return null;
  return (
    <Suspense
      fallback={(
        <div role="status" className="fixed inset-0 z-[60] flex items-center justify-center bg-black/60 text-white">
          <span className="sr-only">{t('loading')}</span>
          <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-white/30 border-t-white" />
        </div>
      )}
    >
      <LoginModal googleClientId={googleClientId} purpose={purpose} prefillPhone={prefillPhone} onClose={close} onSignedIn={onSignedIn} />
    </Suspense>
  );
}
