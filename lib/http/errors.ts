import 'server-only';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type of the API. Every non-2xx answer is
 * `{"error":{"code","message"}}` (ARCHITECTURE.md decision 3); `code` is
 * snake_case and the UI translates it through next-intl (`errors.<code>`).
 */
export class ApiError extends Error {
  /** Seconds to wait before retrying (a 429's Retry-After header). */
  public readonly retryAfterS?: number;

  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: string,
    message: string,
    opts: { retryAfterS?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.retryAfterS = opts.retryAfterS;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new ApiError(400, code, message);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, code, message);
export const unprocessable = (message: string, code = 'validation_failed') => new ApiError(422, code, message);
export const forbidden = (message = 'Sorry. You are not authorized for this action!', code = 'forbidden') =>
  new ApiError(403, code, message);

/** The JSON body of an error answer. */
export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}
