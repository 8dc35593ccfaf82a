import 'server-only';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createMiddleware } from 'hono/factory';
import type { Principal } from '../auth/principal';
import { env } from '../env';
import { logger } from '../logger';
import { onShutdown } from '../shutdown';
import { singleton } from '../singleton';
import { ApiError } from './errors';

/**
 * Rate limits of state-changing endpoints, per visitor and per client IP,
 * with rate-limiter-flexible: in memory by default, in Redis when REDIS_URL
 * is set (several web processes share one count; an in-memory insurance
 * limiter covers a Redis outage). Per-IP limits are generous and
 * configurable (lib/env.ts IP_LIMIT_*): Indian mobile users share addresses
 * behind carrier-grade NAT, so the per-visitor limit is the tight one.
 * A refused request is a 429 `rate_limited` with Retry-After (seconds).
 */

export type LimitName = 'chat' | 'like' | 'events' | 'logs' | 'leads' | 'visitor' | 'auth' | 'profile' | 'upload' | 'referral'
  | 'account_export' | 'account_erase' | 'phone_lookup' | 'voice' | 'search';

interface LimitRule {
  /** Window, seconds. */
  windowS: number;
  /** Requests per window per visitor; null = no per-visitor limit. */
  perVisitor: number | null;
  /** Requests per window per IP (read from the environment). */
  perIp: () => number;
  /**
   * Count `perVisitor` per signed-in user instead of per visitor id (a
   * visitor id is cheap to replace; an account is not). A caller without a
   * user is counted per visitor.
   */
  perUser?: boolean;
}

/** The limits, one line each. */
export const LIMITS: Record<LimitName, LimitRule> = {
  // 30 messages per 10 minutes per visitor; 300 per IP by default.
  chat: { windowS: 600, perVisitor: 30, perIp: () => env().IP_LIMIT_CHAT },
  like: { windowS: 60, perVisitor: 60, perIp: () => env().IP_LIMIT_LIKE },
  // A player sends a view, a few progress events and a completion per reel.
  events: { windowS: 60, perVisitor: 120, perIp: () => env().IP_LIMIT_EVENTS },
  // Browser log lines: the page sends at most 30 per load (lib/analytics/log-client.ts).
  logs: { windowS: 600, perVisitor: 60, perIp: () => env().IP_LIMIT_LOGS },
  leads: { windowS: 600, perVisitor: 10, perIp: () => env().IP_LIMIT_LEADS },
  // New visitor ids handed out; counted per IP only.
  visitor: { windowS: 600, perVisitor: null, perIp: () => env().IP_LIMIT_VISITORS },
  // Sign-in calls (OTP, Google, logout). The OTP send and wrong-code limits are counted in the database on top.
  auth: { windowS: 600, perVisitor: 30, perIp: () => env().IP_LIMIT_AUTH },
  // Profile edits, pictures, follows, newsletter, notification reads.
  profile: { windowS: 600, perVisitor: 120, perIp: () => env().IP_LIMIT_PROFILE },
  // Upload requests (tus creations, chunks, resumes; single-request uploads): a 200 MB file in 1 MB chunks fits.
  upload: { windowS: 600, perVisitor: 600, perIp: () => env().IP_LIMIT_UPLOAD },
  // Referral writes (contacts, requests, deal moves, notes, scratch, claim); invites per hour are counted in the database on top.
  referral: { windowS: 600, perVisitor: 120, perIp: () => env().IP_LIMIT_REFERRAL },
  // A person's own data (docs/decisions/021): a full export is heavy, so a few an hour per user (their home visitor).
  account_export: { windowS: 3600, perVisitor: 5, perIp: () => env().IP_LIMIT_PROFILE },
  // Erasing an account succeeds once; retries after a failure are few.
  account_erase: { windowS: 3600, perVisitor: 5, perIp: () => env().IP_LIMIT_PROFILE },
  // Looking up phone numbers (validate/{deal}/{phone}; each contact import call counts one): 30 per user per
  // 10 minutes, so nobody can walk the number space to learn whose number is what.
  phone_lookup: { windowS: 600, perVisitor: 30, perIp: () => env().IP_LIMIT_PHONE_LOOKUP, perUser: true },
  // Voice input (features/assistant/server/voice.ts): a token and its one upload are two requests, so 20 voice
  // messages per 10 minutes per visitor; each also counts as a chat message (`chat`). Per IP as the chat's.
  voice: { windowS: 600, perVisitor: 40, perIp: () => env().IP_LIMIT_CHAT },
  // Searches (typeahead: a request per pause in typing): 120 per minute per visitor is two a second, sustained.
  search: { windowS: 60, perVisitor: 120, perIp: () => env().IP_LIMIT_SEARCH },
};

function redisClient(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  return singleton('rate_limit_redis', () => {
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', (err) => logger().warn({ err }, 'rate limit Redis error'));
    onShutdown('rate limit Redis', () => client.quit());
    return client;
  });
}

function limiter(name: LimitName, scope: 'visitor' | 'ip'): RateLimiterAbstract {
  const rule = LIMITS[name];
  const points = scope === 'ip' ? rule.perIp() : rule.perVisitor ?? 0;
  // Keyed by the point count too, so tests that change IP_LIMIT_* get a fresh limiter.
  return singleton(`limiter_${name}_${scope}_${points}`, () => {
    const opts = { keyPrefix: `rl_${name}_${scope}`, points, duration: rule.windowS };
    const memory = new RateLimiterMemory(opts);
    const client = redisClient();
    return client ? new RateLimiterRedis({ ...opts, storeClient: client, insuranceLimiter: memory }) : memory;
  });
}

async function consumeOne(l: RateLimiterAbstract, key: string, message: string): Promise<void> {
  try {
    await l.consume(key, 1);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      throw new ApiError(429, 'rate_limited', message, { retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
    }
    // The store itself failed (the insurance limiter normally covers Redis):
    // let the request through rather than lock everyone out.
    logger().error({ err, limit: l.keyPrefix }, 'rate limit store failed');
  }
}

/** Default message of a 429 (the UI shows its own text for `rate_limited`). */
export const RATE_LIMITED_DEFAULT = 'Too many requests. Please wait a moment and try again.';

/**
 * Counts one request of `name` for the visitor, or the signed-in user for
 * a `perUser` rule (when the rule has a per-visitor limit), and for `ip`.
 * @param message the 429's message (e.g. in the asker's language).
 * @throws ApiError 429 `rate_limited` with `retryAfterS` when either limit is spent.
 */
export async function consumeLimit(
  name: LimitName, principal: (Pick<Principal, 'visitorId'> & Partial<Pick<Principal, 'userId'>>) | null, ip: string,
  message = RATE_LIMITED_DEFAULT,
): Promise<void> {
  const rule = LIMITS[name];
  if (rule.perVisitor !== null && principal) {
    const who = rule.perUser && principal.userId ? `u:${principal.userId}` : principal.visitorId;
    await consumeOne(limiter(name, 'visitor'), who, message);
  }
  await consumeOne(limiter(name, 'ip'), ip, message);
}

/**
 * Middleware: `consumeLimit(name, c.var.principal, c.var.clientIp)`; put it
 * after `principal()`.
 */
export function rateLimit(name: LimitName) {
  return createMiddleware<{ Variables: { principal: Principal; clientIp: string } }>(async (c, next) => {
    await consumeLimit(name, c.var.principal, c.var.clientIp);
    await next();
  });
}
