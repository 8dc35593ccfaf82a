'use client';

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useForm, useWatch, type Control, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { useQueryClient } from '@tanstack/react-query';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { CloseIcon } from '@/components/ui/icons';
import type { HttpError } from '@/lib/http/client';
import { useNotificationStore } from '@/stores/notification-store';
import { AUTH_FAILURE_EVENTS, trackAuthFailure } from '../api/failure-events';
import { authKeys, useGoogleSignIn, useInitiateOtp, useResendOtp, useVerifyOtp } from '../api/session';
import type { LoginPurpose } from '../store';
import {
  AUTH_MESSAGE_KEYS, OTP_LENGTH, otpDigits, otpSchema, phoneFormSchema,
  type Me, type OtpSent, type PhoneForm, type PhoneFormInput,
} from '../schemas';

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
}

type Step =
  | { kind: 'phone' }
  | { kind: 'otp'; requestId: string; phone: string; resendAt: number };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** "+919812345678" -> "+91 98123 45678". */
function displayPhone(e164: string): string {
  const national = e164.replace(/^\+91/, '');
  return national.length === 10 ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : e164;
}

/** Translates a message key of the schemas ("auth.validation.phone"); other text is shown as is. */
function useMessageText(): (keyOrText: string | undefined) => string | undefined {
  const t = useTranslations();
  return (k) => (k ? (t.has(k) ? t(k) : k) : undefined);
}

/** The text of a failed call: `errors.<code>` when there is one, else the generic message. */
function useErrorText(): (err: HttpError) => string {
  const tErr = useTranslations('errors');
  return (err) => (tErr.has(err.code) ? tErr(err.code) : tErr('generic'));
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
 * A modal dialog: labelled, focus moves in on open, Tab stays inside,
 * Escape or the backdrop closes, focus returns to where it was.
 */
export function LoginModal({ onClose, onSignedIn, googleClientId, purpose = 'sign-in' }: LoginModalProps) {
  const t = useTranslations('auth');
  const qc = useQueryClient();
  const linking = purpose === 'link-phone';
  const text = useMessageText();
  const errorText = useErrorText();
  const notify = useNotificationStore((s) => s.notify);
  const titleId = useId();
  const introId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<PhoneFormInput, unknown, PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: '', over_18: false, accept_terms: false },
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

  useDialogBehaviour(panelRef, onClose);

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
    <div
      className="fixed inset-0 z-[60] flex items-end justify-center bg-black/60 sm:items-center"
      onMouseDown={(e) => {
        // A press on the backdrop itself (outside the panel) closes.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        className="max-h-dvh w-full overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-neutral-900 shadow-xl sm:max-w-md sm:rounded-2xl dark:bg-neutral-900 dark:text-neutral-100"
      >
        <div className="mb-2 flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">{step.kind === 'otp' ? t('otpTitle') : linking ? t('linkPhoneTitle') : t('title')}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('close')}
            className="rounded-full p-2 hover:bg-neutral-100 dark:hover:bg-neutral-800"
          >
            <CloseIcon size={20} />
          </button>
        </div>

        {step.kind === 'phone' ? (
          <>
            <p id={introId} className="mb-4 text-sm text-neutral-600 dark:text-neutral-400">{linking ? t('linkPhoneIntro') : t('intro')}</p>
            <PhoneStep form={form} text={text} pending={initiate.isPending} onSubmit={onSendCode} />
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
            step={step}
            introId={introId}
            onResent={(sent) => setStep({ ...step, requestId: sent.request_id, resendAt: Date.now() + sent.resend_after_s * 1000 })}
            onResendWait={(s) => setStep({ ...step, resendAt: Date.now() + s * 1000 })}
            onChangeNumber={() => {
              setFormError(null);
              setStep({ kind: 'phone' });
            }}
            onSignedIn={signedIn}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Modal behaviour on the panel: remembers what had focus and gives it back
 * on close, closes on Escape, keeps Tab inside, and stops the page behind
 * from scrolling.
 */
function useDialogBehaviour(panelRef: RefObject<HTMLDivElement | null>, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panelRef.current) return;
      const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = panelRef.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (before?.isConnected) before.focus();
    };
  }, [panelRef]);
}

const inputBox =
  'rounded-xl border border-neutral-300 bg-white focus-within:border-amber-500 focus-within:ring-2 focus-within:ring-amber-500/40 dark:border-neutral-700 dark:bg-neutral-950';

/** One of the two sign-in confirmations (SPEC.md section 5): a checkbox with its error under it. */
function Confirmation({ id, label, error, field }: {
  id: string; label: string; error: string | undefined; field: UseFormRegisterReturn;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-amber-500"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id : undefined}
          {...field}
        />
        <span>{label}</span>
      </label>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return <p id={id} role="alert" className="text-sm text-red-600 dark:text-red-400">{children}</p>;
}

/** Mobile number after a fixed +91, both confirmations, "Send code". */
function PhoneStep({ form, text, pending, onSubmit }: {
  form: UseFormReturn<PhoneFormInput, unknown, PhoneForm>;
  text: (k: string | undefined) => string | undefined;
  pending: boolean;
  onSubmit: () => void;
}) {
  const t = useTranslations('auth');
  const { register, setFocus, formState: { errors } } = form;
  const phoneId = useId();
  const prefixId = useId();
  const over18Id = useId();
  const termsId = useId();

  useEffect(() => {
    setFocus('phone');
  }, [setFocus]);

  const phoneError = text(errors.phone?.message);
  const over18Error = text(errors.over_18?.message);
  const termsError = text(errors.accept_terms?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={phoneId} className="text-sm font-medium">{t('phoneLabel')}</label>
        <div className={`flex items-center ${inputBox} ${phoneError ? 'border-red-500' : ''}`}>
          <span id={prefixId} className="select-none border-r border-neutral-300 px-3 py-3 text-base text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">+91</span>
          <input
            id={phoneId}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            className="w-full min-w-0 rounded-r-xl bg-transparent px-3 py-3 text-base outline-none"
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? `${prefixId} ${phoneId}-error` : prefixId}
            {...register('phone')}
          />
        </div>
        {phoneError ? <FieldError id={`${phoneId}-error`}>{phoneError}</FieldError> : null}
      </div>

      <Confirmation id={over18Id} label={t('over18')} error={over18Error} field={register('over_18')} />
      <Confirmation id={termsId} label={t('acceptTerms')} error={termsError} field={register('accept_terms')} />

      <button
        type="submit"
        disabled={pending}
        className="mt-1 rounded-full bg-amber-500 px-6 py-3 font-semibold text-black hover:bg-amber-400 disabled:opacity-60"
      >
        {pending ? t('sending') : t('sendCode')}
      </button>
    </form>
  );
}

/**
 * Google's button (GoogleOAuthProvider loads Google's script only here,
 * inside the lazily loaded modal). Until both confirmations are ticked the
 * button is inert and a transparent button over it asks for them instead.
 */
function GoogleSection({ clientId, control, pending, onNeedConfirmations, onCredential, onPopupError }: {
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

/** Reads a code from an incoming SMS with the WebOTP API where the browser has it; stops on `active` false or unmount. */
function useWebOtp(active: boolean, onCode: (code: string) => void) {
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window) || !navigator.credentials) return;
    const ctrl = new AbortController();
    const options = { otp: { transport: ['sms'] }, signal: ctrl.signal } as CredentialRequestOptions;
    navigator.credentials.get(options).then((cred) => {
      const code = (cred as (Credential & { code?: string }) | null)?.code;
      if (code && !ctrl.signal.aborted) onCodeRef.current(otpDigits(code));
    }, () => undefined);
    return () => ctrl.abort();
  }, [active]);
}

/** Whole seconds until `at` (ms since the epoch), ticking while above 0. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((at - now) / 1000));
  const waiting = left > 0;
  useEffect(() => {
    setNow(Date.now());
  }, [at]);
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [waiting]);
  return left;
}

/** The 6-digit code: one input drawn as six boxes, auto-submitted when full; resend after the countdown. */
function OtpStep({ step, introId, onResent, onResendWait, onChangeNumber, onSignedIn }: {
  step: Extract<Step, { kind: 'otp' }>;
  introId: string;
  onResent: (sent: OtpSent) => void;
  onResendWait: (seconds: number) => void;
  onChangeNumber: () => void;
  onSignedIn: (user: Me) => void;
}) {
  const t = useTranslations('auth');
  const errorText = useErrorText();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const secondsLeft = useSecondsUntil(step.resendAt);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = useCallback((value: string) => {
    const parsed = otpSchema.safeParse(value);
    if (!parsed.success) {
      setError(t('validation.otp'));
      return;
    }
    if (verify.isPending) return;
    setError(null);
    setInfo(null);
    verify.mutate({ request_id: step.requestId, otp: parsed.data, over_18: true, accept_terms: true }, {
      onSuccess: (r) => onSignedIn(r.user),
      onError: (err) => {
        void trackAuthFailure(AUTH_FAILURE_EVENTS.otpValidate, err);
        setError(errorText(err));
        setCode('');
        inputRef.current?.focus();
      },
    });
  }, [errorText, onSignedIn, step.requestId, t, verify]);

  const take = (raw: string) => {
    const digits = otpDigits(raw);
    setCode(digits);
    if (digits.length === OTP_LENGTH) submit(digits);
  };

  useWebOtp(true, take);

  const onResend = () => {
    setError(null);
    setInfo(null);
    resend.mutate(step.requestId, {
      onSuccess: (sent) => {
        setCode('');
        setInfo(t('resent'));
        onResent(sent);
      },
      onError: (err) => {
        void trackAuthFailure(AUTH_FAILURE_EVENTS.otpInitiate, err, { resend: true });
        if (err.code === 'otp_resend_wait' && err.retryAfterS) onResendWait(err.retryAfterS);
        setError(errorText(err));
      },
    });
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    // The caret is hidden and always at the end: arrow keys would only confuse the boxes.
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') e.preventDefault();
  };

  const active = Math.min(code.length, OTP_LENGTH - 1);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit(code);
      }}
    >
      <p id={introId} className="text-sm text-neutral-600 dark:text-neutral-400">{t('otpSentTo', { phone: displayPhone(step.phone) })}</p>
      <label htmlFor={inputId} className="text-sm font-medium">{t('otpLabel')}</label>
      <div className="relative">
        <div className="grid grid-cols-6 gap-2" aria-hidden="true">
          {Array.from({ length: OTP_LENGTH }, (_, i) => (
            <div
              key={i}
              className={`flex h-12 items-center justify-center rounded-xl border text-xl font-semibold tabular-nums ${
                focused && i === active ? 'border-amber-500 ring-2 ring-amber-500/40' : 'border-neutral-300 dark:border-neutral-700'
              } ${error ? 'border-red-500' : ''}`}
            >
              {code[i] ?? ''}
            </div>
          ))}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          value={code}
          readOnly={verify.isPending}
          onChange={(e) => take(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="absolute inset-0 h-full w-full cursor-text bg-transparent text-transparent caret-transparent outline-none selection:bg-transparent"
        />
      </div>
      {error ? <FieldError id={`${inputId}-error`}>{error}</FieldError> : null}
      {info ? <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">{info}</p> : null}

      <button
        type="submit"
        disabled={verify.isPending || code.length !== OTP_LENGTH}
        className="rounded-full bg-amber-500 px-6 py-3 font-semibold text-black hover:bg-amber-400 disabled:opacity-60"
      >
        {verify.isPending ? t('verifying') : t('verify')}
      </button>

      <div className="flex items-center justify-between gap-3 text-sm">
        <button type="button" onClick={onChangeNumber} className="font-medium text-amber-700 underline dark:text-amber-400">
          {t('changeNumber')}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={secondsLeft > 0 || resend.isPending}
          className="font-medium text-amber-700 underline disabled:text-neutral-500 disabled:no-underline dark:text-amber-400 dark:disabled:text-neutral-400"
        >
          {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : t('resend')}
        </button>
      </div>
    </form>
  );
}
