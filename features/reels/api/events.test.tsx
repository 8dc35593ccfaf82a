import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { feedItem } from '@/tests/fixtures/feed';
import { flushEvents, trackPlayerEvent } from './events';

interface Seen { body: { event_type: string; payload: Record<string, unknown> }; type: string | null }

/** Answers POST /auth/api/v1/events and records what came. */
function recordPushes(): Seen[] {
  const seen: Seen[] = [];
  server.use(http.post('/auth/api/v1/events', async ({ request }) => {
    seen.push({ body: (await request.json()) as Seen['body'], type: request.headers.get('content-type') });
    return HttpResponse.json({ ok: true }, { status: 202 });
  }));
  return seen;
}

describe('player event pushes', () => {
  it('send VIDEO_VIEW with the item\'s watch ticket, as JSON; progress without one', async () => {
    const seen = recordPushes();
    const item = feedItem({ watch_ticket: `1800000000.${'Q'.repeat(22)}` });
    trackPlayerEvent('view', item, 3.2, 42);
    trackPlayerEvent('progress', item, 5, 42);
    // The queue sends one event a second (SPEC.md section 7).
    await waitFor(() => expect(seen).toHaveLength(2), { timeout: 4000 });
    expect(seen[0].type).toMatch(/^application\/json/);
    expect(seen[0].body).toMatchObject({
      event_type: 'VIDEO_VIEW', version: '1.0.0',
      payload: { content_id: item.id, watch_ticket: item.watch_ticket, content_watched: 3.2, content_length: 42 },
    });
    expect(seen[1].body.event_type).toBe('VIDEO_PROGRESS');
    expect(seen[1].body.payload).not.toHaveProperty('watch_ticket');
  });

  it('leave with keepalive JSON requests (not text/plain beacons) when the page goes away', async () => {
    const seen = recordPushes();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    try {
      const item = feedItem();
      trackPlayerEvent('progress', item, 7, 42);
      trackPlayerEvent('complete', item, 42, 42);
      flushEvents();
      await waitFor(() => expect(seen).toHaveLength(2));
      for (const s of seen) expect(s.type).toMatch(/^application\/json/);
      expect(seen.map((s) => s.body.event_type)).toEqual(['VIDEO_PROGRESS', 'VIDEO_COMPLETE']);
      const inits = fetchSpy.mock.calls.map(([, init]) => init);
      expect(inits).toHaveLength(2);
      for (const init of inits) expect(init?.keepalive).toBe(true);
      expect(beacon).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('a TLDR reel watched to its end also sends TLDR_PROGRESS with the reel\'s ids; a normal reel does not', async () => {
    const seen = recordPushes();
    const tldr = feedItem({ is_tldr: true });
    trackPlayerEvent('complete', feedItem({ is_tldr: false }), 42, 42);
    trackPlayerEvent('complete', tldr, 30, 30);
    await waitFor(() => expect(seen).toHaveLength(3), { timeout: 6000 });
    expect(seen.map((s) => s.body.event_type)).toEqual(['VIDEO_COMPLETE', 'VIDEO_COMPLETE', 'TLDR_PROGRESS']);
    expect(seen[2].body.payload).toMatchObject({ content_id: tldr.id, topic_id: tldr.topic, content_watched: 30 });
  });
});
