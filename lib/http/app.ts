import 'server-only';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import type { RequestIdVariables } from 'hono/request-id';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, errorBody, type ApiErrorCode } from './errors';
import { logger } from '../logger';
import type { PrincipalVars } from './principal';

/**
 * The plumbing every API request shares (ARCHITECTURE.md decisions 3 and 10):
 * a request id, the one error shape for every non-2xx answer, body limits,
 * and a 500 that carries no internals.
 */

/** Variables every API handler may read: the request id, and the caller once `principal()` ran. */
export type ApiEnv = { Variables: RequestIdVariables & PrincipalVars };

/**
 * Middleware: the request id (`X-Request-Id`, echoed when the client sent a
 * sane one, else a new UUID), in `c.var.requestId` for the logs. Hono's own
 * requestId() reads the header through the Fetch Headers object, which
 * @hono/node-server builds lazily and which costs the feed's hot path a few
 * microseconds; the node request's own headers are read here when present.
 */
function requestId(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    let id: unknown = incoming ? incoming.headers['x-request-id'] : c.req.header('x-request-id');
    if (typeof id !== 'string' || id.length === 0 || id.length > 255 || /[^\w\-=]/.test(id)) id = randomUUID();
    c.set('requestId', id as string);
    c.header('X-Request-Id', id as string);
    await next();
  };
}

/** Message of every 500 (SPEC.md section 8, the generic error). */
export const INTERNAL_ERROR_MESSAGE = 'Something went Wrong. Please try again Later.';

/**
 * A Hono app with the request id (`X-Request-Id`, echoed when the client sent
 * a sane one), `onError` and `notFound` answering in the one error shape.
 */
export function createApiApp(): Hono<ApiEnv> {
  // Not strict: a trailing slash is ignored, so `/uploader/api/v1/like/` (the
  // spec's spelling) and `/uploader/api/v1/like` (how Hono's typed client
  // writes it) are one endpoint. Routes are registered without the slash.
  const app = new Hono<ApiEnv>({ strict: false });
  app.use('*', requestId());
  app.onError(handleApiError);
  app.notFound((c) => c.json(errorBody('not_found', 'No such API endpoint.'), 404));
  return app;
}

/**
 * Maps anything a handler throws to the one error shape:
 * ApiError -> its status; Hono's HTTPException (e.g. a malformed body seen
 * by Hono itself) -> its status with a generic code; a JSON SyntaxError ->
 * 400; anything else -> 500 with the generic message, logged with the
 * request id (the client never sees internals).
 */
export function handleApiError(err: Error, c: Context<ApiEnv>): Response {
  if (err instanceof ApiError) {
    if (err.retryAfterS !== undefined) c.header('Retry-After', String(err.retryAfterS));
    // The rest of an oversized body is never read: say so, so a keep-alive
    // client opens a new connection for its next request instead of failing on this one.
    if (err.status === 413) c.header('Connection', 'close');
    return c.json(errorBody(err.code, err.message), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status >= 500) return internalError(err, c);
    return c.json(errorBody(codeForStatus(status), err.message || 'The request could not be handled.'), status);
  }
  if (err instanceof SyntaxError) return c.json(errorBody('invalid_json', 'Request body must be valid JSON.'), 400);
  return internalError(err, c);
}

function internalError(err: Error, c: Context<ApiEnv>): Response {
  logger().error({ err, reqId: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unhandled API error');
  return c.json(errorBody('internal_error', INTERNAL_ERROR_MESSAGE), 500);
}

function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400: return 'bad_request';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 405: return 'method_not_allowed';
    case 413: return 'payload_too_large';
    case 415: return 'unsupported_media_type';
    case 422: return 'validation_failed';
    case 429: return 'too_many_requests';
    default: return 'bad_request';
  }
}

/**
 * Middleware: rejects a body larger than `maxBytes` with 413
 * `payload_too_large`, by its Content-Length or, when streamed, as it is read.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(errorBody('payload_too_large', 'Request body is too large.'), 413);
    },
  });
}

/**
 * Middleware: a POST/PUT/PATCH/DELETE body must be declared as JSON
 * (`application/json`); else 415 `unsupported_media_type`. A form post
 * (text/plain, urlencoded, multipart) is what a cross-site page can send
 * without a preflight, so refusing it also closes that door.
 */
export function jsonContentType(): MiddlewareHandler {
  return async (c, next) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      throw new ApiError(415, 'unsupported_media_type', 'Request body must be JSON (Content-Type: application/json).');
    }
    await next();
  };
}
