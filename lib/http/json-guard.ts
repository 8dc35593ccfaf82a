import 'server-only';
import { ApiError } from './errors';

/**
 * The one guard every JSON body goes through (API bodies, socket.io
 * payloads): bounded size, nesting depth and key count, and text that
 * PostgreSQL and every later step can hold. A client's malformed input is a
 * 4xx in the one error shape here, before any handler or the database sees
 * it, instead of a 500 from deep inside (a lone UTF-16 surrogate makes
 * jsonb and UTF-8 encoders fail; U+0000 cannot be stored in text or jsonb;
 * deep nesting overflows recursive code such as JSON.stringify or zod).
 */

export interface JsonLimits {
  /** Largest body, bytes (UTF-8). */
  maxBytes: number;
  /** Deepest nesting of arrays and objects; the top-level value is depth 1. */
  maxDepth: number;
  /** Most object keys plus array items in the whole value. */
  maxNodes: number;
}

/** Limits of an ordinary API body. */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxBytes: 64 * 1024, maxDepth: 16, maxNodes: 2000 };

/** C0 controls other than tab, line feed and carriage return, and DEL. */
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const payloadTooLarge = () => new ApiError(413, 'payload_too_large', 'Request body is too large.');

/**
 * The nesting depth of JSON text, found without parsing: brackets outside
 * strings are counted. Stops as soon as `limit` is passed.
 * @returns the depth, or `limit + 1` when deeper than `limit`.
 */
export function jsonTextDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) {
      inString = true;
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return limit + 1;
      }
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      depth--;
    }
  }
  return max;
}

/** Checks one string of the value; `where` names it in the error. */
function checkText(s: string, where: string): void {
  if (LONE_SURROGATE_RE.test(s)) {
    throw new ApiError(400, 'invalid_json', `${where}: text must be valid Unicode (a lone surrogate was found).`);
  }
  if (CONTROL_RE.test(s)) {
    throw new ApiError(422, 'validation_failed', `${where}: must not contain NUL or control characters`);
  }
}

/**
 * Checks a parsed value (iteratively: no recursion, whatever its shape):
 * depth, node count, and every string and key (see checkText).
 * @throws ApiError 400 `invalid_json` (lone surrogate), 422
 * `validation_failed` (control character, too deep, too many keys).
 */
export function checkJsonValue(value: unknown, limits: Pick<JsonLimits, 'maxDepth' | 'maxNodes'>, root = 'body'): void {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: root, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      checkText(v, path);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > limits.maxDepth) {
      throw new ApiError(422, 'validation_failed', `${path}: nested too deeply (at most ${limits.maxDepth} levels)`);
    }
    const entries: Array<[string, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [String(i), item])
      : Object.entries(v as Record<string, unknown>);
    nodes += entries.length;
    if (nodes > limits.maxNodes) {
      throw new ApiError(422, 'validation_failed', `${root}: too many keys or items (at most ${limits.maxNodes})`);
    }
    for (const [k, item] of entries) {
      const p = Array.isArray(v) ? `${path}.${k}` : `${path}.${k.slice(0, 40)}`;
      if (!Array.isArray(v)) checkText(k, `${path} key`);
      stack.push({ v: item, path: p, depth: depth + 1 });
    }
  }
}

/**
 * Parses a JSON body under `limits`.
 * @param raw the body bytes (decoded as UTF-8; invalid bytes are an error, not U+FFFD).
 * @throws ApiError 413 `payload_too_large`; 400 `invalid_json` (not UTF-8, not
 * JSON, a lone surrogate); 422 `validation_failed` (too deep, too many keys,
 * a control character).
 */
export function parseJsonBody(raw: ArrayBuffer | Uint8Array | string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  let text: string;
  if (typeof raw === 'string') {
    if (Buffer.byteLength(raw) > limits.maxBytes) throw payloadTooLarge();
    text = raw;
  } else {
    if (raw.byteLength > limits.maxBytes) throw payloadTooLarge();
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      throw new ApiError(400, 'invalid_json', 'Request body must be UTF-8 text.');
    }
  }
  if (jsonTextDepth(text, limits.maxDepth) > limits.maxDepth) {
    throw new ApiError(422, 'validation_failed', `body: nested too deeply (at most ${limits.maxDepth} levels)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'Request body must be valid JSON.');
  }
  checkJsonValue(value, limits);
  return value;
}
