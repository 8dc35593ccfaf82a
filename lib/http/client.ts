import { hc } from 'hono/client';
import type { Hono } from 'hono';
import { API_TIMEOUT_MS, SESSION_REFRESH_ID_LENGTH } from '../constants';

/**
 * The browser's API client (SPEC.md section 7 "Client behaviour"): every
 * call has a 120 s timeout, sends credentials and carries the client
 * headers. A non-2xx answer becomes an `HttpError` with the `code` of the one
 * error shape (`{"error":{"code","message"}}`, ARCHITECTURE.md decision 3),
 * which the UI translates through `errors.<code>`.
 *
 * Calls are typed by the server's own routers through Hono's `hc`
 * (`apiClient<typeof someRoutes>()` in each feature's api/ folder): paths,
 * query, body and answer types come from the handlers, not from casts.
 *
 * Of the SPEC's three client ids: the fingerprint id is the visitor id the
 * server issues in an httpOnly cookie (API clients without cookies, and pages
 * framed by another site, send it as `X-Fingerprint-Id`); the session id is
 * this tab's; the auth token comes with accounts.
 */

export const AUTH_HEADER = 'Authorization';
export const SESSION_HEADER = 'X-Session-Id';
export const FINGERPRINT_HEADER = 'X-Fingerprint-Id';

/** The visitor token a page handed over (see setVisitorToken); memory only. */
let visitorTokenInMemory: string | null = null;

/**
 * Uses `token` (the server-issued visitor token) as this page's fingerprint
 * id on every call and on the chat socket. For pages framed by another site
 * (the embeddable assistant), where the browser neither sends nor keeps the
 * site's own cookie: the server put the token in the page it rendered for
 * this very visitor.
 */
export function setVisitorToken(token: string | null): void {
  visitorTokenInMemory = token;
}

/** The visitor token set by setVisitorToken, or null (the cookie carries it). */
export function getVisitorToken(): string | null {
  return visitorTokenInMemory;
}

/** Stored keys (SPEC.md section 9 "Stored keys"). */
export const STORAGE_KEYS = {
  authToken: 'sr_auth_token',
  session: 'sr_session_id',
} as const;

/** Codes the client itself produces (no answer from the server): lib/http/error-codes.ts. */
export type { ClientErrorCode } from './error-codes';

export class HttpError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came (timeout, offline). */
    public readonly status: number,
    /** snake_case code from the error shape, or a ClientErrorCode. */
    public readonly code: string,
    message: string,
    /** Seconds to wait before retrying (a 429's Retry-After), when given. */
    public readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random alphanumeric id of `length` characters from the browser's CSPRNG. */
export function randomId(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 256 is 4 * 64 and 62 < 64: the tiny bias is irrelevant for a session id.
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('');
}

function stored(storage: () => Storage, key: string, make?: () => string): string | null {
  try {
    const s = storage();
    let v = s.getItem(key);
    if (!v && make) {
      v = make();
      s.setItem(key, v);
    }
    return v;
  } catch {
    // Storage can be disabled (private mode, embedded views): work without it.
    return make ? make() : null;
  }
}

/** This tab's session id: 10 alphanumeric characters kept in sessionStorage (SPEC.md section 9). */
export function getSessionId(): string {
  if (typeof window === 'undefined') return '';
  return stored(() => window.sessionStorage, STORAGE_KEYS.session, () => randomId(SESSION_REFRESH_ID_LENGTH)) ?? '';
}

/** The auth token saved at log-in, if any. */
export function getAuthToken(): string | null {
  if (typeof window === 'undefined') return null;
  return stored(() => window.localStorage, STORAGE_KEYS.authToken);
}

/** The client headers of SPEC.md section 7 that the browser sets itself. */
export function clientHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  const token = getAuthToken();
  if (token) h[AUTH_HEADER] = `Bearer ${token}`;
  const session = getSessionId();
  if (session) h[SESSION_HEADER] = session;
  if (visitorTokenInMemory) h[FINGERPRINT_HEADER] = visitorTokenInMemory;
  return h;
}

/** Reads the one error shape from a failed answer; falls back to a code for the status. */
async function errorFrom(res: Response): Promise<HttpError> {
  let code = res.status >= 500 ? 'internal_error' : res.status === 404 ? 'not_found' : 'bad_request';
  let message = res.statusText || `HTTP ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
    if (body?.error && typeof body.error.code === 'string') code = body.error.code;
    if (body?.error && typeof body.error.message === 'string') message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): keep the status-based code.
  }
  const retry = Number(res.headers.get('retry-after'));
  return new HttpError(res.status, code, message, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}

/** Extra option of apiFetch: the time limit, ms (default API_TIMEOUT_MS, 120 s). */
export type ApiInit = RequestInit & { timeoutMs?: number };

/**
 * `fetch` for the API: credentials included, the client headers added,
 * `Accept: application/json`, a time limit; resolves only with a 2xx answer.
 * @throws HttpError with the server's `code` for a non-2xx answer; with
 * `timeout` (status 0) after the time limit, `aborted` when the caller's
 * signal aborted, `network_error` when no answer came.
 */
export async function apiFetch(input: RequestInfo | URL, init: ApiInit = {}): Promise<Response> {
  const { timeoutMs = API_TIMEOUT_MS, signal: outer, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  for (const [k, v] of Object.entries(clientHeaders())) if (!headers.has(k)) headers.set(k, v);
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutMs);
  const onAbort = () => ctrl.abort();
  if (outer?.aborted) ctrl.abort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  let res: Response;
  try {
    res = await fetch(input, { ...rest, headers, credentials: 'include', signal: ctrl.signal });
  } catch (err) {
    if (timedOut) throw new HttpError(0, 'timeout', 'The request timed out.');
    if (outer?.aborted) throw new HttpError(0, 'aborted', 'The request was cancelled.');
    throw new HttpError(0, 'network_error', err instanceof Error ? err.message : 'Network error');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/**
 * A client typed by a server router (`typeof feedRoutes`): same-origin
 * paths, every call through `apiFetch`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's env, schema and base path
export function apiClient<App extends Hono<any, any, any>>(opts: { timeoutMs?: number } = {}) {
  const fetchFn = opts.timeoutMs === undefined
    ? apiFetch
    : (input: RequestInfo | URL, init?: RequestInit) => apiFetch(input, { ...init, timeoutMs: opts.timeoutMs });
  return hc<App>('/', { fetch: fetchFn });
}
