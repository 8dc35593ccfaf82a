import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '../schemas';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes distinct UUIDs the schema accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(idempotencyKeySchema.safeParse(k).success).toBe(true);
  });

  it('builds a v4 UUID from getRandomValues where randomUUID is unavailable (plain http)', () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not available in an insecure context');
    });
    const k = newIdempotencyKey();
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKeySchema.safeParse(k).success).toBe(true);
  });
});
