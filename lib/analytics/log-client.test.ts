// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_BUDGET, logError, logEventError, logInfo, resetLogBudget, scrub } from './log-client';

interface Call { url: string; body: Record<string, unknown>; signal: AbortSignal | null }
let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  resetLogBudget();
  vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown>, signal: init?.signal ?? null });
    return Promise.resolve(new Response(null, { status: 204 }));
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('scrub', () => {
  it.each([
    ['call 98765 43210 now', 'call [number] now'],
    ['+91-98765-43210', '[number]'],
    ['mail a.b@example.co.in', 'mail [email]'],
    ['id 849be2f3-2bd0-4999-9b29-d871d5f1924b', 'id 849be2f3-2bd0-4999-9b29-d871d5f1924b'],
    ['line 1234', 'line 1234'],
  ])('%s -> %s', (input, out) => expect(scrub(input)).toBe(out));
});

describe('logging client', () => {
  it('logError posts message, stack and the page path (no query) to /api/errorLog, masking personal data', () => {
    window.history.replaceState(null, '', '/reels?phone=9876543210');
    logError(new Error('failed for 9876543210 / x@y.com'), { type: 'GLOBAL_WINDOW_ERROR' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/errorLog');
    expect(calls[0].body).toMatchObject({
      message: 'failed for [number] / [email]',
      context: { path: '/reels', type: 'GLOBAL_WINDOW_ERROR' },
    });
    expect(typeof calls[0].body.stack).toBe('string');
    expect(JSON.stringify(calls[0].body)).not.toContain('9876543210');
    expect(calls[0].signal).toBeInstanceOf(AbortSignal);
  });

  it('logInfo goes to /api/logger with level info; logEventError to /api/eventError without the event\'s fields', () => {
    logInfo('hello', { n: 1 });
    logEventError({
      event_type: 'SWIPE', version: '1.0.0',
      payload: { ingest_id: '849be2f3-2bd0-4999-9b29-d871d5f1924b', device_id: 'D'.repeat(20), user_details: { phone: '9876543210' } },
    }, new Error('HTTP 503'), 5);
    expect(calls.map((c) => c.url)).toEqual(['/api/logger', '/api/eventError']);
    expect(calls[0].body).toMatchObject({ level: 'info', message: 'hello', context: { n: 1 } });
    expect(calls[1].body).toEqual({
      message: 'HTTP 503',
      context: { event_type: 'SWIPE', ingest_id: '849be2f3-2bd0-4999-9b29-d871d5f1924b', retries: 5, path: expect.any(String) },
    });
  });

  it('sends the same message once and at most LOG_BUDGET calls per page', () => {
    logError(new Error('same'));
    logError(new Error('same'));
    expect(calls).toHaveLength(1);
    for (let i = 0; i < LOG_BUDGET + 10; i++) logError(new Error(`e${i}`));
    expect(calls).toHaveLength(LOG_BUDGET);
  });

  it('never throws, even when fetch does', () => {
    vi.stubGlobal('fetch', () => {
      throw new Error('boom');
    });
    expect(() => logError('x')).not.toThrow();
  });
});
