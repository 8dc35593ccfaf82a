import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import {
  chatMessages, chats, contentItems, events, leads, options, reactions, users, views, viewers, watchProgress,
} from '@/lib/db/schema';
import type { Principal } from '@/lib/auth/principal';
import { likeContent } from '@/features/reels/server/reactions';
import { signInUser } from '@/features/auth/server/sign-in';
import { signInByOtp, signInTestKit } from '../fixtures/otp';

/**
 * The visitor becomes the user: on sign-in everything the device's visitor
 * owns moves to the user's home visitor in one transaction (likes counted
 * once, progress kept at its furthest, chats, leads, events), a second
 * device brings its own history, and sign-ins that race leave the counts
 * right. Runs on PGlite and on PostgreSQL.
 */
const api = buildApi();
const { seed, codes } = signInTestKit();

/** Signs the device of `cookie` in by OTP for `phone`. */
const signIn = (cookie: string, phone: string) => signInByOtp({ api, seed, codes }, cookie, phone);

async function homeOf(userId: string): Promise<string> {
  const { db } = await getDb();
  const [u] = await db.select({ home: users.home_viewer_id }).from(users).where(eq(users.id, userId));
  return u.home!;
}

async function likedBy(viewerId: string): Promise<string[]> {
  const { db } = await getDb();
  return (await db.select({ id: reactions.content_id }).from(reactions).where(eq(reactions.viewer_id, viewerId))).map((r) => r.id).sort();
}

async function likeCount(id: string): Promise<number> {
  const { db } = await getDb();
  return (await db.select({ n: contentItems.like_count }).from(contentItems).where(eq(contentItems.id, id)))[0].n;
}

async function totalReaction(id: string): Promise<number> {
  const { db } = await getDb();
  return (await db.select({ n: options.total_reaction }).from(options).where(eq(options.id, id)))[0].n;
}

describe('sign-in moves the visitor to the user', () => {
  it('likes: a reel liked on both sides counts once, and the option total stays the sum of its reels', async () => {
    const t = await seed.taxonomy();
    const [a, b, c] = await seed.reels(t.options[0].id, 3);
    const device1 = seed.viewer();
    const phone = seed.phone();
    // The user exists with B and C liked (from an earlier device).
    await likeContent(device1.principal, b.id);
    await likeContent(device1.principal, c.id);
    const { userId } = await signIn(device1.cookie, phone);
    const home = await homeOf(userId);
    expect(await likedBy(home)).toEqual([b.id, c.id].sort());
    expect(await likedBy(device1.id)).toEqual([]);
    // A second device liked A and B as a visitor, then signs in.
    const device2 = seed.viewer();
    await likeContent(device2.principal, a.id);
    await likeContent(device2.principal, b.id);
    expect(await likeCount(b.id)).toBe(2);
    await signIn(device2.cookie, phone);
    expect(await likedBy(home)).toEqual([a.id, b.id, c.id].sort());
    expect(await likeCount(a.id)).toBe(1);
    expect(await likeCount(b.id)).toBe(1);
    expect(await likeCount(c.id)).toBe(1);
    expect(await totalReaction(t.options[0].id)).toBe(3);
    // The feed says so for the signed-in user.
    const { session } = await signIn(seed.viewer().cookie, phone);
    const feed = await api.request(`/feeds-server/api/v1/feeds?topic_id=${t.topic.id}`, { headers: { cookie: session } });
    const items = (await feed.json()).feeds as Array<{ like: boolean; reaction_count: { like: number } }>;
    expect(items.map((i) => i.like)).toEqual([true, true, true]);
    expect(items.map((i) => i.reaction_count.like)).toEqual([1, 1, 1]);
    // A visitor who never signed in sees no like of theirs.
    const other = await api.request(`/feeds-server/api/v1/feeds?topic_id=${t.topic.id}`, { headers: { cookie: seed.viewer().cookie } });
    expect(((await other.json()).feeds as Array<{ like: boolean }>).map((i) => i.like)).toEqual([false, false, false]);
  });

  it('views and watch progress: one view per reel, the furthest progress, watched if either watched', async () => {
    const t = await seed.taxonomy();
    const [a, b] = await seed.reels(t.options[0].id, 2);
    const u = await seed.signedIn();
    const home = u.principal.visitorId;
    const device = seed.viewer();
    const { db } = await getDb();
    await db.insert(viewers).values({ id: device.id });
    await db.insert(views).values([{ viewer_id: home, content_id: a.id }, { viewer_id: device.id, content_id: a.id }, { viewer_id: device.id, content_id: b.id }]);
    await db.update(contentItems).set({ view_count: 2 }).where(eq(contentItems.id, a.id));
    await db.update(contentItems).set({ view_count: 1 }).where(eq(contentItems.id, b.id));
    await db.insert(watchProgress).values([
      { viewer_id: home, content_id: a.id, content_length: 30, content_watched: 10, watched: true, vid_watched: false },
      { viewer_id: device.id, content_id: a.id, content_length: 30, content_watched: 25, watched: false, vid_watched: true },
      { viewer_id: device.id, content_id: b.id, content_length: 40, content_watched: 5, watched: true, vid_watched: false },
    ]);
    await db.transaction((tx) => signInUser(tx, u.user.id, 'phone', { principal: device.principal, presentedToken: null, userAgent: null }, false));
    const v = await db.select().from(views).where(eq(views.viewer_id, home));
    expect(v.map((r) => r.content_id).sort()).toEqual([a.id, b.id].sort());
    expect((await db.select().from(views).where(eq(views.viewer_id, device.id)))).toHaveLength(0);
    const counts = await db.select({ id: contentItems.id, n: contentItems.view_count }).from(contentItems).where(inArray(contentItems.id, [a.id, b.id]));
    expect(Object.fromEntries(counts.map((r) => [r.id, r.n]))).toEqual({ [a.id]: 1, [b.id]: 1 });
    const p = await db.select().from(watchProgress).where(eq(watchProgress.viewer_id, home));
    const pa = p.find((r) => r.content_id === a.id)!;
    expect(pa).toMatchObject({ content_watched: 25, content_length: 30, watched: true, vid_watched: true });
    expect(p.find((r) => r.content_id === b.id)).toMatchObject({ content_watched: 5, watched: true });
    expect(await db.select().from(watchProgress).where(eq(watchProgress.viewer_id, device.id))).toHaveLength(0);
  });

  it('chats with their messages, leads (a key both used kept apart) and events move', async () => {
    const u = await seed.signedIn();
    const home = u.principal.visitorId;
    const device = seed.viewer();
    const { db } = await getDb();
    const [chat] = await db.insert(chats).values({ viewer_id: device.id, language: 'english' }).returning();
    await db.insert(chatMessages).values(Array.from({ length: 10 }, (_, i) => ({ chat_id: chat.id, role: i % 2 ? 'assistant' : 'user', text: `m${i}` })));
    const lead = { kind: 'callback', name: 'Asha', phone: '+919812345678', details: {} };
    await db.insert(leads).values([
      { ...lead, viewer_id: home, idempotency_key: 'same-key' },
      { ...lead, viewer_id: device.id, idempotency_key: 'same-key' },
      { ...lead, viewer_id: device.id, idempotency_key: 'other-key' },
    ]);
    await db.insert(events).values([{ event_type: 'SWIPE', viewer_id: device.id, payload: {} }, { event_type: 'TOPIC', viewer_id: device.id, payload: {} }]);
    const s = await db.transaction((tx) => signInUser(tx, u.user.id, 'phone', { principal: device.principal, presentedToken: null, userAgent: null }, false));
    expect(s.merge).toMatchObject({ chats: 1, leads: 2, events: 2 });
    const [moved] = await db.select().from(chats).where(eq(chats.id, chat.id));
    expect(moved.viewer_id).toBe(home);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id))).toHaveLength(10);
    const l = await db.select({ key: leads.idempotency_key }).from(leads).where(eq(leads.viewer_id, home));
    expect(l.map((r) => r.key).sort()).toEqual(['other-key', 'same-key', `same-key~${device.id}`]);
    expect(await db.select().from(leads).where(eq(leads.viewer_id, device.id))).toHaveLength(0);
    expect(await db.select().from(events).where(eq(events.viewer_id, home))).toHaveLength(2);
    const [dv] = await db.select().from(viewers).where(eq(viewers.id, device.id));
    expect(dv.user_id).toBe(u.user.id);
  });

  it('a signed-in caller switching accounts brings nothing of the first account along', async () => {
    const t = await seed.taxonomy();
    const [a] = await seed.reels(t.options[0].id, 1);
    const first = await seed.signedIn();
    await likeContent(first.principal, a.id);
    const second = await seed.signedIn();
    const { db } = await getDb();
    await db.transaction((tx) => signInUser(tx, second.user.id, 'phone', { principal: first.principal, presentedToken: first.token, userAgent: null }, false));
    expect(await likedBy(first.principal.visitorId)).toEqual([a.id]);
    expect(await likedBy(second.principal.visitorId)).toEqual([]);
    // The first session was rotated out.
    const me = await api.request('/auth/api/v1/me', { headers: { cookie: first.cookie } });
    expect((await me.json()).userId).toBeNull();
  });

  it('is idempotent: signing the same visitor in again moves nothing and changes no count', async () => {
    const t = await seed.taxonomy();
    const [a] = await seed.reels(t.options[0].id, 1);
    const u = await seed.signedIn();
    const device = seed.viewer();
    await likeContent(device.principal, a.id);
    const { db } = await getDb();
    const ctx = { principal: device.principal, presentedToken: null, userAgent: null };
    const first = await db.transaction((tx) => signInUser(tx, u.user.id, 'phone', ctx, false));
    const second = await db.transaction((tx) => signInUser(tx, u.user.id, 'phone', ctx, false));
    expect(first.merge.reactions).toBe(1);
    expect(second.merge).toMatchObject({ reactions: 0, views: 0, progress: 0, chats: 0, leads: 0, events: 0 });
    expect(await likeCount(a.id)).toBe(1);
  });

  it('two sign-ins that race into one user leave every like once and the counts right', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 4);
    const u = await seed.signedIn();
    await likeContent(u.principal, reels[0].id);
    const d1 = seed.viewer();
    const d2 = seed.viewer();
    for (const r of reels.slice(0, 3)) await likeContent(d1.principal, r.id);
    for (const r of reels.slice(1)) await likeContent(d2.principal, r.id);
    const { db } = await getDb();
    const signIn = (p: Principal) => db.transaction((tx) => signInUser(tx, u.user.id, 'phone', { principal: p, presentedToken: null, userAgent: null }, false));
    // Each device twice (a double tap), all at once.
    await Promise.all([signIn(d1.principal), signIn(d2.principal), signIn(d1.principal), signIn(d2.principal)]);
    expect(await likedBy(u.principal.visitorId)).toEqual(reels.map((r) => r.id).sort());
    for (const r of reels) expect(await likeCount(r.id), r.description).toBe(1);
    expect(await totalReaction(t.options[0].id)).toBe(4);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(reactions)
      .where(and(inArray(reactions.viewer_id, [d1.id, d2.id])));
    expect(Number(n)).toBe(0);
  });
});
