// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE_KEY } from './event-store';

/**
 * The event client end to end in one page: fetch is a fake that answers
 * like the API, timers are fake, and a "reload" drops the modules (the
 * page's memory) while localStorage stays.
 */

interface Call { url: string; body: Record<string, unknown>; keepalive: boolean; contentType: string | null }

let calls: Call[] = [];
let answer: (url: string, body: Record<string, unknown>) => Response = () => new Response('{"ok":true}', { status: 202 });

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  calls.push({ url, body, keepalive: init?.keepalive === true, contentType: new Headers(init?.headers).get('content-type') });
  try {
    return Promise.resolve(answer(url, body));
  } catch (e) {
    return Promise.reject(e);
  }
}

const eventCalls = () => calls.filter((c) => c.url.endsWith('/auth/api/v1/events'));
const ingestIds = () => eventCalls().map((c) => (c.body.payload as { ingest_id: string }).ingest_id);

function setOnline(on: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: on, configurable: true });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
}

/** A fresh page: new module instances over the same localStorage. */
async function loadPage() {
  vi.resetModules();
  const client = await import('./event-client');
  const sender = await import('./event-sender');
  return { client, sender };
}

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answer = () => new Response('{"ok":true}', { status: 202 });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  localStorage.clear();
  sessionStorage.clear();
  setOnline(true);
});
afterEach(async () => {
  const sender = await import('./event-sender');
  sender.resetSenderForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('track()', () => {
  it('sends the SPEC envelope: version 1.0.0, device id, ingest id, partner, metadata', async () => {
    const { client } = await loadPage();
    const { captureLanding } = await import('./attribution');
    captureLanding(new URL('https://app.example/reels?utm_source=wa&campaign=awa&partner=acme&ref=REF1'));
    const id = client.track('SWIPE', { content_id: '00000000-0000-4000-8000-000000000001', metadata: { direction: 'up' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(eventCalls()).toHaveLength(1);
    const { body, contentType } = eventCalls()[0];
    expect(contentType).toMatch(/^application\/json/);
    expect(body).toMatchObject({
      event_type: 'SWIPE',
      version: '1.0.0',
      payload: {
        ingest_id: id,
        content_id: '00000000-0000-4000-8000-000000000001',
        utm_data: { utm_source: 'wa' },
        partner_id: 'acme',
        metadata: { campaign_key: 'awa', path: '/', top_n_experiment: null, direction: 'up', referrer_code: 'REF1' },
      },
    });
    const p = body.payload as { device_id: string; metadata: Record<string, unknown>; ingest_id: string };
    expect(p.device_id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(p.metadata.device_id).toBe(p.device_id);
    expect(['A', 'B']).toContain(p.metadata.view);
    expect(Date.parse(String(p.metadata.createdAt))).not.toBeNaN();
    expect(p.ingest_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends one at a time, 1 s apart, in order, and forgets each stored copy once answered', async () => {
    const { client } = await loadPage();
    const a = client.track('SWIPE');
    const b = client.track('CLICK_FEED');
    const c = client.track('SWIPE_BUMP');
    expect(Object.keys(JSON.parse(localStorage.getItem(EVENT_STORE_KEY) ?? '{}'))).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(eventCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ingestIds()).toEqual([a]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ingestIds()).toEqual([a, b]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ingestIds()).toEqual([a, b, c]);
    expect(localStorage.getItem(EVENT_STORE_KEY)).toBeNull();
  });

  it('keeps events across a reload: the next page sends what the last one left, with the same ingest ids', async () => {
    let page = await loadPage();
    const a = page.client.track('SWIPE');
    const b = page.client.track('CLICK_TLDR');
    // The page dies before anything was sent.
    page.sender.resetSenderForTests();
    page = await loadPage();
    await page.client.startEvents();
    await vi.advanceTimersByTimeAsync(2000);
    expect(ingestIds()).toEqual([a, b]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ingestIds()).toEqual([a, b]);
  });

  it('re-queues a failed send up to 5 times, then reports it to /api/eventError and drops it', async () => {
    answer = (url) => (url.endsWith('/events') ? Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 503 }) : new Response(null, { status: 204 }));
    const { client } = await loadPage();
    const id = client.track('TOPIC');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(eventCalls()).toHaveLength(5);
    expect(calls.some((c) => c.url.endsWith('/api/eventError'))).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(eventCalls()).toHaveLength(6);
    const report = calls.filter((c) => c.url.endsWith('/api/eventError'));
    expect(report).toHaveLength(1);
    expect(report[0].body).toMatchObject({ context: { event_type: 'TOPIC', ingest_id: id, retries: 5 } });
    expect(JSON.stringify(report[0].body)).not.toContain('device_id');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(eventCalls()).toHaveLength(6);
    expect(localStorage.getItem(EVENT_STORE_KEY)).toBeNull();
  });

  it('a refusal no retry can fix (422) is reported at once, not retried', async () => {
    answer = (url) => (url.endsWith('/events') ? Response.json({ error: { code: 'validation_failed', message: 'x' } }, { status: 422 }) : new Response(null, { status: 204 }));
    const { client } = await loadPage();
    client.track('TOPIC');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(eventCalls()).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('/api/eventError'))).toHaveLength(1);
  });

  it('offline: holds the events without spending retries, sends them once when back online', async () => {
    setOnline(false);
    const { client } = await loadPage();
    const a = client.track('SWIPE');
    const b = client.track('SWIPE');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(eventCalls()).toHaveLength(0);
    setOnline(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ingestIds()).toEqual([a, b]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ingestIds()).toEqual([a, b]);
  });

  it('a send that fails because the connection dropped is held, not counted as a retry', async () => {
    const { client } = await loadPage();
    answer = () => {
      setOnline(false);
      throw new TypeError('Failed to fetch');
    };
    const a = client.track('SWIPE');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(eventCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(eventCalls()).toHaveLength(1);
    answer = () => new Response('{"ok":true}', { status: 202 });
    setOnline(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ingestIds()).toEqual([a, a]);
    expect(calls.some((c) => c.url.endsWith('/api/eventError'))).toBe(false);
  });

  it('when the page is hidden the waiting events leave at once as keepalive JSON requests', async () => {
    const { client } = await loadPage();
    await client.startEvents();
    client.track('SWIPE');
    client.track('BACK_TO_FEED');
    await vi.advanceTimersByTimeAsync(0);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(eventCalls()).toHaveLength(2);
    expect(eventCalls().every((c) => c.keepalive && c.contentType?.startsWith('application/json'))).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.getItem(EVENT_STORE_KEY)).toBeNull();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(eventCalls()).toHaveLength(2);
  });

  it('never throws when storage is full; the event still leaves', async () => {
    const { client } = await loadPage();
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(client.track('SWIPE')).toMatch(/^[0-9a-f-]{36}$/);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(eventCalls()).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('waits 2.5 s between events while the browser flags the connection slow (2g)', async () => {
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g' }, configurable: true });
    try {
      const { client } = await loadPage();
      client.track('SWIPE');
      client.track('SWIPE');
      await vi.advanceTimersByTimeAsync(2499);
      expect(eventCalls()).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(eventCalls()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2500);
      expect(eventCalls()).toHaveLength(2);
    } finally {
      Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
    }
  });

  it('a hidden page sends at most the keepalive budget (about 56 KiB) at once; the rest stay queued and stored', async () => {
    const { client } = await loadPage();
    await client.startEvents();
    const big = 'x'.repeat(1900);
    const ids = Array.from({ length: 40 }, () => client.track('SWIPE', { error_message: big }));
    await vi.advanceTimersByTimeAsync(0);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    const sent = eventCalls().length;
    expect(sent).toBeGreaterThan(10);
    expect(sent).toBeLessThan(40);
    expect(eventCalls().every((c) => c.keepalive)).toBe(true);
    const left = Object.keys(JSON.parse(localStorage.getItem(EVENT_STORE_KEY) ?? '{}'));
    expect(left).toEqual(ids.slice(sent));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(new Set(ingestIds())).toEqual(new Set(ids));
    expect(ingestIds()).toHaveLength(40);
  });
});
