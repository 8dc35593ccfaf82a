'use client';

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { DialogDescription } from '@/components/ui/dialog';
import { AUTH_FAILURE_EVENTS, trackAuthFailure } from '../api/failure-events';
import { useResendOtp, useVerifyOtp } from '../api/session';
import { OTP_LENGTH, otpDigits, otpSchema, type Me, type OtpSent } from '../schemas';
import { FieldError } from './login-modal-fields';
import { useErrorText } from '@/lib/use-error-text';
import { useSecondsUntil, useWebOtp } from './login-modal-otp-hooks';
import { Button } from '@/components/ui/button';

/** The code step's request: the server's `request_id`, the number in E.164, and when a resend is allowed (ms since the epoch). */
export interface OtpRequest {
  requestId: string;
  phone: string;
  resendAt: number;
}

/** "+919812345678" -> "+91 98123 45678". */
function displayPhone(e164: string): string {
  const national = e164.replace(/^\+91/, '');
  return national.length === 10 ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : e164;
}

/**
 * The login modal's code step: the 6-digit code in one input drawn as six
 * boxes (typed, pasted, the keyboard's one-time-code suggestion or the
 * WebOTP API), verified as soon as it is full; "Resend code" after the
 * countdown to `request.resendAt`; "Change number" goes back. A failed
 * verify or resend shows `errors.<code>` and is recorded as a tracked
 * failure (SPEC.md section 8). Its text is the dialog's description.
 * @param onResent a new code was sent for the same request.
 * @param onResendWait the server asked to wait `seconds` more before a resend.
 */
export function OtpStep({ request, onResent, onResendWait, onChangeNumber, onSignedIn }: {
  request: OtpRequest;
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
  const secondsLeft = useSecondsUntil(request.resendAt);

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
    verify.mutate({ request_id: request.requestId, otp: parsed.data, over_18: true, accept_terms: true }, {
      onSuccess: (r) => onSignedIn(r.user),
      onError: (err) => {
        void trackAuthFailure(AUTH_FAILURE_EVENTS.otpValidate, err);
        setError(errorText(err));
        setCode('');
        inputRef.current?.focus();
      },
    });
  }, [errorText, onSignedIn, request.requestId, t, verify]);

  const take = (raw: string) => {
    const digits = otpDigits(raw);
    setCode(digits);
    if (digits.length === OTP_LENGTH) submit(digits);
  };

  useWebOtp(true, take);

  const onResend = () => {
    setError(null);
    setInfo(null);
    resend.mutate(request.requestId, {
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
      <DialogDescription className="text-sm text-neutral-600 dark:text-neutral-400">{t('otpSentTo', { phone: displayPhone(request.phone) })}</DialogDescription>
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

      <Button
        type="submit"
        disabled={verify.isPending || code.length !== OTP_LENGTH}
        size="lg"
      >
        {verify.isPending ? t('verifying') : t('verify')}
      </Button>

      <div className="flex items-center justify-between gap-3 text-sm">
        <Button type="button" onClick={onChangeNumber} variant="ghost">
          {t('changeNumber')}
        </Button>
        <Button variant="ghost" onClick={onResend} disabled={secondsLeft > 0 || resend.isPending}>
          {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : t('resend')}
        </Button>
      </div>
    </form>
  );
}
