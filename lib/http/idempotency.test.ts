import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { assertSameRequest, canonicalJson, requestHash } from './idempotency';

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined properties', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' }, u: undefined })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson([undefined, null, 'é'])).toBe('[null,null,"é"]');
    expect(canonicalJson(new Date('2025-01-02T03:04:05.000Z'))).toBe('"2025-01-02T03:04:05.000Z"');
  });

  it('refuses a cycle', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => canonicalJson(a)).toThrow(TypeError);
  });
});

describe('requestHash', () => {
  it('is the SHA-256 of the canonical body without the key', () => {
    const hex = createHash('sha256').update('{"name":"Asha","phone":"+919812345678"}').digest('hex');
    expect(requestHash({ phone: '+919812345678', idempotency_key: 'k-1', name: 'Asha' })).toBe(hex);
  });

  it('is the same whatever the key order or the key, and differs for another body', () => {
    const a = requestHash({ idempotency_key: 'one', name: 'Asha', phone: '+919812345678' });
    expect(requestHash({ phone: '+919812345678', name: 'Asha', idempotency_key: 'two' })).toBe(a);
    expect(requestHash({ phone: '+919812345678', name: 'Ravi', idempotency_key: 'one' })).not.toBe(a);
    expect(requestHash({ body: 'x', claim_key: 'k' }, ['claim_key'])).toBe(requestHash({ body: 'x' }));
  });
});

describe('assertSameRequest', () => {
  it('passes the same hash and a row without one (stored before hashes were kept), refuses another with 422', () => {
    const h = requestHash({ a: 1 });
    expect(() => assertSameRequest(h, h)).not.toThrow();
    expect(() => assertSameRequest(null, h)).not.toThrow();
    let err: unknown;
    try {
      assertSameRequest(requestHash({ a: 2 }), h);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, code: 'idempotency_key_reused', message: 'This request key was already used for a different request.' });
  });
});
