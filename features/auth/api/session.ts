import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch, STORAGE_KEYS, type HttpError } from '@/lib/http/client';
import { forgetStoredPages } from '@/lib/pwa/sw-rules';
import type { GoogleLoginBody, Me, OtpSent, SignedIn, VerifyOtpBody } from '../schemas';

/**
 * The browser side of the accounts API (docs/api/accounts.md): who is
 * calling, phone OTP, Google sign-in and logout. The web keeps its session
 * in the httpOnly `sr_sid` cookie, so no token is asked for or stored.
 *
 * Plain `apiFetch` with the types of ../schemas.ts rather than
 * `apiClient<typeof routes>()`: the auth router is still changing, and this
 * file imports only types, so zod stays out of the pages' first-load code.
 */

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
};

/** How long the caller's identity counts as fresh, ms; sign-in and logout update it at once anyway. */
const ME_STALE_MS = 5 * 60_000;

async function postJson<T>(path: string, body?: unknown): Promise<T> {
  const res = await apiFetch(path, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

/**
 * GET /auth/api/v1/me: the caller, a user or a visitor (`userId: null`).
 * @throws HttpError.
 */
export async function getMe(): Promise<Me> {
  return (await (await apiFetch('/auth/api/v1/me')).json()) as Me;
}

/** The caller under `['auth','me']`. */
export function meQueryOptions() {
  return queryOptions({ queryKey: authKeys.me, queryFn: getMe, staleTime: ME_STALE_MS });
}

/** The caller (user or visitor); `data` is undefined until the first answer. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * POST /auth/api/v1/otp/initiate: texts a 6-digit code to `phone` (10 digits
 * or E.164 +91). The answer is the same for a registered and a new number.
 * @throws HttpError 422 `invalid_phone`, 429 `otp_send_limit` / `rate_limited`, ...
 */
export function initiateOtp(phone: string): Promise<OtpSent> {
  return postJson<OtpSent>('/auth/api/v1/otp/initiate', { phone });
}

/**
 * POST /auth/api/v2/otp/initiate/{request_id}: a new code for the same request.
 * @throws HttpError 429 `otp_resend_wait` (before `resend_after_s`, with Retry-After), `otp_send_limit`, ...
 */
export function resendOtp(requestId: string): Promise<OtpSent> {
  return postJson<OtpSent>(`/auth/api/v2/otp/initiate/${encodeURIComponent(requestId)}`);
}

/**
 * POST /auth/api/v2/otp/verify: the code of one request, with both
 * confirmations (SPEC.md section 5); signs in and sets the session cookie.
 * @throws HttpError 401 `otp_invalid`, 410 `otp_expired`, 429 `otp_locked`, 422 `terms_required`, 409 `phone_in_use`, ...
 */
export function verifyOtp(body: VerifyOtpBody): Promise<SignedIn> {
  return postJson<SignedIn>('/auth/api/v2/otp/verify', body);
}

/**
 * POST /auth/api/v2/oauth/login: signs in with a Google ID token and both
 * confirmations; sets the session cookie.
 * @throws HttpError 401 `invalid_google_token`, 503 `google_unavailable`, 404 `google_signin_disabled`, ...
 */
export function googleLogin(body: GoogleLoginBody): Promise<SignedIn> {
  return postJson<SignedIn>('/auth/api/v2/oauth/login', body);
}

/**
 * POST /auth/api/v1/logout (204): ends the session; the device gets a fresh, empty visitor.
 * The service worker's stored pages and feed answers go too (forgetStoredPages).
 * @throws HttpError.
 */
export async function logout(): Promise<void> {
  await apiFetch('/auth/api/v1/logout', { method: 'POST' });
  try {
    // A token from an API-style sign-in would outlive the cookie session otherwise.
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
  } catch {
    // Storage may be disabled; there is then no token either.
  }
  await forgetStoredPages();
}

/**
 * After a sign-in: the caller is `user` at once, and every other query
 * (likes, progress, chats) reloads under the new principal, whose home
 * visitor now holds what this device did before.
 */
export function applySignIn(qc: QueryClient, user: Me): void {
  qc.setQueryData(authKeys.me, user);
  // The sign-in answer already is the fresh `me`; everything else reloads.
  const isMe = (key: readonly unknown[]) => key.length === 2 && key[0] === authKeys.me[0] && key[1] === authKeys.me[1];
  void qc.invalidateQueries({ predicate: (q) => !isMe(q.queryKey) });
}

/** Sends a phone number its code. */
export function useInitiateOtp() {
  return useMutation<OtpSent, HttpError, string>({ mutationKey: ['auth', 'otp', 'initiate'], mutationFn: initiateOtp });
}

/** Sends a new code for a request. */
export function useResendOtp() {
  return useMutation<OtpSent, HttpError, string>({ mutationKey: ['auth', 'otp', 'resend'], mutationFn: resendOtp });
}

/** Signs in with a code; on success the caches follow the new principal (applySignIn). */
export function useVerifyOtp() {
  const qc = useQueryClient();
  return useMutation<SignedIn, HttpError, VerifyOtpBody>({
    mutationKey: ['auth', 'otp', 'verify'],
    mutationFn: verifyOtp,
    onSuccess: (r) => applySignIn(qc, r.user),
  });
}

/** Signs in with Google; on success the caches follow the new principal (applySignIn). */
export function useGoogleSignIn() {
  const qc = useQueryClient();
  return useMutation<SignedIn, HttpError, GoogleLoginBody>({
    mutationKey: ['auth', 'google'],
    mutationFn: googleLogin,
    onSuccess: (r) => applySignIn(qc, r.user),
  });
}

/**
 * Logs out; then every query starts over (reset, not just refetched), so
 * nothing of the signed-out user stays on screen.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation<void, HttpError, void>({
    mutationKey: ['auth', 'logout'],
    mutationFn: logout,
    onSuccess: () => qc.resetQueries(),
  });
}
