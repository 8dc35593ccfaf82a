import { API_TIMEOUT_MS, DEVICE_ID_LENGTH, SESSION_REFRESH_ID_LENGTH } from '../constants';

/**
 * The browser's API client (SPEC.md section 7 "Client behaviour"): every
 * call has a 120 s timeout, sends credentials and carries the auth token,
 * fingerprint id and session id headers. A non-2xx answer becomes an
 * `HttpError` with the `code` of the one error shape
 * (`{"error":{"code","message"}}`, ARCHITECTURE.md decision 3), which the UI
 * translates through `errors.<code>`.
 */

/** Header names of the three client ids (SPEC.md section 7). */
export const AUTH_HEADER = 'Authorization';
export const FINGERPRINT_HEADER = 'X-Fingerprint-Id';
export const SESSION_HEADER = 'X-Session-Id';

/** Stored keys (SPEC.md section 9 "Stored keys"). */
export const STORAGE_KEYS = {
  authToken: 'sr_auth_token',
  fingerprint: 'sr_fingerprint',
  session: 'sr_session_id',
} as const;

/** Codes the client itself produces (no answer from the server). */
export type ClientErrorCode = 'timeout' | 'network_error' | 'aborted';

export class HttpError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came (timeout, offline). */
    public readonly status: number,
    /** snake_case code from the error shape, or a ClientErrorCode. */
    public readonly code: string,
    message: string,
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
  // 256 is 4 * 64 and 62 < 64: the tiny bias is irrelevant for a device id.
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

/** This browser's fingerprint (device) id: 20 alphanumeric characters kept in localStorage (SPEC.md section 9). */
export function getDeviceId(): string {
  if (typeof window === 'undefined') return '';
  return stored(() => window.localStorage, STORAGE_KEYS.fingerprint, () => randomId(DEVICE_ID_LENGTH)) ?? '';
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

/** The three client headers of SPEC.md section 7. */
export function clientHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  const token = getAuthToken();
  if (token) h[AUTH_HEADER] = `Bearer ${token}`;
  const device = getDeviceId();
  if (device) h[FINGERPRINT_HEADER] = device;
  const session = getSessionId();
  if (session) h[SESSION_HEADER] = session;
  return h;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body (POST, PUT, PATCH, and DELETE when it carries one). */
  json?: unknown;
  /** Form body (POST as form): sent as multipart or urlencoded by the browser. */
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** Default API_TIMEOUT_MS (120 s). */
  timeoutMs?: number;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** Builds `path?query` with empty values left out. */
export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
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
  return new HttpError(res.status, code, message);
}

function timeoutSignal(ms: number, outer?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, ms);
  const onAbort = () => ctrl.abort();
  if (outer) {
    if (outer.aborted) ctrl.abort();
    else outer.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: ctrl.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Calls the API and returns the parsed JSON answer (undefined for 204).
 * @throws HttpError with the server's `code` for a non-2xx answer; with
 * `timeout` (status 0) after `timeoutMs`, `aborted` when the caller's signal
 * aborted, `network_error` when no answer came.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.json !== undefined || opts.form ? 'POST' : 'GET');
  const headers: Record<string, string> = { Accept: 'application/json', ...clientHeaders(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  const t = timeoutSignal(opts.timeoutMs ?? API_TIMEOUT_MS, opts.signal);
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), { method, headers, body, credentials: 'include', signal: t.signal });
  } catch (err) {
    if (t.timedOut()) throw new HttpError(0, 'timeout', 'The request timed out.');
    if (opts.signal?.aborted) throw new HttpError(0, 'aborted', 'The request was cancelled.');
    throw new HttpError(0, 'network_error', err instanceof Error ? err.message : 'Network error');
  } finally {
    t.done();
  }
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The verbs of SPEC.md section 7. */
export const http = {
  get: <T>(path: string, query?: Record<string, QueryValue>, opts?: Omit<RequestOptions, 'method' | 'query'>) =>
    apiRequest<T>(path, { ...opts, method: 'GET', query }),
  post: <T>(path: string, json?: unknown, opts?: Omit<RequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...opts, method: 'POST', json: json ?? {} }),
  postForm: <T>(path: string, form: FormData | URLSearchParams, opts?: Omit<RequestOptions, 'method' | 'form'>) =>
    apiRequest<T>(path, { ...opts, method: 'POST', form }),
  put: <T>(path: string, json?: unknown, opts?: Omit<RequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', json }),
  patch: <T>(path: string, json?: unknown, opts?: Omit<RequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', json }),
  delete: <T>(path: string, json?: unknown, opts?: Omit<RequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE', json }),
};
