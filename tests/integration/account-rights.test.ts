import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import {
  chatMessages, chats, contacts, contentItems, dealNotes, deviceUsers, events, follows, jobs, leads, newsletterConsents,
  notifications, options, otpLog, otpRequests, reactions, referralClicks, referralCodes, referrals, rewardMoves, rewards,
  sessions, uploadReservations, userDevices, userRoles, users, viewerAttribution, viewers, views, watchProgress,
} from '@/lib/db/schema';
import { enqueue } from '@/lib/jobs/queue';
import { LEAD_WEBHOOK_JOB } from '@/features/leads/server/leads';
import { ERASED, LEAD_DELIVERY_CANCELED, maskVpa } from '@/features/auth/server/account-erasure';
import type { ErasureSummary } from '@/features/auth/account-schemas';
import { signInByOtp, signInTestKit } from '../fixtures/otp';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * A person's rights over their account (docs/decisions/021): the export of
 * everything held about them, the erasure (what goes, what stays
 * anonymised, that nothing of anyone else moves, that the old session is
 * dead and the same phone signs up afresh), who may call either, and the
 * public profile's name rule. Runs on PGlite and on PostgreSQL.
 */
const api = buildApi();
const { seed, codes } = signInTestKit();
const refs = new ReferralSeed();
const made = { leads: [] as string[], emails: [] as string[], attributed: [] as string[] };
const EVIL = { origin: 'https://evil.example' };

afterEach(async () => {
  const { db } = await getDb();
  if (made.leads.length) {
    await db.delete(jobs).where(and(eq(jobs.kind, LEAD_WEBHOOK_JOB), inArray(sql`${jobs.payload}->>'lead_id'`, made.leads)));
    await db.delete(leads).where(inArray(leads.id, made.leads));
  }
  if (made.emails.length) await db.delete(newsletterConsents).where(inArray(newsletterConsents.email, made.emails));
  if (made.attributed.length) await db.delete(viewerAttribution).where(inArray(viewerAttribution.viewer_id, made.attributed));
  made.leads = [];
  made.emails = [];
  made.attributed = [];
  await refs.cleanup();
});

type Json = Record<string, unknown> & { error?: { code: string; message: string } };
const json = async (res: Response) => (await res.json()) as Json;

function send(method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method,
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const get = (path: string, cookie = '') => api.request(path, { headers: cookie ? { cookie } : {} });
const erase = (cookie: string, body: unknown = { confirm: true }, headers: Record<string, string> = {}) =>
  send('DELETE', '/auth/api/v1/user/me', cookie, body, headers);
const like = (cookie: string, content_id: string) => send('POST', '/uploader/api/v1/like/', cookie, { content_id });
const tag = () => nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x');

async function likeCount(id: string): Promise<number> {
  const { db } = await getDb();
  return (await db.select({ n: contentItems.like_count }).from(contentItems).where(eq(contentItems.id, id)))[0].n;
}
async function totalReaction(id: string): Promise<number> {
  const { db } = await getDb();
  return (await db.select({ n: options.total_reaction }).from(options).where(eq(options.id, id)))[0].n;
}

/** A lead of `viewerId` with its CRM delivery queued (as createLead does), removed after the test. */
async function leadOf(viewerId: string, crm: 'pending' | 'sent', name: string, phone: string) {
  const { db } = await getDb();
  const [row] = await db.insert(leads).values({
    kind: 'callback', viewer_id: viewerId, idempotency_key: `k-${nanoid(10)}`, name, phone, email: `${tag()}@example.in`,
    pin_code: '411001', details: { slot: 'tomorrow 10:00' }, crm_status: crm, request_hash: 'h'.repeat(64),
  }).returning();
  made.leads.push(row.id);
  const jobId = crm === 'pending' ? await enqueue(LEAD_WEBHOOK_JOB, { lead_id: row.id }, { db }) : null;
  return { lead: row, jobId };
}

/**
 * A person signed in by OTP from a device that liked a reel as a visitor,
 * holding one row of every kind the product keeps about a user, and a
 * bystander (another user) with rows of their own on the same reels,
 * deal and referrals.
 */
async function personWithEverything() {
  const { db } = await getDb();
  const t = await seed.taxonomy();
  const option = t.options[0].id;
  const [r1, r2] = await seed.reels(option, 2);
  const bystander = await seed.signedIn({ name: 'Bhavna Rao' });
  const deal = await refs.seedDeal();

  // As a visitor first: the like moves to the user at sign-in.
  const device = seed.viewer();
  expect((await like(device.cookie, r1.id)).status).toBe(200);
  const phone = seed.phone();
  const { userId, session } = await signInByOtp({ api, seed, codes }, device.cookie, phone);
  const cookie = `${session}; ${device.cookie}`;
  const [u] = await db.select({ home: users.home_viewer_id }).from(users).where(eq(users.id, userId));
  const home = u.home!;
  const name = `Asha ${tag()} Verma`;
  const email = `a${tag()}@example.in`;
  made.emails.push(email);
  await db.update(users).set({
    name, username: `asha_${tag()}`, bio: 'Solar at home', email, gender: 'female', dob: '1990-04-12', metadata: { theme: 'dark' },
    pic: '/media/avatars/none/pic.webp',
  }).where(eq(users.id, userId));

  expect((await like(cookie, r2.id)).status).toBe(200);
  expect((await like(bystander.cookie, r1.id)).status).toBe(200);
  await db.insert(views).values({ viewer_id: home, content_id: r1.id });
  await db.insert(watchProgress).values({ viewer_id: home, content_id: r2.id, content_length: 30, content_watched: 12, watched: true });
  const [chat] = await db.insert(chats).values({ viewer_id: home, language: 'en', topic: 'net-metering' }).returning();
  await db.insert(chatMessages).values([
    { chat_id: chat.id, role: 'user', text: 'How much subsidy for 3 kW?' },
    { chat_id: chat.id, role: 'assistant', text: 'Up to 78,000 rupees.' },
  ]);
  const sentLead = await leadOf(home, 'sent', 'Asha Verma', phone);
  const pendingLead = await leadOf(home, 'pending', 'Asha Verma', phone);
  await db.insert(events).values({ event_type: 'VIDEO_VIEW', viewer_id: home, user_id: userId, content_id: r1.id, payload: { t: 3 } });
  await db.insert(viewerAttribution).values({ viewer_id: home, campaign: 'awa' }).onConflictDoNothing();
  made.attributed.push(home);
  const contactPhone = seed.phone();
  await db.insert(contacts).values({ owner_user_id: userId, name: 'Ravi Kumar', phone: contactPhone, source: 'manual' });
  await db.insert(notifications).values({ user_id: userId, key: 'test_old_notice', params: { n: 1 } });
  await db.insert(follows).values([
    { user_id: userId, target_kind: 'topic', target_id: t.topic.id },
    { user_id: bystander.user.id, target_kind: 'creator', target_id: userId },
  ]);
  await db.insert(newsletterConsents).values({ email, user_id: userId, viewer_id: home });
  await db.insert(userRoles).values({ user_id: userId, role: 'CREATOR', topic_id: t.topic.id });
  const code = nanoid(8).toUpperCase().replace(/[^A-Z0-9]/g, 'X');
  await db.insert(referralCodes).values({ user_id: userId, code });
  await db.insert(referralClicks).values({ referrer_user_id: userId, deal_id: deal.id, viewer_id: `clicker${tag()}` });

  const sentOpen = await refs.seedReferral({ dealId: deal.id, referrerId: userId, refereeId: null, refereePhone: seed.phone(), refereeName: 'Open Invitee' });
  const sentPaidPhone = seed.phone();
  const sentPaid = await refs.seedReferral({
    dealId: deal.id, referrerId: userId, refereeId: null, refereePhone: sentPaidPhone, refereeName: 'Kiran Shah',
    state: 'accepted', consumerNumber: `CN${tag()}`, address: '12 MG Road, Pune 411001',
  });
  const [reward] = await db.insert(rewards).values({
    referral_id: sentPaid.id, referrer_user_id: userId, amount_inr: 5000, state: 'claimed', reason: 'claimed',
    scratched_at: new Date(), claimed_at: new Date(), payout_vpa: 'asha.verma@okaxis', claim_key: `ck-${nanoid(12)}`,
    claim_request_hash: 'c'.repeat(64),
  }).returning();
  await db.insert(rewardMoves).values({ reward_id: reward.id, from_state: 'approved', to_state: 'claimed', reason: 'claimed', actor_user_id: userId });
  await db.insert(dealNotes).values({ referral_id: sentPaid.id, author_user_id: userId, client_key: `n-${nanoid(8)}`, body: 'Call after 6 pm' });
  const receivedPending = await refs.seedReferral({ dealId: deal.id, referrerId: bystander.user.id, refereeId: userId, refereePhone: phone, refereeName: 'Asha' });
  const receivedPaid = await refs.seedReferral({
    dealId: deal.id, referrerId: bystander.user.id, refereeId: userId, refereePhone: phone, refereeName: 'Asha V',
    state: 'accepted', consumerNumber: `CN${tag()}`, address: '4 Park Street, Kolkata 700016',
  });
  const [bystanderReward] = await db.insert(rewards).values({
    referral_id: receivedPaid.id, referrer_user_id: bystander.user.id, amount_inr: 5000, state: 'pending', reason: 'pending',
  }).returning();
  const deviceMark = `dev${tag()}${tag()}`;
  await db.insert(deviceUsers).values({ device_id: deviceMark, user_id: userId });
  await db.insert(uploadReservations).values({ upload_id: `up-${nanoid(12)}`, user_id: userId, bytes: 1000, expires_at: new Date(Date.now() + 3600_000) });
  const ownReel = await seed.reel(option, { user_id: userId, description: 'My rooftop' });

  // The bystander's own rows, which no erasure of the person may touch.
  const [otherChat] = await db.insert(chats).values({ viewer_id: bystander.principal.visitorId, language: 'hi' }).returning();
  const otherLead = await leadOf(bystander.principal.visitorId, 'pending', 'Bhavna Rao', bystander.user.phone!);
  await db.insert(contacts).values({ owner_user_id: bystander.user.id, name: 'Asha', phone, source: 'manual' });
  await db.insert(notifications).values({ user_id: bystander.user.id, key: 'test_bystander_notice' });

  return {
    userId, phone, home, device, cookie, name, email, bystander, deal, topicId: t.topic.id, option, r1, r2, ownReel, chat, contactPhone, code,
    sentLead: sentLead.lead, pendingLead, sentOpen, sentPaid, sentPaidPhone, reward, receivedPending, receivedPaid,
    bystanderReward, deviceMark, otherChat, otherLead,
  };
}

describe('GET /auth/api/v1/user/export', () => {
  it('answers a JSON file of every kind of row held about the signed-in user, sessions without ids', async () => {
    const p = await personWithEverything();
    const res = await get('/auth/api/v1/user/export', p.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="surya-reels-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const doc = JSON.parse(await res.text());

    expect(doc.profile).toMatchObject({ id: p.userId, name: p.name, bio: 'Solar at home', gender: 'female', date_of_birth: '1990-04-12', metadata: { theme: 'dark' } });
    expect(doc.sign_in).toMatchObject({ phone: p.phone, email: p.email, google_linked: false });
    expect(doc.sign_in.sessions.length).toBeGreaterThanOrEqual(1);
    for (const s of doc.sign_in.sessions) expect(Object.keys(s).sort()).toEqual(['created_at', 'expires_at', 'last_seen_at', 'method', 'revoked_at', 'user_agent']);
    expect(doc.roles).toEqual([expect.objectContaining({ role: 'CREATOR' })]);
    expect(doc.visitor_ids).toEqual(expect.arrayContaining([p.home, p.device.id]));
    expect(doc.likes.map((l: { content_id: string }) => l.content_id).sort()).toEqual([p.r1.id, p.r2.id].sort());
    expect(doc.views).toEqual([expect.objectContaining({ content_id: p.r1.id })]);
    expect(doc.watch_progress).toEqual([expect.objectContaining({ content_id: p.r2.id, seconds_watched: 12, watched: true })]);
    expect(doc.chats).toEqual([expect.objectContaining({ id: p.chat.id, messages: [
      expect.objectContaining({ role: 'user', text: 'How much subsidy for 3 kW?' }),
      expect.objectContaining({ role: 'assistant', text: 'Up to 78,000 rupees.' }),
    ] })]);
    expect(doc.leads.map((l: { id: string }) => l.id).sort()).toEqual([p.sentLead.id, p.pendingLead.lead.id].sort());
    expect(doc.leads[0]).toMatchObject({ name: 'Asha Verma', phone: p.phone, pin_code: '411001' });
    expect(doc.contacts).toEqual([expect.objectContaining({ name: 'Ravi Kumar', phone: p.contactPhone })]);
    expect(doc.referral_code).toMatchObject({ code: p.code });
    expect(doc.referral_link_clicks).toBe(1);
    expect(doc.referrals.sent.map((r: { id: string }) => r.id).sort()).toEqual([p.sentOpen.id, p.sentPaid.id].sort());
    expect(doc.referrals.sent.find((r: { id: string }) => r.id === p.sentPaid.id)).toMatchObject({ referee_name: 'Kiran Shah', referee_phone: p.sentPaidPhone });
    expect(doc.referrals.received.map((r: { id: string }) => r.id).sort()).toEqual([p.receivedPending.id, p.receivedPaid.id].sort());
    expect(doc.deal_notes).toEqual([expect.objectContaining({ body: 'Call after 6 pm' })]);
    expect(doc.rewards).toEqual([expect.objectContaining({
      id: p.reward.id, amount_inr: 5000, state: 'claimed', payout_vpa: 'asha.verma@okaxis',
      moves: [expect.objectContaining({ from_state: 'approved', to_state: 'claimed' })],
    })]);
    expect(doc.notifications.map((n: { key: string }) => n.key)).toContain('test_old_notice');
    expect(doc.newsletter_consents).toEqual([expect.objectContaining({ email: p.email, withdrawn_at: null })]);
    expect(doc.follows).toEqual([expect.objectContaining({ target_kind: 'topic' })]);
    expect(doc.reels_uploaded).toEqual([expect.objectContaining({ id: p.ownReel.id, description: 'My rooftop' })]);
    expect(doc.devices.visitors.map((d: { viewer_id: string }) => d.viewer_id)).toContain(p.device.id);
    expect(doc.devices.device_marks).toEqual(expect.arrayContaining([expect.objectContaining({ device_id: p.deviceMark })]));
    expect(doc.first_touch).toEqual(expect.arrayContaining([expect.objectContaining({ viewer_id: p.home, campaign: 'awa' })]));
    expect(doc.events.items.some((e: { event_type: string; content_id: string }) => e.event_type === 'VIDEO_VIEW' && e.content_id === p.r1.id)).toBe(true);
    expect(doc.events.truncated).toBe(false);

    // Nothing of the bystander's own: their chat, lead and contacts are not in it.
    const text = JSON.stringify(doc);
    expect(text).not.toContain(p.otherChat.id);
    expect(text).not.toContain(p.otherLead.lead.id);
    expect(text).not.toContain('test_bystander_notice');
    expect(text).not.toContain(p.bystanderReward.id);
  });

  it('is for a signed-in user only (visitor 401) and a few per hour (the sixth within the hour is 429)', async () => {
    const visitor = seed.viewer();
    const v = await get('/auth/api/v1/user/export', visitor.cookie);
    expect(v.status).toBe(401);
    expect((await json(v)).error?.code).toBe('login_required');
    expect((await get('/auth/api/v1/user/export')).status).toBe(401);

    const me = await seed.signedIn();
    for (let i = 0; i < 5; i++) expect((await get('/auth/api/v1/user/export', me.cookie)).status).toBe(200);
    const sixth = await get('/auth/api/v1/user/export', me.cookie);
    expect(sixth.status).toBe(429);
    expect((await json(sixth)).error?.code).toBe('rate_limited');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user's allowance is their own.
    expect((await get('/auth/api/v1/user/export', (await seed.signedIn()).cookie)).status).toBe(200);
  });
});

describe('DELETE /auth/api/v1/user/me', () => {
  it('erases the account in one go: each table, like counts corrected, ledger kept anonymised, others untouched', async () => {
    const { db } = await getDb();
    const p = await personWithEverything();
    expect(await likeCount(p.r1.id)).toBe(2);
    expect(await likeCount(p.r2.id)).toBe(1);
    expect(await totalReaction(p.option)).toBe(3);
    // Before: the creator is found by name and has a public profile.
    const found = await json(await get(`/auth/api/v1/users?q=${encodeURIComponent(p.name)}`));
    expect((found.users as Array<{ userId: string }>).map((h) => h.userId)).toContain(p.userId);
    // The bystander's feed (now cached) shows the person's likes and their name on their reel.
    type FeedItem = { id: string; reaction_count: { like: number }; user_id: string | null; owner_name: string | null };
    const feed = async () => ((await (await get(`/feeds-server/api/v1/feeds?topic_id=${p.topicId}`, p.bystander.cookie)).json()) as { feeds: FeedItem[] }).feeds;
    const beforeFeed = await feed();
    expect(beforeFeed.find((f) => f.id === p.r1.id)?.reaction_count.like).toBe(2);
    expect(beforeFeed.find((f) => f.id === p.ownReel.id)).toMatchObject({ user_id: p.userId, owner_name: p.name });

    const res = await erase(p.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toMatch(/sr_sid=; Path=\/; Max-Age=0/);
    const summary = (await res.json()) as ErasureSummary;
    expect(summary.erased).toBe(true);
    expect(summary.counts).toMatchObject({
      sessions: 1, likes: 2, views: 1, watch_progress: 1, chats: 1, chat_messages: 2,
      leads_deleted: 1, leads_anonymised: 1, lead_deliveries_canceled: 1, contacts: 1,
      follows: 2, newsletter_consents: 1, roles: 1, referral_codes: 1, referral_clicks: 1,
      referrals_deleted: 2, referrals_anonymised: 2, deal_notes: 1, rewards_anonymised: 1,
      upload_reservations: 1, reels_released: 1,
    });
    // Rows other hooks of sign-in add (the sign-in event, the welcome notice, the OTP's rows) are counted too.
    expect(summary.counts.events).toBeGreaterThanOrEqual(1);
    expect(summary.counts.notifications).toBeGreaterThanOrEqual(1);
    expect(summary.counts.devices).toBeGreaterThanOrEqual(1);
    expect(summary.counts.device_marks).toBeGreaterThanOrEqual(1);
    expect(summary.counts.first_touch).toBeGreaterThanOrEqual(1);
    expect(summary.counts.visitors).toBeGreaterThanOrEqual(2);
    expect(summary.counts.otp_requests).toBeGreaterThanOrEqual(1);
    expect(summary.counts.otp_log).toBeGreaterThanOrEqual(1);

    // The user row is an anonymous tombstone.
    const [tomb] = await db.select().from(users).where(eq(users.id, p.userId));
    expect(tomb).toMatchObject({
      name: '', username: null, bio: '', pic: null, phone: null, email: null, email_verified: false, google_sub: null,
      gender: null, dob: null, metadata: {}, home_viewer_id: null, is_amb: false,
    });
    expect(tomb.deleted_at).toBeInstanceOf(Date);

    // Gone, per table.
    const visitors = [p.home, p.device.id];
    const none = async (rows: Promise<unknown[]>, what: string) => expect((await rows).length, what).toBe(0);
    await none(db.select().from(sessions).where(eq(sessions.user_id, p.userId)), 'sessions');
    await none(db.select().from(reactions).where(inArray(reactions.viewer_id, visitors)), 'reactions');
    await none(db.select().from(views).where(inArray(views.viewer_id, visitors)), 'views');
    await none(db.select().from(watchProgress).where(inArray(watchProgress.viewer_id, visitors)), 'watch_progress');
    await none(db.select().from(chats).where(inArray(chats.viewer_id, visitors)), 'chats');
    await none(db.select().from(chatMessages).where(eq(chatMessages.chat_id, p.chat.id)), 'chat_messages');
    await none(db.select().from(leads).where(eq(leads.id, p.pendingLead.lead.id)), 'pending lead');
    await none(db.select().from(leads).where(inArray(leads.viewer_id, visitors)), 'leads of the visitors');
    await none(db.select().from(events).where(or(inArray(events.viewer_id, visitors), eq(events.user_id, p.userId))), 'events');
    await none(db.select().from(viewerAttribution).where(inArray(viewerAttribution.viewer_id, visitors)), 'viewer_attribution');
    await none(db.select().from(contacts).where(eq(contacts.owner_user_id, p.userId)), 'contacts');
    await none(db.select().from(notifications).where(eq(notifications.user_id, p.userId)), 'notifications');
    await none(db.select().from(follows).where(or(eq(follows.user_id, p.userId), eq(follows.target_id, p.userId))), 'follows');
    await none(db.select().from(newsletterConsents).where(eq(newsletterConsents.email, p.email)), 'newsletter');
    await none(db.select().from(userRoles).where(eq(userRoles.user_id, p.userId)), 'roles');
    await none(db.select().from(referralCodes).where(eq(referralCodes.user_id, p.userId)), 'referral_codes');
    await none(db.select().from(referralClicks).where(eq(referralClicks.referrer_user_id, p.userId)), 'referral_clicks');
    await none(db.select().from(referrals).where(inArray(referrals.id, [p.sentOpen.id, p.receivedPending.id])), 'unaccepted referrals');
    await none(db.select().from(dealNotes).where(eq(dealNotes.author_user_id, p.userId)), 'deal_notes');
    await none(db.select().from(userDevices).where(eq(userDevices.user_id, p.userId)), 'user_devices');
    await none(db.select().from(deviceUsers).where(eq(deviceUsers.user_id, p.userId)), 'device_users');
    await none(db.select().from(viewers).where(or(inArray(viewers.id, visitors), eq(viewers.user_id, p.userId))), 'viewers');
    await none(db.select().from(otpRequests).where(eq(otpRequests.phone, p.phone)), 'otp_requests');
    await none(db.select().from(otpLog).where(eq(otpLog.phone, p.phone)), 'otp_log');
    await none(db.select().from(uploadReservations).where(eq(uploadReservations.user_id, p.userId)), 'upload_reservations');

    // Likes left the counts, also in the feed the caches serve; the bystander's like stays; the reel has no owner.
    const afterFeed = await feed();
    expect(afterFeed.find((f) => f.id === p.r1.id)?.reaction_count.like).toBe(1);
    expect(afterFeed.find((f) => f.id === p.r2.id)?.reaction_count.like).toBe(0);
    expect(afterFeed.find((f) => f.id === p.ownReel.id)).toMatchObject({ user_id: null, owner_name: null });
    expect(await likeCount(p.r1.id)).toBe(1);
    expect(await likeCount(p.r2.id)).toBe(0);
    expect(await totalReaction(p.option)).toBe(1);
    expect(await db.select().from(reactions).where(eq(reactions.content_id, p.r1.id))).toEqual([
      expect.objectContaining({ viewer_id: p.bystander.principal.visitorId }),
    ]);

    // The lead the CRM has stays, anonymised and cut from the device; the pending one's delivery is canceled.
    const [sent] = await db.select().from(leads).where(eq(leads.id, p.sentLead.id));
    expect(sent).toMatchObject({
      name: ERASED, phone: ERASED, email: null, pin_code: null, details: {}, request_hash: null, crm_status: 'sent',
      viewer_id: `${ERASED}-${p.sentLead.id}`,
    });
    const [job] = await db.select().from(jobs).where(eq(jobs.id, p.pendingLead.jobId!));
    expect(job).toMatchObject({ status: 'failed', last_error: LEAD_DELIVERY_CANCELED });

    // The reward ledger stays: the payout's UPI id masked, its moves kept; the referral it belongs to too.
    const [reward] = await db.select().from(rewards).where(eq(rewards.id, p.reward.id));
    expect(reward).toMatchObject({ referrer_user_id: p.userId, amount_inr: 5000, state: 'claimed', payout_vpa: 'as***@okaxis', claim_request_hash: null });
    expect(await db.select().from(rewardMoves).where(eq(rewardMoves.reward_id, p.reward.id))).toHaveLength(1);
    const [sentPaid] = await db.select().from(referrals).where(eq(referrals.id, p.sentPaid.id));
    // The referee's household keys stay for the one-reward-per-household rule; their name and address text go.
    expect(sentPaid).toMatchObject({ referee_name: '', referee_address: null, referee_phone: p.sentPaidPhone });
    expect(sentPaid.referee_consumer_number).not.toBeNull();
    // A referral the person received stays as the bystander's ledger, with nothing of the person.
    const [receivedPaid] = await db.select().from(referrals).where(eq(referrals.id, p.receivedPaid.id));
    expect(receivedPaid).toMatchObject({
      referee_user_id: null, referee_phone: `${ERASED}:${p.receivedPaid.id}`, referee_name: '',
      referee_consumer_number: null, referee_address: null, referee_address_key: null, referrer_user_id: p.bystander.user.id,
    });
    expect(await db.select().from(rewards).where(eq(rewards.id, p.bystanderReward.id))).toEqual([expect.objectContaining({ state: 'pending' })]);

    // The creator's reel stays the company's.
    const [reel] = await db.select().from(contentItems).where(eq(contentItems.id, p.ownReel.id));
    expect(reel.user_id).toBeNull();

    // The bystander's own rows are untouched.
    expect(await db.select().from(chats).where(eq(chats.id, p.otherChat.id))).toHaveLength(1);
    expect(await db.select().from(leads).where(eq(leads.id, p.otherLead.lead.id))).toEqual([expect.objectContaining({ name: 'Bhavna Rao' })]);
    expect((await db.select().from(jobs).where(eq(jobs.id, p.otherLead.jobId!)))[0].status).toBe('queued');
    expect(await db.select().from(contacts).where(eq(contacts.owner_user_id, p.bystander.user.id))).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.user_id, p.bystander.user.id))).toHaveLength(1);
    expect((await json(await get('/auth/api/v1/me', p.bystander.cookie))).userId).toBe(p.bystander.user.id);

    // The old session is dead: the cookie is a visitor's, and a user's call is 401.
    const me = await json(await get('/auth/api/v1/me', p.cookie));
    expect(me).toMatchObject({ userId: null, isUserVisitor: true });
    expect((await get('/auth/api/v1/user/follows', p.cookie)).status).toBe(401);
    expect((await erase(p.cookie)).status).toBe(401);
    // Never listed, never a profile.
    expect(((await json(await get(`/auth/api/v1/users?q=${encodeURIComponent(p.name)}`))).users as unknown[])).toEqual([]);
    const profile = await get(`/auth/api/v1/users/${p.userId}/profiles`);
    expect(profile.status).toBe(404);
    expect((await json(profile)).error?.code).toBe('user_not_found');
  });

  it('lets the same phone sign up again as a new user with nothing of the old one', async () => {
    const p = await personWithEverything();
    expect((await erase(p.cookie)).status).toBe(200);

    const device = seed.viewer();
    const again = await signInByOtp({ api, seed, codes }, device.cookie, p.phone);
    expect(again.userId).not.toBe(p.userId);
    const cookie = `${again.session}; ${device.cookie}`;
    const me = await json(await get('/auth/api/v1/me', cookie));
    expect(me).toMatchObject({ userId: again.userId, name: '', username: null, email: null, followers: 0, following: 0, posts: 0 });
    expect((me.permissions as { roles: unknown[] }).roles).toEqual([]);
    const doc = JSON.parse(await (await get('/auth/api/v1/user/export', cookie)).text());
    expect(doc.sign_in.phone).toBe(p.phone);
    for (const k of ['likes', 'views', 'watch_progress', 'chats', 'leads', 'contacts', 'deal_notes', 'rewards', 'follows', 'newsletter_consents', 'reels_uploaded']) {
      expect(doc[k], k).toEqual([]);
    }
    expect(doc.referrals).toEqual({ sent: [], received: [] });
    expect(doc.referral_code).toBeNull();
    expect(doc.notifications.map((n: { key: string }) => n.key)).not.toContain('test_old_notice');
    expect(doc.visitor_ids).not.toContain(p.home);
    // The tombstone is still there, holding nothing that names the person.
    const { db } = await getDb();
    const [tomb] = await db.select({ phone: users.phone, deleted_at: users.deleted_at }).from(users).where(eq(users.id, p.userId));
    expect(tomb.phone).toBeNull();
    expect(tomb.deleted_at).not.toBeNull();
  });

  it('refuses a visitor (401), a cookie-less client (401), another site (403) and anything but {"confirm": true} (422)', async () => {
    const me = await seed.signedIn();
    const visitor = seed.viewer();
    const v = await erase(visitor.cookie);
    expect(v.status).toBe(401);
    expect((await json(v)).error?.code).toBe('login_required');
    expect((await erase('')).status).toBe(401);

    const evil = await erase(me.cookie, { confirm: true }, EVIL);
    expect(evil.status).toBe(403);
    expect((await json(evil)).error?.code).toBe('origin_not_allowed');
    // Five refusals: the sixth call within the hour would meet the rate limit.
    for (const body of [{ confirm: false }, {}, { confirm: 'true' }, { confirm: true, also: 1 }]) {
      const res = await erase(me.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const b = await json(res);
      expect(b.error?.code).toBe('validation_failed');
    }
    expect((await json(await erase(`${me.cookie}; NEXT_LOCALE=hi`, { confirm: false }))).error?.message).toMatch(/^confirm: .*[\u0900-\u097F]/);
    // None of it erased anything.
    const { db } = await getDb();
    const [row] = await db.select({ deleted_at: users.deleted_at, name: users.name }).from(users).where(eq(users.id, me.user.id));
    expect(row).toEqual({ deleted_at: null, name: 'Test User' });
    expect((await json(await get('/auth/api/v1/me', me.cookie))).userId).toBe(me.user.id);
  });

  it('is rate-limited per user: the sixth call within the hour is 429', async () => {
    const me = await seed.signedIn();
    for (let i = 0; i < 5; i++) expect((await erase(me.cookie, { confirm: false })).status).toBe(422);
    const sixth = await erase(me.cookie, { confirm: true });
    expect(sixth.status).toBe(429);
    expect((await json(sixth)).error?.code).toBe('rate_limited');
    const { db } = await getDb();
    expect((await db.select({ d: users.deleted_at }).from(users).where(eq(users.id, me.user.id)))[0].d).toBeNull();
  });
});

describe('GET /auth/api/v1/users/{id}/profiles', () => {
  it('shows a creator\'s full name and anyone else\'s first name only', async () => {
    const { db } = await getDb();
    const t = await seed.taxonomy();
    const plain = await seed.signedIn({ name: 'Meera Iyer Nair' });
    const creator = await seed.signedIn({ name: 'Kiran Shah', roles: [{ role: 'CREATOR', topicId: t.topic.id }] });
    const curator = await seed.signedIn({ name: 'Ravi Kumar', roles: [{ role: 'CO-CURATOR', topicId: t.topic.id }] });
    const owner = await seed.signedIn({ name: 'Anil Mehta' });
    await seed.reel(t.options[0].id, { user_id: owner.user.id });
    const staff = await seed.signedIn({ name: 'Sunita Rao', roles: [{ role: 'STAFF', topicId: null }] });
    const nameOf = async (id: string) => (await json(await get(`/auth/api/v1/users/${id}/profiles`))).name;
    expect(await nameOf(plain.user.id)).toBe('Meera');
    expect(await nameOf(creator.user.id)).toBe('Kiran Shah');
    expect(await nameOf(curator.user.id)).toBe('Ravi Kumar');
    expect(await nameOf(owner.user.id)).toBe('Anil Mehta');
    expect(await nameOf(staff.user.id)).toBe('Sunita');
    // A reel that is not ready does not make a creator.
    const pending = await seed.signedIn({ name: 'Geeta Joshi' });
    await seed.reel(t.options[0].id, { user_id: pending.user.id, status: 'processing' });
    expect(await nameOf(pending.user.id)).toBe('Geeta');
    // A name the user has not set stays empty.
    await db.update(users).set({ name: '' }).where(eq(users.id, plain.user.id));
    expect(await nameOf(plain.user.id)).toBe('');
  });

  it('answers 404 for an erased account', async () => {
    const me = await seed.signedIn({ name: 'Asha Verma', roles: [{ role: 'CREATOR', topicId: null }] });
    expect((await get(`/auth/api/v1/users/${me.user.id}/profiles`)).status).toBe(200);
    expect((await erase(me.cookie)).status).toBe(200);
    expect((await get(`/auth/api/v1/users/${me.user.id}/profiles`)).status).toBe(404);
  });
});

describe('maskVpa', () => {
  it('keeps two letters and the handle of a UPI id', () => {
    expect(maskVpa('asha.verma@okaxis')).toBe('as***@okaxis');
    expect(maskVpa('ab@ybl')).toBe('a***@ybl');
    expect(maskVpa('a@ybl')).toBe('***@ybl');
    expect(maskVpa('9812345678')).toBe('98***');
  });
});
