import 'server-only';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import {
  chatMessages, chats, contacts, contentItems, dealNotes, deals, deviceUsers, events, follows, funnelSteps, leads,
  newsletterConsents, notifications, reactions, referralClicks, referralCodes, referralMoves, referrals, rewardMoves,
  rewards, sessions, userDevices, userRoles, users, viewerAttribution, views, watchProgress,
} from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { exportFileName } from '../account-schemas';

/**
 * "Download my data" (docs/decisions/021; India's Digital Personal Data
 * Protection Act 2023, section 11, the right to access): everything the
 * product holds about a user, as one JSON document.
 *
 * A user's rows hang off two keys: the user id (profile, sessions, roles,
 * notifications, follows, contacts, referrals, rewards, devices) and the
 * visitor ids that are theirs (likes, views, watch progress, chats, leads,
 * events): the home visitor every device's visitor is merged into at
 * sign-in (features/auth/server/merge.ts) and the devices' own visitor ids
 * (user_devices, viewers.user_id).
 */

/** Most events one export carries (newest first); the document says when there were more. */
export const EXPORT_EVENT_LIMIT = 20_000;

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => ((r as { rows?: Row[] }).rows ?? (r as Row[]));

/**
 * The visitor ids whose rows are the user's: the home visitor, every
 * visitor that became this user at a sign-in (viewers.user_id), and the
 * devices' visitor ids of user_devices unless another user signed in from
 * that visitor later or holds it as home (a shared phone: what it did
 * since is the other person's).
 */
export async function accountVisitorIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = rowsOf(await db.execute(sql`
    select home_viewer_id as id from users where id = ${userId}::uuid and home_viewer_id is not null
    union select id from viewers where user_id = ${userId}::uuid
    union select d.viewer_id as id from user_devices d where d.user_id = ${userId}::uuid
      and not exists (select 1 from viewers v where v.id = d.viewer_id and v.user_id is not null and v.user_id <> ${userId}::uuid)
      and not exists (select 1 from users o where o.home_viewer_id = d.viewer_id and o.id <> ${userId}::uuid)`));
  return [...new Set(rows.map((r) => String(r.id)))].sort();
}

/** Today in India as YYYY-MM-DD: the date in the export's file name. */
export function exportDay(now = new Date()): string {
  return format(new TZDate(now, 'Asia/Kolkata'), 'yyyy-MM-dd');
}

/** The export's file name for `now` (exportFileName of the day in India). */
export function exportFileNameFor(now = new Date()): string {
  return exportFileName(exportDay(now));
}

/** The document GET /auth/api/v1/user/export answers. Dates are Date objects here and ISO 8601 in the JSON. */
export type AccountExport = Awaited<ReturnType<typeof buildAccountExport>>;

/**
 * Collects everything held about `userId` (a live, signed-in user).
 * Sessions come without their ids (the SHA-256 of a live token is a
 * credential's fingerprint); the OTP tables hold codes' MACs and hashed IP
 * addresses only and are left out. Other people's data reached through the
 * user's (a referrer's name, who clicked their invite link) is given as ids
 * or counts only.
 * @throws ApiError 401 `login_required` when the user does not exist or is erased.
 */
export async function buildAccountExport(db: DbOrTx, userId: string, now = new Date()) {
  const [u] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deleted_at))).limit(1);
  if (!u) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const visitors = await accountVisitorIds(db, userId);
  const byVisitor = (col: AnyColumn) => inArray(col, visitors);

  const newsletterMine: SQL[] = [eq(newsletterConsents.user_id, userId), byVisitor(newsletterConsents.viewer_id)];
  if (u.email) newsletterMine.push(eq(newsletterConsents.email, u.email));

  const chatRows = await db.select().from(chats).where(byVisitor(chats.viewer_id)).orderBy(asc(chats.created_at), asc(chats.id));
  const messageRows = chatRows.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.chat_id, chatRows.map((c) => c.id))).orderBy(asc(chatMessages.id))
    : [];

  const referralCols = {
    id: referrals.id, deal: deals.title, deal_url_id: deals.url_id, initiated_by: referrals.initiated_by,
    state: referrals.state, step: referrals.step, referee_phone: referrals.referee_phone, referee_name: referrals.referee_name,
    referee_consumer_number: referrals.referee_consumer_number, referee_address: referrals.referee_address,
    referrer_user_id: referrals.referrer_user_id, expires_at: referrals.expires_at, answered_at: referrals.answered_at,
    order_placed_at: referrals.order_placed_at, created_at: referrals.created_at, updated_at: referrals.updated_at,
  };
  const sent = await db.select(referralCols).from(referrals).innerJoin(deals, eq(deals.id, referrals.deal_id))
    .where(eq(referrals.referrer_user_id, userId)).orderBy(asc(referrals.created_at));
  const receivedWhere = u.phone
    ? or(eq(referrals.referee_user_id, userId), eq(referrals.referee_phone, u.phone))
    : eq(referrals.referee_user_id, userId);
  const received = await db.select(referralCols).from(referrals).innerJoin(deals, eq(deals.id, referrals.deal_id))
    .where(receivedWhere).orderBy(asc(referrals.created_at));
  const referralIds = [...sent, ...received].map((r) => r.id);
  const moveRows = referralIds.length
    ? await db.select({
      referral_id: referralMoves.referral_id, what: referralMoves.what, from_value: referralMoves.from_value,
      to_value: referralMoves.to_value, actor_kind: referralMoves.actor_kind, at: referralMoves.at,
    }).from(referralMoves).where(inArray(referralMoves.referral_id, referralIds)).orderBy(asc(referralMoves.id))
    : [];
  const movesOf = (id: string) => moveRows.filter((m) => m.referral_id === id).map(({ referral_id: _r, ...m }) => m);

  const rewardRows = await db.select({
    id: rewards.id, referral_id: rewards.referral_id, amount_inr: rewards.amount_inr, state: rewards.state, reason: rewards.reason,
    scratchable_at: rewards.scratchable_at, scratched_at: rewards.scratched_at, claimed_at: rewards.claimed_at,
    payout_vpa: rewards.payout_vpa, created_at: rewards.created_at, updated_at: rewards.updated_at,
  }).from(rewards).where(eq(rewards.referrer_user_id, userId)).orderBy(asc(rewards.created_at));
  const rewardMoveRows = rewardRows.length
    ? await db.select({
      reward_id: rewardMoves.reward_id, from_state: rewardMoves.from_state, to_state: rewardMoves.to_state,
      reason: rewardMoves.reason, at: rewardMoves.at,
    }).from(rewardMoves).where(inArray(rewardMoves.reward_id, rewardRows.map((r) => r.id))).orderBy(asc(rewardMoves.id))
    : [];

  const [eventTotal] = await db.select({ n: count() }).from(events)
    .where(or(byVisitor(events.viewer_id), eq(events.user_id, userId)));
  const eventRows = await db.select({
    event_type: events.event_type, viewer_id: events.viewer_id, content_id: events.content_id, partner_id: events.partner_id,
    campaign: events.campaign, ab_view: events.ab_view, payload: events.payload, created_at: events.created_at,
  }).from(events).where(or(byVisitor(events.viewer_id), eq(events.user_id, userId)))
    .orderBy(desc(events.id)).limit(EXPORT_EVENT_LIMIT);
  const [clicksOnMyLink] = await db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.referrer_user_id, userId));

  return {
    format: 'surya-reels-data/1',
    exported_at: now,
    profile: {
      id: u.id, name: u.name, username: u.username, bio: u.bio, picture: u.pic, gender: u.gender, date_of_birth: u.dob,
      metadata: u.metadata, onboarding_status: u.onboarding_status, is_ambassador: u.is_amb,
      terms_accepted_at: u.terms_accepted_at, created_at: u.created_at, updated_at: u.updated_at,
    },
    sign_in: {
      phone: u.phone,
      email: u.email,
      email_verified: u.email_verified,
      google_linked: u.google_sub !== null,
      sessions: await db.select({
        method: sessions.method, user_agent: sessions.user_agent, created_at: sessions.created_at,
        last_seen_at: sessions.last_seen_at, expires_at: sessions.expires_at, revoked_at: sessions.revoked_at,
      }).from(sessions).where(eq(sessions.user_id, userId)).orderBy(asc(sessions.created_at)),
    },
    roles: await db.select({ role: userRoles.role, topic_id: userRoles.topic_id, granted_at: userRoles.created_at })
      .from(userRoles).where(eq(userRoles.user_id, userId)).orderBy(asc(userRoles.id)),
    visitor_ids: visitors,
    likes: await db.select({ content_id: reactions.content_id, kind: reactions.kind, reel: contentItems.description, at: reactions.created_at })
      .from(reactions).leftJoin(contentItems, eq(contentItems.id, reactions.content_id))
      .where(byVisitor(reactions.viewer_id)).orderBy(asc(reactions.created_at)),
    views: await db.select({ content_id: views.content_id, at: views.created_at })
      .from(views).where(byVisitor(views.viewer_id)).orderBy(asc(views.created_at)),
    watch_progress: await db.select({
      content_id: watchProgress.content_id, reel: contentItems.description, seconds_watched: watchProgress.content_watched,
      length_s: watchProgress.content_length, watched: watchProgress.watched, played_to_end: watchProgress.vid_watched,
      updated_at: watchProgress.updated_at,
    }).from(watchProgress).leftJoin(contentItems, eq(contentItems.id, watchProgress.content_id))
      .where(byVisitor(watchProgress.viewer_id)).orderBy(asc(watchProgress.updated_at)),
    chats: chatRows.map((c) => ({
      id: c.id, topic: c.topic, language: c.language, created_at: c.created_at,
      messages: messageRows.filter((m) => m.chat_id === c.id)
        .map((m) => ({ role: m.role, text: m.text, at: m.created_at })),
    })),
    leads: await db.select({
      id: leads.id, kind: leads.kind, name: leads.name, phone: leads.phone, email: leads.email, pin_code: leads.pin_code,
      details: leads.details, crm_status: leads.crm_status, partner_id: leads.partner_id, created_at: leads.created_at,
    }).from(leads).where(byVisitor(leads.viewer_id)).orderBy(asc(leads.created_at)),
    contacts: await db.select({ name: contacts.name, phone: contacts.phone, source: contacts.source, added_at: contacts.created_at })
      .from(contacts).where(eq(contacts.owner_user_id, userId)).orderBy(asc(contacts.created_at)),
    referral_code: (await db.select({ code: referralCodes.code, created_at: referralCodes.created_at })
      .from(referralCodes).where(eq(referralCodes.user_id, userId)))[0] ?? null,
    referral_link_clicks: clicksOnMyLink?.n ?? 0,
    referral_clicks_made: await db.select({
      referrer_user_id: referralClicks.referrer_user_id, deal_id: referralClicks.deal_id, utm: referralClicks.utm, at: referralClicks.clicked_at,
    }).from(referralClicks).where(byVisitor(referralClicks.viewer_id)).orderBy(asc(referralClicks.clicked_at)),
    referrals: {
      sent: sent.map(({ referrer_user_id: _r, ...r }) => ({ ...r, moves: movesOf(r.id) })),
      received: received.map((r) => ({ ...r, moves: movesOf(r.id) })),
    },
    deal_notes: await db.select({ referral_id: dealNotes.referral_id, body: dealNotes.body, at: dealNotes.created_at })
      .from(dealNotes).where(eq(dealNotes.author_user_id, userId)).orderBy(asc(dealNotes.created_at)),
    rewards: rewardRows.map((r) => ({
      ...r, moves: rewardMoveRows.filter((m) => m.reward_id === r.id).map(({ reward_id: _r, ...m }) => m),
    })),
    notifications: await db.select({
      key: notifications.key, params: notifications.params, link: notifications.link, read_at: notifications.read_at, at: notifications.created_at,
    }).from(notifications).where(eq(notifications.user_id, userId)).orderBy(asc(notifications.id)),
    newsletter_consents: await db.select({
      email: newsletterConsents.email, consented_at: newsletterConsents.consented_at, withdrawn_at: newsletterConsents.withdrawn_at,
    }).from(newsletterConsents).where(or(...newsletterMine)).orderBy(asc(newsletterConsents.id)),
    follows: await db.select({ target_kind: follows.target_kind, target_id: follows.target_id, at: follows.created_at })
      .from(follows).where(eq(follows.user_id, userId)).orderBy(asc(follows.created_at)),
    reels_uploaded: await db.select({
      id: contentItems.id, description: contentItems.description, lang: contentItems.lang, status: contentItems.status,
      review_status: contentItems.review_status, created_at: contentItems.created_at,
    }).from(contentItems).where(eq(contentItems.user_id, userId)).orderBy(asc(contentItems.created_at)),
    devices: {
      visitors: await db.select({ viewer_id: userDevices.viewer_id, first_seen_at: userDevices.first_seen_at })
        .from(userDevices).where(eq(userDevices.user_id, userId)).orderBy(asc(userDevices.first_seen_at)),
      device_marks: await db.select({
        device_id: deviceUsers.device_id, first_seen_at: deviceUsers.first_seen_at, last_seen_at: deviceUsers.last_seen_at,
      }).from(deviceUsers).where(eq(deviceUsers.user_id, userId)).orderBy(asc(deviceUsers.first_seen_at)),
    },
    first_touch: await db.select({
      viewer_id: viewerAttribution.viewer_id, campaign: viewerAttribution.campaign, partner_id: viewerAttribution.partner_id,
      utm: viewerAttribution.utm, referrer_code: viewerAttribution.referrer_code, first_seen_at: viewerAttribution.first_seen_at,
    }).from(viewerAttribution).where(byVisitor(viewerAttribution.viewer_id)),
    funnel: await db.select({ viewer_id: funnelSteps.viewer_id, stage: funnelSteps.stage, at: funnelSteps.at })
      .from(funnelSteps).where(byVisitor(funnelSteps.viewer_id)).orderBy(asc(funnelSteps.at)),
    events: {
      total: Number(eventTotal?.n ?? 0),
      truncated: Number(eventTotal?.n ?? 0) > eventRows.length,
      items: eventRows,
    },
  };
}
