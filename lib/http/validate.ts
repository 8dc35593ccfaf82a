import 'server-only';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest } from './errors';
import { DEFAULT_JSON_LIMITS, parseJsonBody, type JsonLimits } from './json-guard';

/**
 * Input validation of the API (CONVENTIONS.md "API handlers"): bodies go
 * through the one JSON guard (lib/http/json-guard.ts) and then a zod schema;
 * every zod failure becomes the same 422 through `zodError`.
 */

/** Turns a message of a zod issue into the text the client sees (e.g. a translation). */
export type Localize = (message: string) => string;

/**
 * The one zod-to-422 path: a 422 `validation_failed` whose message names
 * the first bad field, e.g. "page: page must be at least 1".
 * @param localize turns the rule's message into the client's language (lead forms, SPEC.md section 5).
 */
export function zodError(error: z.ZodError, localize: Localize = (m) => m): ApiError {
  const issue = error.issues[0];
  const unknownKeys = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : '';
  const field = [issue?.path.join('.'), unknownKeys].filter(Boolean).join('.') || 'body';
  return new ApiError(422, 'validation_failed', `${field}: ${localize(issue?.message ?? 'invalid')}`);
}

/**
 * Validates `value` with `schema`.
 * @throws ApiError 422 (zodError).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, localize?: Localize): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodError(result.error, localize);
  return result.data;
}

export interface BodyOptions extends Partial<JsonLimits> {
  /** Translates the 422's rule message for this request (default: as written). */
  localize?: (c: Context) => Localize;
}

const limitsByValidator = new WeakMap<object, JsonLimits>();

/**
 * The JSON limits a `body()` middleware applies (as found in `app.routes`),
 * or undefined for any other handler: the route-facts test checks them
 * against the route's body bound (lib/http/guards.ts).
 */
export function bodyLimitsOf(handler: unknown): JsonLimits | undefined {
  return typeof handler === 'function' ? limitsByValidator.get(handler) : undefined;
}

/**
 * Middleware: reads the JSON body through the JSON guard (413 over
 * `maxBytes`, default 64 KB; 400 not UTF-8 or not JSON; 400/422 for lone
 * surrogates, control characters, deep nesting, too many keys) and
 * validates it with `schema` (else 422). The value is `c.req.valid('json')`
 * (typed for Hono's client) and `c.var.body`.
 */
export function body<S extends z.ZodType>(schema: S, opts: BodyOptions = {}) {
  const limits: JsonLimits = { ...DEFAULT_JSON_LIMITS, ...opts };
  const mw = createMiddleware<{
    Variables: { body: z.output<S> };
  }, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>(async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > limits.maxBytes) throw new ApiError(413, 'payload_too_large', 'Request body is too large.');
    const raw = await c.req.raw.arrayBuffer().catch((err: unknown) => {
      if (err instanceof ApiError) throw err;
      throw badRequest('Request body could not be read.');
    });
    const data = parseOrThrow(schema, parseJsonBody(raw, limits), opts.localize?.(c));
    c.set('body', data);
    c.req.addValidatedData('json', data as object);
    await next();
  });
  limitsByValidator.set(mw, limits);
  return mw;
}

/** Middleware: validates the query string with `schema` (else 422); the value is `c.req.valid('query')` and `c.var.query`. */
export function query<S extends z.ZodType>(schema: S) {
  return createMiddleware<{
    Variables: { query: z.output<S> };
  }, string, { in: { query: z.input<S> }; out: { query: z.output<S> } }>(async (c, next) => {
    const data = parseOrThrow(schema, c.req.query());
    c.set('query', data);
    c.req.addValidatedData('query', data as object);
    await next();
  });
}
