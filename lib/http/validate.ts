import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { ApiError, badRequest } from './errors';
import { MAX_JSON_BODY_BYTES } from '../constants';

/** Turns a zod failure into a 422 naming the first bad field. */
export function zodError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const unknownKeys = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : '';
  const field = [issue?.path.join('.'), unknownKeys].filter(Boolean).join('.') || 'body';
  return new ApiError(422, 'validation_failed', `${field}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Middleware: reads the JSON body (at most MAX_JSON_BODY_BYTES, else 413;
 * not JSON, else 400) and validates it with `schema` (else 422). The parsed
 * value is `c.var.body`. CONVENTIONS.md "API handlers".
 */
export function body<S extends z.ZodType>(schema: S) {
  return createMiddleware<{ Variables: { body: z.infer<S> } }>(async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > MAX_JSON_BODY_BYTES) throw new ApiError(413, 'payload_too_large', 'Request body is too large.');
    const raw = await c.req.raw.clone().arrayBuffer().catch(() => {
      throw badRequest('Request body could not be read.');
    });
    if (raw.byteLength > MAX_JSON_BODY_BYTES) throw new ApiError(413, 'payload_too_large', 'Request body is too large.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw badRequest('Request body must be valid JSON.', 'invalid_json');
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw zodError(result.error);
    c.set('body', result.data);
    await next();
  });
}

/** Middleware: validates the query string with `schema` (else 422); the value is `c.var.query`. */
export function query<S extends z.ZodType>(schema: S) {
  return createMiddleware<{ Variables: { query: z.infer<S> } }>(async (c, next) => {
    const result = schema.safeParse(c.req.query());
    if (!result.success) throw zodError(result.error);
    c.set('query', result.data);
    await next();
  });
}

/** Validates one path parameter with `schema`; a malformed id is a 404 (nothing by that id can exist). */
export function param<S extends z.ZodType>(value: string | undefined, schema: S, what = 'Item'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(404, 'not_found', `${what} not found.`);
  return result.data;
}
