import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http/client';
import { indexedDbStore, Outbox, postOrQueue, type OutboxEntry, type OutboxResult, type OutboxStore } from './outbox';

function memoryStore(): OutboxStore & { rows: Map<string, OutboxEntry> } {
  const rows = new Map<string, OutboxEntry>();
  return {
    rows,
    put: async (e) => void rows.set(e.key, e),
    all: async () => [...rows.values()].sort((a, b) => a.queuedAt - b.queuedAt),
    delete: async (k) => void rows.delete(k),
  };
}

const entry = (key: string, queuedAt = 1): OutboxEntry => ({ key, kind: 'callback', url: '/api/v1/leads/callback', body: `{"idempotency_key":"${key}"}`, queuedAt });
const offline = () => new HttpError(0, 'network_error', 'Failed to fetch');

afterEach(() => vi.unstubAllGlobals());

describe('Outbox.flush', () => {
  it('sends waiting entries oldest first, removes each, and tells its subscriber', async () => {
    const store = memoryStore();
    const sent: string[] = [];
    const box = new Outbox(store, async (e) => {
      sent.push(e.key);
      return { id: `lead-${e.key}` };
    });
    await box.enqueue(entry('b', 2));
    await box.enqueue(entry('a', 1));
    const heard: OutboxResult[] = [];
    box.subscribe('a', (r) => heard.push(r));

    expect(await box.flush()).toBe(2);
    expect(sent).toEqual(['a', 'b']);
    expect(store.rows.size).toBe(0);
    expect(heard).toEqual([{ key: 'a', kind: 'callback', status: 'sent', body: { id: 'lead-a' } }]);
  });

  it('keeps everything when the first post gets no answer (still offline)', async () => {
    const store = memoryStore();
    const send = vi.fn(async () => {
      throw offline();
    });
    const box = new Outbox(store, send);
    await box.enqueue(entry('a', 1));
    await box.enqueue(entry('b', 2));
    expect(await box.flush()).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect([...store.rows.keys()]).toEqual(['a', 'b']);
  });

  it('keeps an entry the server refuses for a while (429, 5xx), drops one it refuses for good and reports it', async () => {
    const store = memoryStore();
    let answer: HttpError = new HttpError(503, 'internal_error', 'down');
    const box = new Outbox(store, async () => {
      throw answer;
    });
    await box.enqueue(entry('a'));
    expect(await box.flush()).toBe(0);
    answer = new HttpError(429, 'rate_limited', 'slow down');
    expect(await box.flush()).toBe(0);
    expect(store.rows.has('a')).toBe(true);

    answer = new HttpError(409, 'slot_unavailable', 'taken');
    const unclaimed: OutboxResult[] = [];
    box.onUnclaimed((r) => unclaimed.push(r));
    expect(await box.flush()).toBe(1);
    expect(store.rows.size).toBe(0);
    expect(unclaimed).toHaveLength(1);
    expect(unclaimed[0]).toMatchObject({ key: 'a', status: 'failed' });
    expect((unclaimed[0] as { error: HttpError }).error.code).toBe('slot_unavailable');
  });

  it('sends an entry once when flush is called again while it runs (one shared run)', async () => {
    const store = memoryStore();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = vi.fn(async () => {
      await gate;
      return {};
    });
    const box = new Outbox(store, send);
    await box.enqueue(entry('a'));
    const one = box.flush();
    const two = box.flush();
    release();
    expect(await one).toBe(1);
    expect(await two).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives results with a subscriber to the subscriber only, others to the unclaimed listeners', async () => {
    const box = new Outbox(memoryStore(), async () => ({ ok: true }));
    await box.enqueue(entry('a', 1));
    await box.enqueue(entry('b', 2));
    const mine: string[] = [];
    const rest: string[] = [];
    const stop = box.subscribe('a', (r) => mine.push(r.key));
    box.onUnclaimed((r) => rest.push(r.key));
    await box.flush();
    stop();
    expect(mine).toEqual(['a']);
    expect(rest).toEqual(['b']);
  });
});

describe('postOrQueue', () => {
  it('posts at once when online and queues nothing', async () => {
    const store = memoryStore();
    const r = await postOrQueue(entry('a'), new Outbox(store), async () => ({ id: 'x' }));
    expect(r).toEqual({ queued: false, body: { id: 'x' } });
    expect(store.rows.size).toBe(0);
  });

  it('queues without trying when the browser says it is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const store = memoryStore();
    const send = vi.fn(async () => ({}));
    expect(await postOrQueue(entry('a'), new Outbox(store), send)).toEqual({ queued: true });
    expect(send).not.toHaveBeenCalled();
    expect(store.rows.get('a')?.body).toBe('{"idempotency_key":"a"}');
  });

  it('queues when the post gets no answer, and passes a refusal on', async () => {
    const store = memoryStore();
    expect(await postOrQueue(entry('a'), new Outbox(store), async () => {
      throw offline();
    })).toEqual({ queued: true });
    expect(store.rows.has('a')).toBe(true);

    await expect(postOrQueue(entry('b'), new Outbox(store), async () => {
      throw new HttpError(422, 'validation_failed', 'name: too short');
    })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(store.rows.has('b')).toBe(false);
  });
});

describe('indexedDbStore', () => {
  it('keeps one entry per idempotency key, lists oldest first, deletes', async () => {
    const store = indexedDbStore();
    await store.put(entry('k2', 20));
    await store.put(entry('k1', 10));
    await store.put({ ...entry('k2', 20), body: '{"again":true}' });
    const all = await store.all();
    expect(all.map((e) => e.key)).toEqual(['k1', 'k2']);
    expect(all[1].body).toBe('{"again":true}');
    await store.delete('k1');
    await store.delete('k2');
    expect(await store.all()).toEqual([]);
  });
});
