import { describe, expect, it } from 'vitest';
import { fetchFailureReason } from './fetch-failure';

describe('fetchFailureReason', () => {
  it('names a timeout, a system error code, or the error; never the message, which may hold the request', () => {
    expect(fetchFailureReason(new DOMException('x', 'TimeoutError'))).toBe('timed out');
    expect(fetchFailureReason(new DOMException('x', 'AbortError'))).toBe('timed out');
    const refused = new TypeError('fetch failed to http://gw/?phone=+919999999999', { cause: { code: 'ECONNREFUSED' } });
    expect(fetchFailureReason(refused)).toBe('ECONNREFUSED');
    expect(fetchFailureReason(new TypeError('fetch failed', { cause: { code: 'not a code' } }))).toBe('TypeError');
    expect(fetchFailureReason('boom')).toBe('unknown error');
  });
});
