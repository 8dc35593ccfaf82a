import { track } from '@/lib/analytics/event-client';
import { HttpError } from '@/lib/http/client';

/**
 * The sign-in failures SPEC.md section 8 tracks ("Google auth failed", "OTP
 * initiate failed", "OTP validate failed"), pushed through the app's one
 * event client (lib/analytics/event-client.ts: queued, 1 s apart, retried,
 * kept across reloads, once per ingest id). Best effort: never throws, never shown.
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
  track(type, { error_message: code.slice(0, 200), metadata: { ...extra, status } });
}
