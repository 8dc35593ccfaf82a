import 'server-only';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { statusOf, type ApiErrorCode } from './error-codes';

export type { ApiErrorCode } from './error-codes';

/** Options of an ApiError: another status than the code's own, and the wait of a 429. */
export interface ApiErrorOptions {
  /** The HTTP status when it is not the code's (API_ERROR_STATUS in lib/http/error-codes.ts). */
  status?: ContentfulStatusCode;
  /** Seconds to wait before retrying (a 429's Retry-After header). */
  retryAfterS?: number;
}

/**
 * The one error type of the API. Every non-2xx answer is
 * `{"error":{"code","message"}}` (ARCHITECTURE.md decision 3); `code` is a
 * member of the closed set in lib/http/error-codes.ts (a free string does
 * not type-check) and the UI translates it through next-intl
 * (`errors.<code>`). `message` is English for logs and API callers.
 *
 * Two spellings: `new ApiError(code, message, { status?, retryAfterS? })`
 * takes the code's status from the table unless `status` is given;
 * `new ApiError(status, code, message, { retryAfterS? })` names it.
 */
export class ApiError extends Error {
  public readonly status: ContentfulStatusCode;
  public readonly code: ApiErrorCode;
  /** Seconds to wait before retrying (a 429's Retry-After header). */
  public readonly retryAfterS?: number;

  constructor(code: ApiErrorCode, message: string, opts?: ApiErrorOptions);
  constructor(status: ContentfulStatusCode, code: ApiErrorCode, message: string, opts?: Pick<ApiErrorOptions, 'retryAfterS'>);
  constructor(
    first: ApiErrorCode | ContentfulStatusCode,
    second: string,
    third?: string | ApiErrorOptions,
    fourth: ApiErrorOptions = {},
  ) {
    const named = typeof first === 'number';
    const code = (named ? second : first) as ApiErrorCode;
    const message = (named ? third : second) as string;
    const opts = (named ? fourth : third ?? {}) as ApiErrorOptions;
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = named ? first : opts.status ?? statusOf(code);
    this.retryAfterS = opts.retryAfterS;
  }
}

/** 400 `code` (default `bad_request`): the request could not be read. */
export const badRequest = (message: string, code: ApiErrorCode = 'bad_request') => new ApiError(400, code, message);
/** 404 `code` (default `not_found`): no such thing, or not one the caller may see. */
export const notFound = (message: string, code: ApiErrorCode = 'not_found') => new ApiError(404, code, message);
/** 422 `code` (default `validation_failed`; its message starts with the field: "phone: ..."). */
export const unprocessable = (message: string, code: ApiErrorCode = 'validation_failed') => new ApiError(422, code, message);
/** 403 `code` (default `forbidden`, with SPEC.md section 8's words). */
export const forbidden = (message = 'Sorry. You are not authorized for this action!', code: ApiErrorCode = 'forbidden') =>
  new ApiError(403, code, message);

/** The JSON body of an error answer: `{ error: { code, message } }`. */
export function errorBody(code: ApiErrorCode, message: string) {
  return { error: { code, message } };
}
