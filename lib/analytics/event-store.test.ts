// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { EventStore } from './event-store';
import type { ClientEventPush } from './event-types';

const ev = (n: number): ClientEventPush => ({
  event_type: 'SWIPE', version: '1.0.0', payload: { ingest_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` },
});

beforeEach(() => localStorage.clear());

describe('EventStore', () => {
  it('keeps one entry per ingest id, oldest first, with its retries', () => {
    const s = new EventStore('k', 10);
    s.put(ev(1));
    s.put(ev(2));
    s.put(ev(1), 3);
    expect(s.load().map((x) => [x.e.payload.ingest_id?.slice(-1), x.r])).toEqual([['1', 3], ['2', 0]]);
    s.remove(ev(1).payload.ingest_id);
    expect(s.size).toBe(1);
  });

  it('is bounded: beyond the maximum the oldest are dropped', () => {
    const s = new EventStore('k', 5);
    for (let i = 1; i <= 8; i++) s.put(ev(i));
    expect(s.load().map((x) => Number(x.e.payload.ingest_id?.slice(-2)))).toEqual([4, 5, 6, 7, 8]);
  });

  it('ignores corrupt storage and malformed entries', () => {
    localStorage.setItem('k', '[1,2]');
    expect(new EventStore('k').load()).toEqual([]);
    localStorage.setItem('k', JSON.stringify({ a: { e: { event_type: 'SWIPE', payload: {} }, r: 0, t: 1 } }));
    expect(new EventStore('k').load()).toEqual([]);
  });
});
