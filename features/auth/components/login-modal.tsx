'use client';

import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CloseIcon } from '@/components/ui/icons';
import { useNotificationStore } from '@/stores/notification-store';
import { AUTH_FAILURE_EVENTS, trackAuthFailure } from '../api/failure-events';
import { authKeys, useGoogleSignIn, useInitiateOtp } from '../api/session';
import type { LoginPurpose } from '../store';
import {
  AUTH_MESSAGE_KEYS, phoneFormSchema,
  type Me, type OtpSent, type PhoneForm, type PhoneFormInput,
} from '../schemas';
import { useMessageText } from './login-modal-fields';
import { useErrorText } from '@/lib/use-error-text';
import { GoogleSection } from './login-modal-google';
import { OtpStep, type OtpRequest } from './login-modal-otp-step';
import { PhoneStep } from './login-modal-phone-step';

export interface LoginModalProps {
  /** Closed without a sign-in (Escape, the close button, the backdrop). */
  onClose: () => void;
  /** Signed in as `user`; the caches already follow the new principal. */
  onSignedIn: (user: Me) => void;
  /** Google's OAuth client id; null: no Google button (GOOGLE_CLIENT_ID unset). */
  googleClientId: string | null;
  /**
   * `sign-in` (default) or `link-phone`: a signed-in user adds a mobile
   * number. The code is asked for the same way (the server adds a phone
   * verified while signed in to that user); the title says so, there is no
   * Google button, and success toasts "Mobile number added".
   */
  purpose?: LoginPurpose;
  /**
   * A verified number (E.164) to fill in: a registered customer arriving
   * from the company's other channels (docs/ops/native-customer-link.md).
   * The intro says so and focus goes to the confirmations, the one thing
   * left to do before "Send code".
   */
  prefillPhone?: string | null;
}

type Step = { kind: 'phone' } | ({ kind: 'otp' } & OtpRequest);

/** The 10 digits after +91 of an Indian mobile in E.164, spaced as people write them ("98123 45678"); '' for anything else. */
export function nationalNumberOf(e164: string | null | undefined): string {
  const m = /^\+91([6-9]\d{4})(\d{5})$/.exec(e164 ?? '');
  return m ? `${m[1]} ${m[2]}` : '';
}

/**
 * The login and OTP modal (SPEC.md section 2 "Screen elements", section 5
 * "Login requires confirming the user is over 18 and accepting terms and
 * privacy policy"): an Indian mobile number and both confirmations, then
 * the 6-digit code (typed, pasted, filled by the keyboard's one-time-code
 * suggestion or read by the WebOTP API), a resend after the server's
 * `resend_after_s`; or Google sign-in when a client id is configured.
 * Errors are the server's codes through `errors.<code>`; each failed call
 * is recorded as a SPEC.md section 8 tracked failure event. On success it
 * toasts "Signed in" and calls `onSignedIn`. With `purpose: 'link-phone'`
 * it adds the number to the signed-in user instead (see LoginModalProps).
 *
 * A modal on the shared Dialog: labelled by the step's title and described
 * by its intro, focus moves in on open (the number, then the code), Tab
 * stays inside, Escape or the backdrop closes, focus returns to where it was.
 * The steps are PhoneStep (with GoogleSection) and OtpStep.
 */
export function LoginModal({ onClose, onSignedIn, googleClientId, purpose = 'sign-in', prefillPhone = null }: LoginModalProps) {
  const t = useTranslations('auth');
  const qc = useQueryClient();
  const linking = purpose === 'link-phone';
  const prefilled = !linking && nationalNumberOf(prefillPhone) !== '';
  const text = useMessageText();
  const errorText = useErrorText();
  const notify = useNotificationStore((s) => s.notify);
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<PhoneFormInput, unknown, PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: prefilled ? nationalNumberOf(prefillPhone) : '', over_18: false, accept_terms: false },
  });

  const initiate = useInitiateOtp();
  const google = useGoogleSignIn();

  const signedIn = useCallback((user: Me) => {
    if (linking) {
      notify({ message: t('phoneAdded') });
      // The verify answer already is the user with the number; this asks once more, so every view agrees.
      void qc.invalidateQueries({ queryKey: authKeys.me, exact: true });
    } else {
      notify({ message: t('signedIn') });
    }
    onSignedIn(user);
  }, [linking, notify, onSignedIn, qc, t]);

  const startOtp = (sent: OtpSent, phone: string) => {
    setFormError(null);
    setStep({ kind: 'otp', requestId: sent.request_id, phone, resendAt: Date.now() + sent.resend_after_s * 1000 });
  };

  const onSendCode = form.handleSubmit((values) => {
    setFormError(null);
    initiate.mutate(values.phone, {
      onSuccess: (sent) => startOtp(sent, values.phone),
      onError: (err) => {
        void trackAuthFailure(AUTH_FAILURE_EVENTS.otpInitiate, err);
        if (err.code === 'invalid_phone') form.setError('phone', { type: 'server', message: AUTH_MESSAGE_KEYS.phone }, { shouldFocus: true });
        else setFormError(errorText(err));
      },
    });
  });

  const onGoogleCredential = (credential: string | undefined) => {
    const v = form.getValues();
    if (!v.over_18 || !v.accept_terms) {
      void form.trigger(['over_18', 'accept_terms'], { shouldFocus: true });
      return;
    }
    if (!credential) {
      void trackAuthFailure(AUTH_FAILURE_EVENTS.google, 'google_no_credential');
      setFormError(t('googleFailed'));
      return;
    }
    setFormError(null);
    google.mutate({ credential, over_18: true, accept_terms: true }, {
      onSuccess: (r) => signedIn(r.user),
      onError: (err) => {
        void trackAuthFailure(AUTH_FAILURE_EVENTS.google, err);
        setFormError(errorText(err));
      },
    });
  };

  const onGooglePopupError = () => {
    void trackAuthFailure(AUTH_FAILURE_EVENTS.google, 'google_popup_failed');
    setFormError(t('googleFailed'));
  };

  return (
    <Dialog
      onClose={onClose}
      overlayClassName="fixed inset-0 z-[60] flex items-end justify-center bg-black/60 sm:items-center"
      className="max-h-dvh w-full overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-neutral-900 shadow-xl sm:max-w-md sm:rounded-2xl dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="mb-2 flex items-center justify-between gap-4">
        <DialogTitle className="text-lg font-semibold">{step.kind === 'otp' ? t('otpTitle') : linking ? t('linkPhoneTitle') : t('title')}</DialogTitle>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          className="-m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          <CloseIcon size={20} />
        </button>
      </div>

      {step.kind === 'phone' ? (
        <>
          <DialogDescription className="mb-4 text-sm text-neutral-600 dark:text-neutral-400">
            {linking ? t('linkPhoneIntro') : prefilled ? t('customerIntro') : t('intro')}
          </DialogDescription>
          <PhoneStep form={form} text={text} pending={initiate.isPending} onSubmit={onSendCode} prefilled={prefilled} />
          {googleClientId && !linking ? (
            <GoogleSection
              clientId={googleClientId}
              control={form.control}
              pending={google.isPending}
              onNeedConfirmations={() => void form.trigger(['over_18', 'accept_terms'], { shouldFocus: true })}
              onCredential={onGoogleCredential}
              onPopupError={onGooglePopupError}
            />
          ) : null}
          {formError ? <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">{formError}</p> : null}
        </>
      ) : (
        <OtpStep
          request={step}
          onResent={(sent) => setStep({ ...step, requestId: sent.request_id, resendAt: Date.now() + sent.resend_after_s * 1000 })}
          onResendWait={(s) => setStep({ ...step, resendAt: Date.now() + s * 1000 })}
          onChangeNumber={() => {
            setFormError(null);
            setStep({ kind: 'phone' });
          }}
          onSignedIn={signedIn}
        />
      )}
    </Dialog>
  );
}
