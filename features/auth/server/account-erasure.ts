import 'server-only';
import { and, eq, inArray, isNotNull, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client';
import {
  chatMessages, chats, contacts, contentItems, dealNotes, deviceUsers, events, follows, funnelSteps, jobs, leads,
  newsletterConsents, notifications, otpLog, otpRequests, reactions, referralClicks, referralCodes, referrals, rewards,
  sessions, uploadReservations, userDevices, userRoles, users, viewerAttribution, viewers, views, watchProgress,
} from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { deletePictureByUrl } from '@/lib/media/image';
import { logger } from '@/lib/logger';
import type { ErasureCounts, ErasureSummary } from '../account-schemas';
import { accountVisitorIds } from './account-export';
import type { CountChange } from './merge';

/**
 * "Delete my account" (docs/decisions/021; India's Digital Personal Data
 * Protection Act 2023, section 12, the right to erasure): everything held
 * about a user is deleted in one transaction, except what the law or a
 * hand-over to a third party makes us keep, which is kept anonymised:
 * - the users row stays as a tombstone (no name, phone, email, Google link,
 *   picture, username, bio, date of birth, gender or metadata; `deleted_at`
 *   set), so the kept ledger rows keep their foreign key;
 * - leads already handed to the CRM (crm_status 'sent') stay with their
 *   personal fields replaced by ERASED; the others are deleted and their
 *   queued CRM deliveries canceled;
 * - rewards and their moves stay (payout records), the UPI id masked
 *   (maskVpa), with the referrals they belong to: the user's side of those
 *   referrals anonymised, the other side's household keys kept (the
 *   one-reward-per-household rule of docs/decisions/010 needs them);
 * - reels the user uploaded stay the company's content, with no owner.
 * A tombstone never resolves as a principal (lib/auth/session.ts), never
 * shows in search, and its public profile is a 404; the same phone, email
 * or Google account signs up afresh as a new user.
 */

/** What a kept row's personal text fields are replaced by. */
export const ERASED = 'erased';

/** Last error of a CRM delivery job canceled by an erasure. */
export const LEAD_DELIVERY_CANCELED = 'canceled: the lead was erased with its account';

/**
 * A UPI id (VPA) masked for the kept payout record: the first two
 * characters of the name part, then `***`, then the handle (`@okaxis`),
 * e.g. "asha.verma@okaxis" -> "as***@okaxis". Enough for the person and
 * the accountant to recognise a payout; not enough to pay or contact anyone.
 */
export function maskVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  const name = at >= 0 ? vpa.slice(0, at) : vpa;
  const handle = at >= 0 ? vpa.slice(at) : '';
  return `${name.slice(0, Math.min(2, Math.max(0, name.length - 1)))}***${handle}`;
}

/** What an erasure did, for the answer and for the caches. */
export interface ErasureOutcome {
  summary: ErasureSummary;
  /** Reels whose like count (and their option's total) went down. */
  changed: CountChange[];
  /** The visitor ids erased: their cached likes and progress are stale. */
  visitors: string[];
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => ((r as { rows?: Row[] }).rows ?? (r as Row[]));

const zeroCounts = (): ErasureCounts => ({
  sessions: 0, likes: 0, views: 0, watch_progress: 0, chats: 0, chat_messages: 0, leads_deleted: 0, leads_anonymised: 0,
  lead_deliveries_canceled: 0, events: 0, first_touch: 0, funnel_steps: 0, contacts: 0, notifications: 0, follows: 0,
  newsletter_consents: 0, roles: 0, referral_codes: 0, referral_clicks: 0, referrals_deleted: 0, referrals_anonymised: 0,
  deal_notes: 0, rewards_anonymised: 0, devices: 0, device_marks: 0, visitors: 0, otp_requests: 0, otp_log: 0,
  upload_reservations: 0, reels_released: 0,
});

/**
 * Likes of `visitors` leave their reels' like_count and their options'
 * total_reaction (one statement each, before the reactions go), then every
 * reaction of theirs is deleted.
 */
async function eraseReactions(tx: DbOrTx, visitors: string[]): Promise<{ likes: number; changed: CountChange[] }> {
  const list = sql.join(visitors.map((v) => sql`${v}`), sql`, `);
  await tx.execute(sql`
    update options o set total_reaction = greatest(o.total_reaction - r.n, 0)
    from (select ci.option_id, count(*)::int as n from reactions x join content_items ci on ci.id = x.content_id
          where x.viewer_id in (${list}) and x.kind = 'like' group by ci.option_id) r
    where o.id = r.option_id`);
  const changed = rowsOf(await tx.execute(sql`
    update content_items c set like_count = greatest(c.like_count - r.n, 0)
    from (select content_id, count(*)::int as n from reactions where viewer_id in (${list}) and kind = 'like' group by content_id) r
    where c.id = r.content_id
    returning c.id, c.option_id`)).map((r) => ({ reel: String(r.id), option: String(r.option_id) }));
  const likes = (await tx.delete(reactions).where(inArray(reactions.viewer_id, visitors)).returning({ id: reactions.content_id })).length;
  return { likes, changed };
}

/**
 * Leads of `visitors`: those the CRM already has stay, anonymised (their
 * visitor link cut too); the rest are deleted with their queued deliveries
 * canceled. A delivery already running when this commits finds no lead
 * and ends (features/leads/server/leads.ts).
 */
async function eraseLeads(tx: DbOrTx, visitors: string[], counts: ErasureCounts): Promise<void> {
  const rows = await tx.select({ id: leads.id, crm_status: leads.crm_status }).from(leads).where(inArray(leads.viewer_id, visitors));
  const sent = rows.filter((r) => r.crm_status === 'sent').map((r) => r.id);
  const others = rows.filter((r) => r.crm_status !== 'sent').map((r) => r.id);
  if (sent.length) {
    counts.leads_anonymised = (await tx.update(leads).set({
      name: ERASED, phone: ERASED, email: null, pin_code: null, details: {}, request_hash: null,
      // Unique per lead, and no visitor id ever looks like it: the lead no longer leads to a device.
      viewer_id: sql`${ERASED} || '-' || ${leads.id}::text`,
    }).where(inArray(leads.id, sent)).returning({ id: leads.id })).length;
  }
  if (others.length) {
    counts.lead_deliveries_canceled = (await tx.update(jobs).set({
      status: 'failed', last_error: LEAD_DELIVERY_CANCELED, locked_by: null, locked_until: null, updated_at: sql`now()`,
    }).where(and(
      // features/leads/server/leads.ts LEAD_WEBHOOK_JOB (a feature does not import another; its payload is { lead_id }).
      eq(jobs.kind, 'lead_webhook'), eq(jobs.status, 'queued'),
      inArray(sql`${jobs.payload}->>'lead_id'`, others),
    )).returning({ id: jobs.id })).length;
    counts.leads_deleted = (await tx.delete(leads).where(inArray(leads.id, others)).returning({ id: leads.id })).length;
  }
}

/**
 * Referrals: those with a reward are the ledger and stay; the others (never
 * accepted) are deleted, with their moves and notes. On a kept referral
 * the user received, the referee's identity goes (a marker unique to the
 * referral, so no household rule ever matches it); on one the user sent,
 * the referee's name and free-text address go, their phone and household
 * keys stay (they are the referee's, who may hold an account of their own,
 * and one reward per household depends on them).
 */
async function eraseReferrals(tx: DbOrTx, userId: string, phone: string | null, counts: ErasureCounts): Promise<void> {
  const hasReward = sql`exists (select 1 from rewards rw where rw.referral_id = ${referrals.id})`;
  const received = phone ? or(eq(referrals.referee_user_id, userId), eq(referrals.referee_phone, phone))! : eq(referrals.referee_user_id, userId);
  const sent = eq(referrals.referrer_user_id, userId);
  counts.referrals_deleted = (await tx.delete(referrals).where(and(or(sent, received), not(hasReward)))
    .returning({ id: referrals.id })).length;
  const anonymisedReceived = await tx.update(referrals).set({
    referee_user_id: null, referee_phone: sql`${ERASED} || ':' || ${referrals.id}::text`, referee_name: '',
    referee_consumer_number: null, referee_address: null, referee_address_key: null, request_hash: null, updated_at: sql`now()`,
  }).where(received).returning({ id: referrals.id });
  const anonymisedSent = await tx.update(referrals).set({
    referee_name: '', referee_address: null, request_hash: null, updated_at: sql`now()`,
  }).where(sent).returning({ id: referrals.id });
  counts.referrals_anonymised = new Set([...anonymisedReceived, ...anonymisedSent].map((r) => r.id)).size;
  counts.deal_notes = (await tx.delete(dealNotes).where(eq(dealNotes.author_user_id, userId)).returning({ id: dealNotes.id })).length;
}

/**
 * Erases the account of `userId` in one transaction (the user's row locked
 * first, so a sign-in or a second erasure waits, then finds a tombstone),
 * then deletes the profile picture's file.
 * @returns the counts per kind, the reels whose counts changed and the visitor ids erased.
 * @throws ApiError 401 `login_required` when the user does not exist or is already erased.
 */
export async function eraseAccount(db: Db, userId: string): Promise<ErasureOutcome> {
  const counts = zeroCounts();
  const now = new Date();
  const { visitors, changed, picture } = await db.transaction(async (tx) => {
    const [u] = await tx.select({ phone: users.phone, email: users.email, pic: users.pic, deleted_at: users.deleted_at })
      .from(users).where(eq(users.id, userId)).for('update');
    if (!u || u.deleted_at) throw new ApiError(401, 'login_required', 'Please log in to continue.');
    const visitors = await accountVisitorIds(tx, userId);
    const inV = (col: AnyColumn) => inArray(col, visitors);
    const n = (rows: unknown[]) => rows.length;

    counts.sessions = n(await tx.delete(sessions).where(eq(sessions.user_id, userId)).returning({ id: sessions.id }));

    let changed: CountChange[] = [];
    if (visitors.length) {
      const r = await eraseReactions(tx, visitors);
      counts.likes = r.likes;
      changed = r.changed;
      counts.views = n(await tx.delete(views).where(inV(views.viewer_id)).returning({ id: views.content_id }));
      counts.watch_progress = n(await tx.delete(watchProgress).where(inV(watchProgress.viewer_id)).returning({ id: watchProgress.content_id }));
      const chatIds = (await tx.select({ id: chats.id }).from(chats).where(inV(chats.viewer_id))).map((c) => c.id);
      if (chatIds.length) {
        counts.chat_messages = n(await tx.delete(chatMessages).where(inArray(chatMessages.chat_id, chatIds)).returning({ id: chatMessages.id }));
        counts.chats = n(await tx.delete(chats).where(inArray(chats.id, chatIds)).returning({ id: chats.id }));
      }
      await eraseLeads(tx, visitors, counts);
      counts.first_touch = n(await tx.delete(viewerAttribution).where(inV(viewerAttribution.viewer_id)).returning({ id: viewerAttribution.viewer_id }));
      counts.funnel_steps = n(await tx.delete(funnelSteps).where(inV(funnelSteps.viewer_id)).returning({ id: funnelSteps.viewer_id }));
    }
    counts.events = n(await tx.delete(events).where(or(inV(events.viewer_id), eq(events.user_id, userId))).returning({ id: events.id }));

    counts.contacts = n(await tx.delete(contacts).where(eq(contacts.owner_user_id, userId)).returning({ id: contacts.id }));
    counts.notifications = n(await tx.delete(notifications).where(eq(notifications.user_id, userId)).returning({ id: notifications.id }));
    // Their follows, and others' follows of them (a tombstone is no one to follow).
    counts.follows = n(await tx.delete(follows).where(or(
      eq(follows.user_id, userId), and(eq(follows.target_kind, 'creator'), eq(follows.target_id, userId)),
    )).returning({ id: follows.target_id }));
    const consents: SQL[] = [eq(newsletterConsents.user_id, userId), inV(newsletterConsents.viewer_id)];
    if (u.email) consents.push(eq(newsletterConsents.email, u.email));
    counts.newsletter_consents = n(await tx.delete(newsletterConsents).where(or(...consents)).returning({ id: newsletterConsents.id }));
    counts.roles = n(await tx.delete(userRoles).where(eq(userRoles.user_id, userId)).returning({ id: userRoles.id }));

    counts.referral_codes = n(await tx.delete(referralCodes).where(eq(referralCodes.user_id, userId)).returning({ id: referralCodes.code }));
    counts.referral_clicks = n(await tx.delete(referralClicks)
      .where(or(eq(referralClicks.referrer_user_id, userId), inV(referralClicks.viewer_id))).returning({ id: referralClicks.id }));
    await eraseReferrals(tx, userId, u.phone, counts);
    const kept = await tx.select({ id: rewards.id, vpa: rewards.payout_vpa }).from(rewards).where(eq(rewards.referrer_user_id, userId));
    for (const r of kept) {
      await tx.update(rewards).set({ payout_vpa: r.vpa === null ? null : maskVpa(r.vpa), claim_request_hash: null, updated_at: sql`now()` })
        .where(eq(rewards.id, r.id));
    }
    counts.rewards_anonymised = kept.length;

    counts.devices = n(await tx.delete(userDevices).where(eq(userDevices.user_id, userId)).returning({ id: userDevices.viewer_id }));
    counts.device_marks = n(await tx.delete(deviceUsers).where(eq(deviceUsers.user_id, userId)).returning({ id: deviceUsers.device_id }));
    const otpMine = (phoneCol: AnyColumn, viewerCol: AnyColumn) =>
      or(...(u.phone ? [eq(phoneCol, u.phone)] : []), ...(visitors.length ? [and(isNotNull(viewerCol), inV(viewerCol))] : []));
    if (u.phone || visitors.length) {
      counts.otp_requests = n(await tx.delete(otpRequests).where(otpMine(otpRequests.phone, otpRequests.viewer_id)).returning({ id: otpRequests.id }));
      counts.otp_log = n(await tx.delete(otpLog).where(otpMine(otpLog.phone, otpLog.viewer_id)).returning({ id: otpLog.id }));
    }
    counts.upload_reservations = n(await tx.delete(uploadReservations).where(eq(uploadReservations.user_id, userId))
      .returning({ id: uploadReservations.upload_id }));
    counts.reels_released = n(await tx.update(contentItems).set({ user_id: null }).where(eq(contentItems.user_id, userId))
      .returning({ id: contentItems.id }));

    // Last, so every row above that hangs off them went first; what is left cascades.
    if (visitors.length) counts.visitors = n(await tx.delete(viewers).where(or(inV(viewers.id), eq(viewers.user_id, userId))).returning({ id: viewers.id }));

    await tx.update(users).set({
      name: '', username: null, bio: '', pic: null, phone: null, email: null, email_verified: false, google_sub: null,
      gender: null, dob: null, metadata: {}, is_amb: false, home_viewer_id: null, terms_accepted_at: null,
      deleted_at: now, updated_at: now,
    }).where(eq(users.id, userId));
    return { visitors, changed, picture: u.pic };
  });
  try {
    await deletePictureByUrl('avatars', picture);
  } catch (err) {
    // The row no longer names the file; an orphaned file is an operator's clean-up, not the person's failure.
    logger().warn({ err: err instanceof Error ? err.message : String(err), user: userId }, 'erased account picture not deleted');
  }
  return { summary: { erased: true, erased_at: now.toISOString(), counts }, changed, visitors };
}
