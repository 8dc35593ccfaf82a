'use client';

import { useEffect, useRef, useState } from 'react';
import { otpDigits } from '../schemas';

/**
 * Reads a code from an incoming SMS with the WebOTP API where the browser
 * has it (`navigator.credentials.get({ otp: { transport: ['sms'] } })`) and
 * hands its digits to `onCode`; stops listening (aborts the request) when
 * `active` turns false or on unmount. Without the API it does nothing.
 */
export function useWebOtp(active: boolean, onCode: (code: string) => void) {
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

/** Whole seconds until `at` (ms since the epoch), re-rendering while above 0 (a 250 ms tick); 0 once passed. */
export function useSecondsUntil(at: number): number {
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
