import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '@/lib/http/app';
import { askerLang, askerLangParam, langOnlyQuerySchema } from '@/lib/http/asker-lang';
import { errorBody } from '@/lib/http/errors';
import { guards } from '@/lib/http/guards';
import { principal, requireUser } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, query } from '@/lib/http/validate';
import { REWARD_STATES } from '../reward-states';
import {
  claimReward, getReward, listMyRewards, listStaffRewards, NotScratchableError, scratchReward, staffMoveReward,
} from './reward-service';

/**
 * The reward endpoints (docs/api/referrals.md: rewards, rewards/{id},
 * scratch/{id}, staff/rewards; docs/decisions/010 "Rewards"). Who may do
 * what is decided in reward-service.ts. Every answer names the deal in the
 * asker's language (`?lang=`, else the NEXT_LOCALE cookie, else
 * Accept-Language: lib/http/asker-lang.ts); each route takes `lang` in its
 * query (another value is a 422 `validation_failed`).
 */

/** The API family of rewards (docs/api/referrals.md). */
export const rewardPrefixes: readonly ApiPrefix[] = ['/referral/'];

const SMALL = { maxBytes: 8 * 1024 };

/** Every read: a signed-in user. */
const read = [principal(), requireUser()] as const;

const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageQuery = z.object({ page: pageNo, lang: askerLangParam }).strict();
const staffListQuery = z.object({ state: z.enum(REWARD_STATES).default('hold'), page: pageNo, lang: askerLangParam }).strict();
/** The query of the routes about one reward: only `lang`. */
const langQuery = query(langOnlyQuerySchema);
const claimBody = z.object({
  payout_vpa: z.string().max(1000),
  claim_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'claim_key must be 8 to 64 letters, digits, - or _'),
}).strict();
const staffMoveBody = z.object({
  to: z.enum(['pending', 'approved', 'fraud']),
  reason: z.string().trim().min(3, 'a reason of 3 to 500 characters is needed').max(500),
}).strict();

/** The reward routes, mounted at the root by server/api.ts. */
export function rewardRoutes() {
  return new Hono<ApiEnv>()
    // GET /referral/api/v1/rewards?page=&lang= - my rewards as referrer, newest first
    .get('/referral/api/v1/rewards', ...read, query(pageQuery), async (c) => {
      c.header('cache-control', 'no-store');
      return c.json(await listMyRewards(c.var.principal, c.req.valid('query').page, askerLang(c)));
    })
    // GET /referral/api/v1/rewards/{id}?lang= - one reward, for its referrer or staff
    .get('/referral/api/v1/rewards/:id', ...read, langQuery, async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ reward: await getReward(c.var.principal, c.req.param('id'), askerLang(c)) });
    })
    // POST /referral/api/v1/rewards/{id}?lang= - claim a scratched reward to a UPI id, once
    .post('/referral/api/v1/rewards/:id', guards.userWrite('referral'), langQuery, body(claimBody, SMALL), async (c) =>
      c.json({ reward: await claimReward(c.var.principal, c.req.param('id'), c.req.valid('json'), askerLang(c)) }))
    // POST /referral/api/v1/scratch/{id}?lang= - scratch the card once the hold has passed (no body needed)
    .post('/referral/api/v1/scratch/:id', guards.userWrite('referral'), langQuery, async (c) => {
      try {
        return c.json({ reward: await scratchReward(c.var.principal, c.req.param('id'), new Date(), askerLang(c)) });
      } catch (err) {
        if (!(err instanceof NotScratchableError)) throw err;
        // The one error shape, with when the card can be scratched (null: not approved).
        const scratchableAt = err.scratchableAt?.toISOString() ?? null;
        return c.json({ error: { ...errorBody(err.code, err.message).error, scratchable_at: scratchableAt } }, 409);
      }
    })
    // GET /referral/api/v1/staff/rewards?state=hold&page=&lang= - rewards to review
    .get('/referral/api/v1/staff/rewards', ...read, query(staffListQuery), async (c) => {
      const q = c.req.valid('query');
      c.header('cache-control', 'no-store');
      return c.json(await listStaffRewards(c.var.principal, q.state, q.page, askerLang(c)));
    })
    // POST /referral/api/v1/staff/rewards/{id}?lang= - a staff decision: pending, approved or fraud
    .post('/referral/api/v1/staff/rewards/:id', guards.userWrite('referral'), langQuery, body(staffMoveBody, SMALL), async (c) =>
      c.json({ reward: await staffMoveReward(c.var.principal, c.req.param('id'), c.req.valid('json'), askerLang(c)) }));
}
