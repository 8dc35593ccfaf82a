import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { dealNotes, notifications, referralMoves, referrals, rewards } from '@/lib/db/schema';
import { DEAL_MOVES, DEAL_STEPS, mayMoveDeal, type DealStep } from '@/features/referrals/deal-steps';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * A referral's deal (docs/api/referrals.md deals/*; docs/decisions/010
 * "Deal steps"): every allowed move by its actor and every other actor
 * refused (table-driven over DEAL_MOVES), moves from the wrong step,
 * reminders and their rate limit, the staff cancel, the deal view, notes
 * with their client keys, done deals and the staff list. Runs on PGlite
 * and on PostgreSQL.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const V1 = '/referral/api/v1';

type Who = Awaited<ReturnType<Seed['signedIn']>>;
let referrer: Who;
let referee: Who;
let staff: Who;
let stranger: Who;
let dealId: string;

beforeAll(async () => {
  referrer = await seed.signedIn({ name: 'Referrer R' });
  referee = await seed.signedIn({ name: 'Referee E' });
  staff = await seed.signedIn({ name: 'Staff S', roles: [{ role: 'STAFF', topicId: null }] });
  stranger = await seed.signedIn({ name: 'Stranger' });
  dealId = (await rs.seedDeal({ title: 'Deal of the deals test' })).id;
});

afterAll(async () => {
  await rs.cleanup();
  await seed.cleanup();
});

function post(path: string, cookie: string | undefined, body?: unknown) {
  return api.request(path, {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
function get(path: string, cookie?: string) {
  return api.request(path, { headers: cookie ? { cookie } : {} });
}

/** A referral of the shared referrer and referee at `step` (received_request: a pending request). */
function dealAt(step: DealStep, over: Partial<Parameters<ReferralSeed['seedReferral']>[0]> = {}) {
  const pending = step === 'received_request';
  const done = DEAL_STEPS.slice(0, DEAL_STEPS.indexOf(step) + 1);
  return rs.seedReferral({
    dealId, referrerId: referrer.user.id, refereeId: referee.user.id, refereePhone: referee.user.phone!,
    state: pending ? 'pending' : 'accepted', step: pending ? null : step, moves: done, ...over,
  });
}
async function rowOf(id: string) {
  const { db } = await getDb();
  return (await db.select().from(referrals).where(eq(referrals.id, id)))[0];
}
async function movesOf(id: string) {
  const { db } = await getDb();
  return db.select().from(referralMoves).where(eq(referralMoves.referral_id, id)).orderBy(asc(referralMoves.id));
}
async function notified(userId: string, key: string) {
  const { db } = await getDb();
  return db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.key, key)));
}

const ACTORS = ['referee', 'referrer', 'staff', 'stranger', 'visitor'] as const;
type Actor = (typeof ACTORS)[number];
const cookieOf = (a: Actor) => (a === 'visitor' ? seed.viewer().cookie : { referee, referrer, staff, stranger }[a].cookie);

describe('POST deals/{id}/step over DEAL_MOVES x actors', () => {
  const cases = DEAL_MOVES.flatMap((m) => ACTORS.map((a) => ({ ...m, actor: a })));
  it.each(cases)('$from -> $to by $actor (the move is $by\'s)', async ({ from, to, by, actor }) => {
    const r = await dealAt(from);
    const before = await movesOf(r.id);
    const res = await post(`${V1}/deals/${r.id}/step`, cookieOf(actor), { to, note: 'table' });
    const expected = actor === 'visitor' ? 401 : actor === 'stranger' ? 404 : actor === by ? 200 : 403;
    expect(res.status).toBe(expected);
    const row = await rowOf(r.id);
    if (expected === 200) {
      const { deal } = await res.json();
      expect(row.step).toBe(to);
      expect(row.state).toBe('accepted');
      expect(deal.request.step).toBe(to);
      expect(deal.steps.find((s: { step: string }) => s.step === to)).toMatchObject({ by });
      const moves = await movesOf(r.id);
      expect(moves.length).toBeGreaterThan(before.length);
      expect(moves.some((mv) => mv.what === `step:${to}` && mv.actor_kind === by)).toBe(true);
    } else {
      expect(row.step).toBe(r.step);
      expect(row.state).toBe(r.state);
      expect(await movesOf(r.id)).toHaveLength(before.length);
    }
  });

  const wrongStep = DEAL_MOVES.filter((m) => m.by !== 'system' && m.to !== 'deal_accepted').map((m) => ({
    ...m, at: DEAL_STEPS.find((s) => s !== 'received_request' && !mayMoveDeal(s, m.to, m.by))!,
  }));
  it.each(wrongStep)('$by may not move to $to from $at (409 invalid_transition)', async ({ to, by, at }) => {
    const r = await dealAt(at);
    const res = await post(`${V1}/deals/${r.id}/step`, cookieOf(by as Actor), { to });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('invalid_transition');
    expect((await rowOf(r.id)).step).toBe(at);
  });

  it('refuses moves of a declined request, a referee-initiated accept through the step, bad bodies and ids', async () => {
    const declined = await dealAt('received_request', { state: 'declined' });
    expect((await post(`${V1}/deals/${declined.id}/step`, referee.cookie, { to: 'deal_accepted' })).status).toBe(409);
    const asked = await dealAt('received_request', { initiatedBy: 'referee' });
    expect((await post(`${V1}/deals/${asked.id}/step`, referee.cookie, { to: 'deal_accepted' })).status).toBe(409);
    const r = await dealAt('schedule_a_call');
    for (const b of [{ to: 'nowhere' }, {}, { to: 'call_scheduled', extra: 1 }, { to: 'call_scheduled', note: 'x'.repeat(1001) }]) {
      expect((await post(`${V1}/deals/${r.id}/step`, staff.cookie, b)).status).toBe(422);
    }
    expect((await post(`${V1}/deals/not-a-uuid/step`, staff.cookie, { to: 'call_scheduled' })).status).toBe(404);
    expect((await post(`${V1}/deals/00000000-0000-4000-8000-000000000000/step`, staff.cookie, { to: 'call_scheduled' })).status).toBe(404);
    expect((await rowOf(r.id)).step).toBe('schedule_a_call');
  });

  it('order placed stamps order_placed_at, makes the reward, and tells both sides', async () => {
    const r = await dealAt('place_an_order');
    const res = await post(`${V1}/deals/${r.id}/step`, staff.cookie, { to: 'order_placed' });
    expect(res.status).toBe(200);
    const row = await rowOf(r.id);
    expect(row.order_placed_at).not.toBeNull();
    const { db } = await getDb();
    expect(await db.select().from(rewards).where(eq(rewards.referral_id, r.id))).toHaveLength(1);
    const link = `/rewards/deal/${r.id}`;
    const toReferrer = (await notified(referrer.user.id, 'dealStepMoved')).filter((n) => n.link === link);
    const toReferee = (await notified(referee.user.id, 'dealStepMoved')).filter((n) => n.link === link);
    expect(toReferrer).toHaveLength(1);
    expect(toReferee).toHaveLength(1);
    expect(toReferee[0].params).toEqual({ name: 'Staff S', step: 'order_placed' });
    const view = (await res.json()).deal;
    expect(view.request.status).toBe('DEAL');
  });

  it('two moves at once: exactly one applies, the other is 409, one audit row', async () => {
    const r = await dealAt('schedule_a_call');
    const before = (await movesOf(r.id)).length;
    const [a, b] = await Promise.all([
      post(`${V1}/deals/${r.id}/step`, staff.cookie, { to: 'call_scheduled' }),
      post(`${V1}/deals/${r.id}/step`, staff.cookie, { to: 'call_scheduled' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const moves = await movesOf(r.id);
    expect(moves).toHaveLength(before + 1);
    expect(moves.at(-1)).toMatchObject({ what: 'step:call_scheduled', from_value: 'schedule_a_call', actor_kind: 'staff' });
  });

  it('accepting through the step is the accept of request/action (state, step and audit)', async () => {
    const r = await dealAt('received_request');
    const res = await post(`${V1}/deals/${r.id}/step`, referee.cookie, { to: 'deal_accepted' });
    expect(res.status).toBe(200);
    expect((await rowOf(r.id))).toMatchObject({ state: 'accepted', step: 'deal_accepted' });
    expect((await movesOf(r.id)).map((m) => m.what)).toEqual(['step:received_request', 'state:accepted', 'step:deal_accepted']);
  });
});

describe('GET deals/get/{id}', () => {
  it('shows the steps done with when and by whom, every next move with whose it is, can_remind and the reward for the referrer only', async () => {
    const r = await dealAt('deal_accepted');
    const asReferee = (await (await get(`${V1}/deals/get/${r.id}`, referee.cookie)).json()).deal;
    expect(asReferee.my_role).toBe('referee');
    expect(asReferee.steps).toHaveLength(12);
    expect(asReferee.steps[0]).toMatchObject({ step: 'received_request', by: 'system' });
    expect(asReferee.steps[0].done_at).not.toBeNull();
    expect(asReferee.steps[2]).toEqual({ step: 'send_reminder', done_at: null, by: null });
    const fromAccepted = [{ step: 'send_reminder', by: 'referrer' }, { step: 'schedule_a_call', by: 'referee' }];
    expect(asReferee.next).toEqual(fromAccepted);
    expect(asReferee.can_remind).toBe(false);
    expect(asReferee.reward).toBeNull();
    expect(asReferee.request).toMatchObject({ id: r.id, side: 'receiver', status: 'RECEIVED_ACCEPTED' });

    const asReferrer = (await (await get(`${V1}/deals/get/${r.id}`, referrer.cookie)).json()).deal;
    expect(asReferrer).toMatchObject({ my_role: 'referrer', can_remind: true, next: fromAccepted });
    const asStaff = (await (await get(`${V1}/deals/get/${r.id}`, staff.cookie)).json()).deal;
    expect(asStaff).toMatchObject({ my_role: 'staff', next: fromAccepted, can_remind: false });

    const pending = await dealAt('received_request');
    const toAnswer = (await (await get(`${V1}/deals/get/${pending.id}`, referee.cookie)).json()).deal;
    expect(toAnswer).toMatchObject({ my_role: 'referee', next: [{ step: 'deal_accepted', by: 'referee' }], can_remind: false });
    expect((await (await get(`${V1}/deals/get/${pending.id}`, referrer.cookie)).json()).deal.next).toEqual([]);

    expect((await get(`${V1}/deals/get/${r.id}`, stranger.cookie)).status).toBe(404);
    expect((await get(`${V1}/deals/get/${r.id}`)).status).toBe(401);
    expect((await get(`${V1}/deals/get/nope`, referee.cookie)).status).toBe(404);
  });
});

describe('POST deals/{id}/reminder', () => {
  it('the first reminder moves deal_accepted to send_reminder; another within REFERRAL_REMINDER_HOURS is 429; later ones are audit rows', async () => {
    const r = await dealAt('deal_accepted');
    const before = (await notified(referee.user.id, 'dealReminder')).length;
    const first = await post(`${V1}/deals/${r.id}/reminder`, referrer.cookie);
    expect(first.status).toBe(200);
    expect((await first.json()).deal).toMatchObject({ can_remind: false, request: { step: 'send_reminder' } });
    expect((await rowOf(r.id)).last_reminder_at).not.toBeNull();
    expect((await notified(referee.user.id, 'dealReminder')).length).toBe(before + 1);

    const soon = await post(`${V1}/deals/${r.id}/reminder`, referrer.cookie);
    expect(soon.status).toBe(429);
    expect((await soon.json()).error.code).toBe('reminder_too_soon');
    const retry = Number(soon.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);

    const { db } = await getDb();
    await db.update(referrals).set({ last_reminder_at: new Date(Date.now() - 25 * 3600_000) }).where(eq(referrals.id, r.id));
    const later = await post(`${V1}/deals/${r.id}/reminder`, referrer.cookie);
    expect(later.status).toBe(200);
    expect((await rowOf(r.id)).step).toBe('send_reminder');
    const whats = (await movesOf(r.id)).map((m) => m.what);
    expect(whats.filter((w) => w === 'step:send_reminder')).toHaveLength(1);
    expect(whats.filter((w) => w === 'reminder')).toHaveLength(1);
  });

  it('is the referrer\'s only, and only while the next move is the referee\'s', async () => {
    const r = await dealAt('deal_accepted');
    expect((await post(`${V1}/deals/${r.id}/reminder`, referee.cookie)).status).toBe(403);
    expect((await post(`${V1}/deals/${r.id}/reminder`, staff.cookie)).status).toBe(403);
    expect((await post(`${V1}/deals/${r.id}/reminder`, stranger.cookie)).status).toBe(404);
    expect((await post(`${V1}/deals/${r.id}/reminder`, seed.viewer().cookie)).status).toBe(401);
    expect((await rowOf(r.id)).last_reminder_at).toBeNull();
    const atStaff = await dealAt('schedule_a_call');
    const res = await post(`${V1}/deals/${atStaff.id}/reminder`, referrer.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('invalid_transition');
    const pending = await dealAt('received_request');
    expect((await post(`${V1}/deals/${pending.id}/reminder`, referrer.cookie)).status).toBe(409);
    const survey = await dealAt('site_survey_completed');
    expect((await post(`${V1}/deals/${survey.id}/reminder`, referrer.cookie)).status).toBe(200);
    expect((await rowOf(survey.id)).step).toBe('site_survey_completed');
  });
});

describe('POST deals/{id}/cancel', () => {
  it('staff cancel an accepted deal with a reason: state canceled, audit row, reward canceled, both sides told', async () => {
    const r = await dealAt('call_scheduled');
    const { db } = await getDb();
    await db.insert(rewards).values({ referral_id: r.id, referrer_user_id: referrer.user.id, amount_inr: 5000, state: 'pending', reason: 'deal_in_progress' });
    const res = await post(`${V1}/deals/${r.id}/cancel`, staff.cookie, { reason: 'Roof not suitable' });
    expect(res.status).toBe(200);
    expect((await res.json()).deal.request).toMatchObject({ state: 'canceled', status: 'EXPIRED' });
    const moves = await movesOf(r.id);
    expect(moves.at(-1)).toMatchObject({ what: 'state:canceled', actor_kind: 'staff', note: 'Roof not suitable' });
    expect((await db.select().from(rewards).where(eq(rewards.referral_id, r.id)))[0].state).toBe('canceled');
    expect((await notified(referrer.user.id, 'dealCanceled')).length).toBeGreaterThanOrEqual(1);
    expect((await notified(referee.user.id, 'dealCanceled')).length).toBeGreaterThanOrEqual(1);
    expect((await post(`${V1}/deals/${r.id}/cancel`, staff.cookie, { reason: 'again' })).status).toBe(409);
  });

  it('refuses the sides (403), strangers (404), bad bodies (422), a placed order and a pending request (409)', async () => {
    const r = await dealAt('call_scheduled');
    expect((await post(`${V1}/deals/${r.id}/cancel`, referrer.cookie, { reason: 'x' })).status).toBe(403);
    expect((await post(`${V1}/deals/${r.id}/cancel`, referee.cookie, { reason: 'x' })).status).toBe(403);
    expect((await post(`${V1}/deals/${r.id}/cancel`, stranger.cookie, { reason: 'x' })).status).toBe(404);
    expect((await post(`${V1}/deals/${r.id}/cancel`, staff.cookie, { reason: '' })).status).toBe(422);
    expect((await post(`${V1}/deals/${r.id}/cancel`, staff.cookie, {})).status).toBe(422);
    expect((await rowOf(r.id)).state).toBe('accepted');
    const placed = await dealAt('order_placed', { orderPlacedAt: new Date() });
    expect((await post(`${V1}/deals/${placed.id}/cancel`, staff.cookie, { reason: 'late' })).status).toBe(409);
    const pending = await dealAt('received_request');
    expect((await post(`${V1}/deals/${pending.id}/cancel`, staff.cookie, { reason: 'x' })).status).toBe(409);
  });
});

describe('deals/notes', () => {
  it('posts a note once per client key and lists newest first, for the sides and staff only', async () => {
    const r = await dealAt('call_scheduled');
    const first = await post(`${V1}/deals/notes/${r.id}/key-1`, referee.cookie, { body: 'When is the call?' });
    expect(first.status).toBe(201);
    const note = (await first.json()).note;
    expect(note).toMatchObject({ body: 'When is the call?', author: { user_id: referee.user.id, name: 'Referee E', kind: 'referee' } });
    const again = await post(`${V1}/deals/notes/${r.id}/key-1`, referee.cookie, { body: 'When is the call?' });
    expect(again.status).toBe(200);
    expect((await again.json()).note).toEqual(note);
    expect((await post(`${V1}/deals/notes/${r.id}/key-2`, staff.cookie, { body: 'Tomorrow 10 am' })).status).toBe(201);
    const list = await (await get(`${V1}/deals/notes/${r.id}/1`, referrer.cookie)).json();
    expect(list).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(list.items.map((n: { author: { kind: string } }) => n.author.kind)).toEqual(['staff', 'referee']);

    expect((await post(`${V1}/deals/notes/${r.id}/key-3`, stranger.cookie, { body: 'x' })).status).toBe(404);
    expect((await get(`${V1}/deals/notes/${r.id}/1`, stranger.cookie)).status).toBe(404);
    expect((await post(`${V1}/deals/notes/${r.id}/key-3`, seed.viewer().cookie, { body: 'x' })).status).toBe(401);
    expect((await get(`${V1}/deals/notes/${r.id}/1`)).status).toBe(401);
    expect((await post(`${V1}/deals/notes/${r.id}/key-3`, referee.cookie, { body: '' })).status).toBe(422);
    expect((await post(`${V1}/deals/notes/${r.id}/key-3`, referee.cookie, { body: 'x'.repeat(2001) })).status).toBe(422);
    expect((await post(`${V1}/deals/notes/${r.id}/${'k'.repeat(101)}`, referee.cookie, { body: 'x' })).status).toBe(422);
    expect((await post(`${V1}/deals/notes/nope/key-3`, referee.cookie, { body: 'x' })).status).toBe(404);
    expect((await get(`${V1}/deals/notes/${r.id}/0`, referee.cookie)).status).toBe(422);
    const { db } = await getDb();
    expect(await db.select().from(dealNotes).where(eq(dealNotes.referral_id, r.id))).toHaveLength(2);
  });
});

describe('done_deals and staff/deals', () => {
  it('done_deals lists the user\'s deals at order placed or beyond, for them and staff', async () => {
    const done = await dealAt('order_placed', { orderPlacedAt: new Date() });
    const running = await dealAt('call_completed');
    const mine = await (await get(`${V1}/done_deals/${referrer.user.id}`, referrer.cookie)).json();
    const ids = mine.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(done.id);
    expect(ids).not.toContain(running.id);
    expect(mine.items.find((i: { id: string }) => i.id === done.id).status).toBe('DEAL');
    expect((await get(`${V1}/done_deals/${referee.user.id}`, referee.cookie)).status).toBe(200);
    expect((await get(`${V1}/done_deals/${referrer.user.id}`, stranger.cookie)).status).toBe(403);
    expect((await get(`${V1}/done_deals/${referrer.user.id}`, staff.cookie)).status).toBe(200);
    expect((await get(`${V1}/done_deals/nope`, referrer.cookie)).status).toBe(404);
    expect((await get(`${V1}/done_deals/${referrer.user.id}`)).status).toBe(401);
  });

  it('staff/deals lists accepted deals as DealViews, by step, for staff only', async () => {
    const r = await dealAt('site_survey_booked');
    const res = await get(`${V1}/staff/deals?step=site_survey_booked`, staff.cookie);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page).toMatchObject({ page: 1, page_size: 20 });
    const mine = page.items.find((d: { request: { id: string } }) => d.request.id === r.id);
    expect(mine).toMatchObject({ my_role: 'staff', next: [{ step: 'site_survey_completed', by: 'staff' }] });
    expect(page.items.every((d: { request: { step: string } }) => d.request.step === 'site_survey_booked')).toBe(true);
    expect((await get(`${V1}/staff/deals`, referrer.cookie)).status).toBe(403);
    expect((await get(`${V1}/staff/deals`)).status).toBe(401);
    expect((await get(`${V1}/staff/deals?step=nowhere`, staff.cookie)).status).toBe(422);
    expect((await get(`${V1}/staff/deals?page=0`, staff.cookie)).status).toBe(422);
  });
});
