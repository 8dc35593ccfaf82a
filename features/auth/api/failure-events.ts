import { EVENT_MAX_RETRIES, EVENT_QUEUE_DELAY_MS, EVENT_VERSION, LOG_API_TIMEOUT_MS } from '@/lib/constants';
import { apiFetch, HttpError } from '@/lib/http/client';

/**
 * The sign-in failures SPEC.md section 8 tracks ("Google auth failed", "OTP
 * initiate failed", "OTP validate failed"), pushed to POST
 * /auth/api/v1/events like the player's events. The reels feature owns the
 * player's event queue and features do not import one another, so this is a
 * small sender of its own: sent at once, a lost or 5xx answer retried
 * EVENT_MAX_RETRIES times 1 s apart, a 4xx (a refused event, or the events
 * rate limit) given up. The server's event types list these three names
 * (features/reels/schemas.ts AUTH_FAILURE_EVENTS). Best effort: never throws, never shown.
 *
 * The payload names what failed (the error `code` and HTTP status), never
 * the phone number or the code.
 */
export const AUTH_FAILURE_EVENTS = {
  google: 'GOOGLE_AUTH_FAILED',
  otpInitiate: 'OTP_INITIATE_FAILED',
  otpValidate: 'OTP_VALIDATE_FAILED',
} as const;

export type AuthFailureEvent = (typeof AUTH_FAILURE_EVENTS)[keyof typeof AUTH_FAILURE_EVENTS];

const EVENTS_PATH = '/auth/api/v1/events';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Records one sign-in failure: `error` is the HttpError of the call that
 * failed (its `code` and `status` are sent), or a short code of a failure in
 * the browser (e.g. `google_popup_failed`). A cancelled request is not a
 * failure and is not recorded.
 * @param extra small facts for `payload.metadata` (e.g. `{ resend: true }`).
 */
export async function trackAuthFailure(type: AuthFailureEvent, error: HttpError | string, extra: Record<string, string | number | boolean> = {}): Promise<void> {
  if (typeof window === 'undefined') return;
  if (error instanceof HttpError && error.code === 'aborted') return;
  const code = typeof error === 'string' ? error : error.code;
  const status = typeof error === 'string' ? null : error.status;
  const body = JSON.stringify({
    event_type: type,
    version: EVENT_VERSION,
    payload: {
      error_message: code.slice(0, 200),
      metadata: { ...extra, status, path: window.location.pathname, createdAt: new Date().toISOString() },
    },
  });
  for (let attempt = 0; attempt <= EVENT_MAX_RETRIES; attempt++) {
    try {
      await apiFetch(EVENTS_PATH, {
        method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body, timeoutMs: LOG_API_TIMEOUT_MS,
      });
      return;
    } catch (err) {
      if (err instanceof HttpError && err.status >= 400 && err.status < 500) return;
      if (attempt < EVENT_MAX_RETRIES) await wait(EVENT_QUEUE_DELAY_MS);
    }
  }
}
