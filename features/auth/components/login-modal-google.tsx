'use client';

import { useId } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import type { PhoneForm, PhoneFormInput } from '../schemas';

/**
 * Google's button under the phone step (GoogleOAuthProvider loads Google's
 * script only here, inside the lazily loaded modal). Until both
 * confirmations of `control`'s form are ticked the button is inert and a
 * transparent button over it asks for them instead (`onNeedConfirmations`).
 * @param onCredential Google's ID token (a JWT), or undefined when Google gave none.
 * @param onPopupError Google's own sign-in failed or was closed.
 */
export function GoogleSection({ clientId, control, pending, onNeedConfirmations, onCredential, onPopupError }: {
  clientId: string;
  control: Control<PhoneFormInput, unknown, PhoneForm>;
  pending: boolean;
  onNeedConfirmations: () => void;
  onCredential: (credential: string | undefined) => void;
  onPopupError: () => void;
}) {
  const t = useTranslations('auth');
  const locale = useInterfaceLang();
  const hintId = useId();
  const [over18, terms] = useWatch({ control, name: ['over_18', 'accept_terms'] });
  const confirmed = over18 === true && terms === true;
  const usable = confirmed && !pending;
  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs uppercase text-neutral-500" aria-hidden="true">
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
        {t('or')}
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      </div>
      <div className="relative flex min-h-10 justify-center" aria-busy={pending || undefined}>
        <GoogleOAuthProvider clientId={clientId} locale={locale === 'hi' ? 'hi' : 'en'}>
          <div inert={!usable} className={usable ? '' : 'opacity-50'}>
            <GoogleLogin
              onSuccess={(r) => onCredential(r.credential)}
              onError={onPopupError}
              text="continue_with"
              shape="pill"
            />
          </div>
        </GoogleOAuthProvider>
        {!confirmed ? (
          <button
            type="button"
            className="absolute inset-0 cursor-pointer rounded-full"
            aria-describedby={hintId}
            onClick={onNeedConfirmations}
          >
            <span className="sr-only">{t('continueWithGoogle')}</span>
          </button>
        ) : null}
      </div>
      {!confirmed ? <p id={hintId} className="text-center text-xs text-neutral-500 dark:text-neutral-400">{t('googleNeedsConfirm')}</p> : null}
    </div>
  );
}
