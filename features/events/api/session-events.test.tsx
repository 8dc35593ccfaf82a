import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { getSessionId, setVisitorToken } from '@/lib/http/client';
import { resetSessionPingsForTests, SESSION_EVENT_PATH, useSessionPings } from './session-events';

/**
 * The app shell's session pings (SPEC.md section 7 session_event, section 9
 * session refresh id): what a page sends over its life, as the server sees it.
 */

interface Ping { type: string; session_id: string; ingest_id: string }

/**
 * Waits (real time, up to 2 s) until `check` passes. Testing Library's
 * waitFor polls with setInterval, which these tests fake to play minutes.
 */
async function waitFor(check: () => void): Promise<void> {
  const until = Date.now() + 2000;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

function Shell() {
  useSessionPings();
  return null;
}

let visibility: DocumentVisibilityState = 'visible';
let beacons: Array<{ url: string; type: string; body: Ping }> = [];

function recordPings(): Ping[] {
  const seen: Ping[] = [];
  server.use(http.post(SESSION_EVENT_PATH, async ({ request }) => {
    seen.push((await request.json()) as Ping);
    return HttpResponse.json({ ok: true }, { status: 202 });
  }));
  return seen;
}

function setVisibility(v: DocumentVisibilityState) {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  resetSessionPingsForTests();
  visibility = 'visible';
  beacons = [];
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      void data.text().then((t) => beacons.push({ url, type: data.type, body: JSON.parse(t) as Ping }));
      return true;
    },
  });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
  setVisitorToken(null);
});

describe('useSessionPings', () => {
  it('sends a start with the tab\'s 10-character session id, then a heartbeat each minute while visible', async () => {
    const seen = recordPings();
    render(<Shell />);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({ type: 'start', session_id: getSessionId(), ingest_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(seen[0].session_id).toMatch(/^[0-9A-Za-z]{10}$/);

    vi.advanceTimersByTime(60_000);
    await waitFor(() => expect(seen).toHaveLength(2));
    vi.advanceTimersByTime(60_000);
    await waitFor(() => expect(seen).toHaveLength(3));
    expect(seen.slice(1).map((p) => p.type)).toEqual(['heartbeat', 'heartbeat']);
    // Each ping its own idempotency key, all of one session.
    expect(new Set(seen.map((p) => p.ingest_id)).size).toBe(3);
    expect(new Set(seen.map((p) => p.session_id)).size).toBe(1);
  });

  it('sends nothing while hidden: a heartbeat by beacon as the page hides, and one when it shows again', async () => {
    const seen = recordPings();
    render(<Shell />);
    await waitFor(() => expect(seen).toHaveLength(1));
    setVisibility('hidden');
    await waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toMatchObject({ url: SESSION_EVENT_PATH, type: 'application/json', body: { type: 'heartbeat' } });
    vi.advanceTimersByTime(10 * 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);

    setVisibility('visible');
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].type).toBe('heartbeat');
    vi.advanceTimersByTime(60_000);
    await waitFor(() => expect(seen).toHaveLength(3));
  });

  it('waits for a page opened in the background to be shown before it starts', async () => {
    const seen = recordPings();
    visibility = 'hidden';
    render(<Shell />);
    vi.advanceTimersByTime(5 * 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(0);
    setVisibility('visible');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].type).toBe('start');
  });

  it('ends the session by navigator.sendBeacon on pagehide, as an application/json Blob, and stops the heartbeats', async () => {
    const seen = recordPings();
    render(<Shell />);
    await waitFor(() => expect(seen).toHaveLength(1));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]).toEqual({
      url: SESSION_EVENT_PATH, type: 'application/json',
      body: { type: 'end', session_id: seen[0].session_id, ingest_id: expect.any(String) },
    });
    vi.advanceTimersByTime(5 * 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
  });

  it('sends the end by a keepalive fetch where a beacon cannot carry the page\'s visitor token (a framed chat)', async () => {
    const seen = recordPings();
    const headers: string[] = [];
    server.use(http.post(SESSION_EVENT_PATH, async ({ request }) => {
      headers.push(request.headers.get('x-fingerprint-id') ?? '');
      seen.push((await request.json()) as Ping);
      return HttpResponse.json({ ok: true }, { status: 202 });
    }));
    setVisitorToken('V1234567890123456789.token');
    render(<Shell />);
    await waitFor(() => expect(seen).toHaveLength(1));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].type).toBe('end');
    expect(headers).toEqual(['V1234567890123456789.token', 'V1234567890123456789.token']);
    expect(beacons).toHaveLength(0);
  });

  it('sends one start per page load, however often the shell mounts', async () => {
    const seen = recordPings();
    const first = render(<Shell />);
    await waitFor(() => expect(seen).toHaveLength(1));
    first.unmount();
    render(<Shell />);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.map((p) => p.type)).toEqual(['start']);
    vi.advanceTimersByTime(60_000);
    await waitFor(() => expect(seen.map((p) => p.type)).toEqual(['start', 'heartbeat']));
  });
});
