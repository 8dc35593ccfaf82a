'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import { isErrorCode } from '@/lib/http/error-codes';

/** Past this many seconds a wait is told in whole minutes (rounded up). */
const WAIT_IN_MINUTES_FROM_S = 90;

/**
 * The code and the wait of anything a failed call can throw or report: an
 * HttpError (`code`, `retryAfterS`), an error body or socket event
 * (`{code, message, retry_after}`), a bare code string, or anything else
 * (no code).
 */
function partsOf(err: unknown): { code?: string; message?: string; retryAfterS?: number } {
  if (typeof err === 'string') return { code: err };
  if (!err || typeof err !== 'object') return {};
  const e = err as { code?: unknown; message?: unknown; retryAfterS?: unknown; retry_after?: unknown };
  const wait = typeof e.retryAfterS === 'number' ? e.retryAfterS : typeof e.retry_after === 'number' ? e.retry_after : undefined;
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    message: typeof e.message === 'string' && e.message.trim() ? e.message : undefined,
    retryAfterS: wait !== undefined && Number.isFinite(wait) && wait > 0 ? wait : undefined,
  };
}

/**
 * The interface's one way to word a failed call, in the interface language:
 * 1. `errors.<code>` when the code is a member of the closed set
 *    (lib/http/error-codes.ts) and has a text (a unit test makes every
 *    member have one in en, hi and he);
 * 2. else, when the error carries a wait (a 429's Retry-After, seconds), a
 *    "try again in N s" (or "N min" past 90 s);
 * 3. else `fallback` when the screen gives one (its own words, e.g. "Your
 *    like could not be saved.");
 * 4. else, for a code outside the set (a newer server than this page), the
 *    server's own `message` of the one error shape, the best words there are;
 * 5. else the generic message (SPEC.md section 8): an error without a code
 *    (a plain Error's message is never shown).
 * A screen that words one code its own way checks that code first.
 * @returns a stable function `(err, fallback?) => text`; `err` is an
 * HttpError, an error body `{code, message, retry_after?}`, a code string,
 * or anything (then the fallback).
 */
export function useErrorText(): (err: unknown, fallback?: string) => string {
  const tErr = useTranslations('errors');
  return useCallback((err: unknown, fallback?: string) => {
    const { code, message, retryAfterS } = partsOf(err);
    if (isErrorCode(code) && tErr.has(code)) return tErr(code);
    if (retryAfterS !== undefined) {
      return retryAfterS > WAIT_IN_MINUTES_FROM_S
        ? tErr('waitMinutes', { minutes: Math.ceil(retryAfterS / 60) })
        : tErr('waitSeconds', { seconds: Math.ceil(retryAfterS) });
    }
    if (fallback !== undefined) return fallback;
    if (code !== undefined && !isErrorCode(code) && message) return message;
    return tErr('generic');
  }, [tErr]);
}
