import { describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import type { FeedResponse, TldrEntry } from '@/features/reels/schemas';
import { drainDerivation } from '@/features/events/server/derive';
import { signInByOtp, signInTestKit } from '../fixtures/otp';

/**
 * The TLDR popup's state on the server (docs/decisions/018-tldr-popup.md):
 * a TLDR reel's progress is the viewer's watch_progress row, written by the
 * player events the popup sends; it is kept per visitor and, after sign-in,
 * per user (on every device of that user); a TLDR reel the viewer has seen
 * is left out of the main feed but stays in its topic's feed.
 */
const api = buildApi();
const { seed, codes } = signInTestKit();

async function getJson<T>(path: string, cookie: string): Promise<T> {
  const res = await api.request(path, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Sends one player event as the browser's event client does, then folds it into watch_progress. */
async function playerEvent(cookie: string, event_type: string, content_id: string, content_watched: number): Promise<void> {
  const res = await api.request('/auth/api/v1/events', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ event_type, version: '1.0.0', payload: { content_id, content_watched, content_length: 30 } }),
  });
  expect(res.status).toBe(202);
  await drainDerivation((await getDb()).db);
}

/** Every reel id of the main feed (no filter) this viewer gets, page by page. */
async function mainFeedIds(cookie: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await getJson<FeedResponse>(`/feeds-server/api/v1/feeds?page=${page}`, cookie);
    ids.push(...body.feeds.map((f) => f.id));
    if ((page - 1) * 10 + 10 >= body.total_length) break;
  }
  return ids;
}

const popup = (topicId: string, cookie: string) => getJson<TldrEntry>(`/feeds-server/api/v1/popup/tldr/${topicId}`, cookie);

describe('TLDR reels in the main feed', () => {
  it('leaves out a TLDR reel the viewer has seen, keeps it for others and in its topic feed', async () => {
    const t = await seed.taxonomy();
    const [r1, r2] = await seed.reels(t.options[0].id, 2);
    const tldr = await seed.reel(t.options[0].id, { is_tldr: true });
    const alice = seed.viewer();
    const bob = seed.viewer();

    // Before anything was watched, both see the TLDR reel in the main feed.
    expect(await mainFeedIds(alice.cookie)).toEqual(expect.arrayContaining([r1.id, r2.id, tldr.id]));

    await playerEvent(alice.cookie, 'VIDEO_PROGRESS', tldr.id, 4);
    const aliceIds = await mainFeedIds(alice.cookie);
    expect(aliceIds).toEqual(expect.arrayContaining([r1.id, r2.id]));
    expect(aliceIds).not.toContain(tldr.id);
    expect(await mainFeedIds(bob.cookie)).toContain(tldr.id);

    // A feed narrowed to the topic is asked for: it keeps the reel.
    const topicFeed = await getJson<FeedResponse>(`/feeds-server/api/v1/feeds?topic_id=${t.topic.id}`, alice.cookie);
    expect(topicFeed.feeds.map((f) => f.id)).toEqual([r1.id, r2.id, tldr.id]);
    expect(topicFeed.feeds[2]).toMatchObject({ watched: true, vidWatched: false });
  });

  it('keeps an ordinary reel the viewer has seen in the main feed', async () => {
    const t = await seed.taxonomy();
    const [r1] = await seed.reels(t.options[0].id, 1);
    const v = seed.viewer();
    await playerEvent(v.cookie, 'VIDEO_COMPLETE', r1.id, 30);
    expect(await mainFeedIds(v.cookie)).toContain(r1.id);
  });
});

describe('TLDR progress per viewer and per user', () => {
  it('marks the topic complete for the viewer who finished it, and for the user on another device after sign-in', async () => {
    const t = await seed.taxonomy();
    const tldr = await seed.reel(t.options[0].id, { is_tldr: true });
    const device1 = seed.viewer();
    const other = seed.viewer();

    expect((await popup(t.topic.id, device1.cookie)).content).toMatchObject({ id: tldr.id, watched: false, vidWatched: false });
    await playerEvent(device1.cookie, 'VIDEO_PROGRESS', tldr.id, 15);
    expect((await popup(t.topic.id, device1.cookie)).content).toMatchObject({ watched: true, vidWatched: false });
    await playerEvent(device1.cookie, 'VIDEO_COMPLETE', tldr.id, 30);
    expect((await popup(t.topic.slug, device1.cookie)).content).toMatchObject({ watched: true, vidWatched: true });
    // The /tldr list says so too, for this viewer only.
    const list = await getJson<{ tldr: TldrEntry[] }>('/feeds-server/api/v1/tldr/topic', device1.cookie);
    expect(list.tldr.find((e) => e.topic_id === t.topic.id)?.content?.vidWatched).toBe(true);
    expect((await popup(t.topic.id, other.cookie)).content).toMatchObject({ watched: false, vidWatched: false });

    // Signing in carries the progress to the user; a second device of the same user sees it complete.
    const phone = seed.phone();
    const first = await signInByOtp({ api, seed, codes }, device1.cookie, phone);
    expect((await popup(t.topic.id, first.session)).content).toMatchObject({ vidWatched: true });
    const device2 = seed.viewer();
    const second = await signInByOtp({ api, seed, codes }, device2.cookie, phone);
    expect((await popup(t.topic.id, second.session)).content).toMatchObject({ vidWatched: true });
    // Progress sent while signed in is the user's as well.
    const t2 = await seed.taxonomy();
    const tldr2 = await seed.reel(t2.options[0].id, { is_tldr: true });
    await playerEvent(second.session, 'VIDEO_COMPLETE', tldr2.id, 30);
    expect((await popup(t2.topic.id, first.session)).content).toMatchObject({ vidWatched: true });
    expect((await popup(t2.topic.id, other.cookie)).content).toMatchObject({ vidWatched: false });
  });
});
