import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventQueue } from './event-queue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('EventQueue', () => {
  it('sends events one at a time, 1 s apart, in order', async () => {
    const sent: string[] = [];
    const q = new EventQueue<string>({ send: async (e) => void sent.push(e), delayMs: () => 1000 });
    q.enqueue('a');
    q.enqueue('b');
    q.enqueue('c');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(q.size).toBe(0);
  });

  it('waits 2.5 s between sends while the connection is slow', async () => {
    let slow = true;
    const sent: number[] = [];
    const q = new EventQueue<number>({ send: async (e) => void sent.push(e), delayMs: () => (slow ? 2500 : 1000) });
    q.enqueue(1);
    q.enqueue(2);
    q.enqueue(3);
    await vi.advanceTimersByTimeAsync(2499);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([1]);
    // the wait for event 2 started while slow; event 3 waits the normal second
    slow = false;
    await vi.advanceTimersByTimeAsync(2499);
    expect(sent).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([1, 2, 3]);
  });

  it('never has two sends in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const q = new EventQueue<number>({
      send: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 3000));
        inFlight -= 1;
      },
      delayMs: () => 1000,
    });
    for (let i = 0; i < 4; i++) q.enqueue(i);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(most).toBe(1);
    expect(q.size).toBe(0);
  });

  it('re-queues a failed send behind the others, up to 5 retries, then gives up once', async () => {
    const attempts: string[] = [];
    const gaveUp: string[] = [];
    const q = new EventQueue<string>({
      send: async (e) => {
        attempts.push(e);
        if (e === 'bad') throw new Error('offline');
      },
      delayMs: () => 1000,
      onGiveUp: (e) => gaveUp.push(e),
    });
    q.enqueue('bad');
    q.enqueue('good');
    await vi.advanceTimersByTimeAsync(2000);
    // the failed one went behind 'good'
    expect(attempts).toEqual(['bad', 'good']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts.filter((a) => a === 'bad')).toHaveLength(6); // 1 try + 5 retries
    expect(gaveUp).toEqual(['bad']);
    expect(q.size).toBe(0);
  });

  it('starts again when an event arrives after the queue ran dry', async () => {
    const sent: string[] = [];
    const q = new EventQueue<string>({ send: async (e) => void sent.push(e), delayMs: () => 1000 });
    q.enqueue('first');
    await vi.advanceTimersByTimeAsync(5000);
    q.enqueue('second');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['first', 'second']);
  });

  it('drain hands over waiting events and stops sending them', async () => {
    const sent: string[] = [];
    const q = new EventQueue<string>({ send: async (e) => void sent.push(e), delayMs: () => 1000 });
    q.enqueue('x');
    q.enqueue('y');
    expect(q.drain()).toEqual(['x', 'y']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([]);
  });

  it('keeps working when the give-up handler throws', async () => {
    const sent: string[] = [];
    const q = new EventQueue<string>({
      send: async (e) => {
        if (e === 'bad') throw new Error('no');
        sent.push(e);
      },
      delayMs: () => 10,
      maxRetries: 0,
      onGiveUp: () => {
        throw new Error('log down');
      },
    });
    q.enqueue('bad');
    q.enqueue('ok');
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual(['ok']);
  });

  it('holds while offline without spending retries, and resume() starts it again', async () => {
    let online = false;
    const sent: string[] = [];
    const q = new EventQueue<string>({ send: async (e) => void sent.push(e), delayMs: () => 1000, isOnline: () => online });
    q.enqueue('a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([]);
    expect(q.size).toBe(1);
    online = true;
    q.resume();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['a']);
  });

  it('a permanent failure gives up at once; others report each retry and the final send', async () => {
    const calls: string[] = [];
    const retries: [string, number][] = [];
    const given: [string, number][] = [];
    const q = new EventQueue<string>({
      send: async (e) => {
        calls.push(e);
        if (e === 'refused') throw new Error('422');
        if (e === 'flaky' && calls.filter((c) => c === 'flaky').length < 3) throw new Error('503');
      },
      delayMs: () => 10,
      isPermanent: (err) => err instanceof Error && err.message === '422',
      onRetry: (e, r) => void retries.push([e, r]),
      onGiveUp: (e, _err, r) => void given.push([e, r]),
      onSent: (e) => void calls.push(`sent:${e}`),
    });
    q.enqueue('refused');
    q.enqueue('flaky', 1);
    await vi.advanceTimersByTimeAsync(200);
    expect(given).toEqual([['refused', 0]]);
    expect(calls.filter((c) => c === 'refused')).toHaveLength(1);
    // 'flaky' came back with 1 retry already spent (a restored event keeps its count).
    expect(retries).toEqual([['flaky', 2], ['flaky', 3]]);
    expect(calls).toContain('sent:flaky');
  });
});
