// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandlers, isNoise } from './global-errors';
import { resetLogBudget } from './log-client';

let bodies: { url: string; body: Record<string, unknown> }[] = [];
let uninstall: () => void = () => undefined;

beforeEach(() => {
  bodies = [];
  resetLogBudget();
  vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return Promise.resolve(new Response(null, { status: 204 }));
  }));
  uninstall = installGlobalErrorHandlers();
});
afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
});

describe('global error handler', () => {
  it('reports an uncaught error as GLOBAL_WINDOW_ERROR with its source file (no query) and line', async () => {
    window.dispatchEvent(new ErrorEvent('error', {
      message: 'x is not a function', error: new TypeError('x is not a function'), filename: 'https://app.example/_next/a.js?v=1', lineno: 3, colno: 9,
    }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].url).toBe('/api/errorLog');
    expect(bodies[0].body).toMatchObject({
      message: 'x is not a function',
      context: { type: 'GLOBAL_WINDOW_ERROR', kind: 'error', source: 'https://app.example/_next/a.js:3:9' },
    });
  });

  it('reports an unhandled rejection', async () => {
    const e = new Event('unhandledrejection') as Event & { reason: unknown };
    e.reason = new Error('load failed');
    window.dispatchEvent(e);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].body).toMatchObject({ message: 'load failed', context: { kind: 'unhandledrejection' } });
  });

  it('skips noise and stops after uninstall', async () => {
    expect(isNoise('Script error.', null)).toBe(true);
    expect(isNoise('ResizeObserver loop completed with undelivered notifications.', null)).toBe(true);
    expect(isNoise('real', new Error('real'))).toBe(false);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after', error: new Error('after') }));
    await new Promise((r) => setTimeout(r, 50));
    expect(bodies).toEqual([]);
  });
});
