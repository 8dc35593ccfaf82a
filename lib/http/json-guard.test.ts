import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { checkJsonValue, jsonTextDepth, parseJsonBody } from './json-guard';

const limits = { maxBytes: 1024, maxDepth: 8, maxNodes: 50 };

function failure(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    return { status: e.status, code: e.code, message: e.message };
  }
  throw new Error('expected a failure');
}

describe('parseJsonBody', () => {
  it('parses ordinary JSON, including emoji and Devanagari (surrogate pairs are fine)', () => {
    const text = JSON.stringify({ q: 'सोलर ☀️ 😀', n: [1, 2, { a: null }] });
    expect(parseJsonBody(new TextEncoder().encode(text), limits)).toEqual(JSON.parse(text));
  });

  it('refuses a lone surrogate, escaped or raw, with 400 invalid_json', () => {
    expect(failure(() => parseJsonBody('{"a":"\\ud800"}', limits))).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(failure(() => parseJsonBody('{"a":"x\\udc00y"}', limits))).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(failure(() => parseJsonBody('{"\\ud83d":1}', limits))).toMatchObject({ status: 400, code: 'invalid_json' });
  });

  it('refuses NUL and control characters anywhere with 422 naming the field; tab and newline pass', () => {
    expect(failure(() => parseJsonBody('{"topic":"a\\u0000b"}', limits))).toMatchObject({ status: 422, message: expect.stringMatching(/^body\.topic: /) });
    expect(failure(() => parseJsonBody('{"x":{"y":["ok","\\u001b[2J"]}}', limits))).toMatchObject({ status: 422, message: expect.stringMatching(/^body\.x\.y\.1: /) });
    expect(parseJsonBody('{"t":"a\\tb\\nc\\r"}', limits)).toEqual({ t: 'a\tb\nc\r' });
  });

  it('refuses nesting past maxDepth before parsing (6,000 levels is a 422, not a stack overflow)', () => {
    const deep = `${'['.repeat(6000)}${']'.repeat(6000)}`;
    expect(failure(() => parseJsonBody(deep, { ...limits, maxBytes: 100_000 }))).toMatchObject({ status: 422, code: 'validation_failed' });
    const ok = `${'['.repeat(8)}${']'.repeat(8)}`;
    expect(parseJsonBody(ok, limits)).toBeDefined();
    expect(failure(() => parseJsonBody(`${'['.repeat(9)}${']'.repeat(9)}`, limits)).status).toBe(422);
  });

  it('does not count brackets inside strings as nesting', () => {
    expect(jsonTextDepth('{"a":"[[[[[[[[[[[[[[\\"{{{{"}', 3)).toBe(1);
  });

  it('refuses too many keys or items, too many bytes, invalid UTF-8 and non-JSON', () => {
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])));
    expect(failure(() => parseJsonBody(many, limits))).toMatchObject({ status: 422 });
    expect(failure(() => parseJsonBody(`"${'a'.repeat(1100)}"`, limits))).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(failure(() => parseJsonBody(new Uint8Array([0x22, 0xe0, 0xa4, 0x22]), limits))).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(failure(() => parseJsonBody('{"a":', limits))).toMatchObject({ status: 400, code: 'invalid_json' });
  });
});

describe('checkJsonValue', () => {
  it('checks an already parsed value (a socket payload) without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(failure(() => checkJsonValue(deep, { maxDepth: 16, maxNodes: 100_000 }, 'chat'))).toMatchObject({ status: 422, message: expect.stringMatching(/^chat/) });
    expect(() => checkJsonValue({ message: 'ok', n: 1 }, { maxDepth: 4, maxNodes: 10 })).not.toThrow();
  });
});
