import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, STORAGE_KEYS, type HttpError } from '@/lib/http/client';
import { forgetStoredPages } from '@/lib/pwa/sw-rules';
import type { GoogleLoginBody, Me, OtpSent, SignedIn, VerifyOtpBody } from '../schemas';
import type { authRoutes } from '../server/routes';

/**
 * The browser side of the accounts API (docs/api/accounts.md): who is
 * calling, phone OTP, Google sign-in and logout. The web keeps its session
 * in the httpOnly `sr_sid` cookie, so no token is asked for or stored.
 *
 * Calls and answers are typed by the auth router through Hono's `hc`
 * (type imports only, so zod and the server stay out of the pages'
 * first-load code); each fetcher's declared answer (../schemas.ts, which the
 * server's user view shares) is checked against the router's at compile time.
 */

/** The auth endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof authRoutes>>().auth.api;

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
};

/** How long the caller's identity counts as fresh, ms; sign-in and logout update it at once anyway. */
const ME_STALE_MS = 5 * 60_000;

/**
 * GET /auth/api/v1/me: the caller, a user or a visitor (`userId: null`).
 * @throws HttpError.
 */
export async function getMe(): Promise<Me> {
  return (await api.v1.me.$get()).json();
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
export async function initiateOtp(phone: string): Promise<OtpSent> {
  return (await api.v1.otp.initiate.$post({ json: { phone } })).json();
}

/**
 * POST /auth/api/v2/otp/initiate/{request_id}: a new code for the same request.
 * @throws HttpError 429 `otp_resend_wait` (before `resend_after_s`, with Retry-After), `otp_send_limit`, ...
 */
export async function resendOtp(requestId: string): Promise<OtpSent> {
  // `hc` puts path parameters into the path as given.
  return (await api.v2.otp.initiate[':id'].$post({ param: { id: encodeURIComponent(requestId) } })).json();
}

/**
 * POST /auth/api/v2/otp/verify: the code of one request, with both
 * confirmations (SPEC.md section 5); signs in and sets the session cookie.
 * @throws HttpError 401 `otp_invalid`, 410 `otp_expired`, 429 `otp_locked`, 422 `terms_required`, 409 `phone_in_use`, ...
 */
export async function verifyOtp(body: VerifyOtpBody): Promise<SignedIn> {
  return (await api.v2.otp.verify.$post({ json: body })).json();
}

/**
 * POST /auth/api/v2/oauth/login: signs in with a Google ID token and both
 * confirmations; sets the session cookie.
 * @throws HttpError 401 `invalid_google_token`, 503 `google_unavailable`, 404 `google_signin_disabled`, ...
 */
export async function googleLogin(body: GoogleLoginBody): Promise<SignedIn> {
  return (await api[':version{v[235]}'].oauth.login.$post({ param: { version: 'v2' }, json: body })).json();
}

/**
 * POST /auth/api/v1/logout (204): ends the session; the device gets a fresh, empty visitor.
 * The service worker's stored pages and feed answers go too (forgetStoredPages).
 * @throws HttpError.
 */
export async function logout(): Promise<void> {
  await api.v1.logout.$post();
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
