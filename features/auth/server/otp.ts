import 'server-only';
import { createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { otpLog, otpRequests } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { toIndianMobileE164 } from '@/lib/phone';
import { purposeKey } from '@/lib/storage/signing';
import {
  newOtpCode, otpCodeMac, otpCodeMatches,
  OTP_CODE_TTL_S, OTP_MAX_SENDS_PER_PHONE_PER_DAY, OTP_MAX_SENDS_PER_PHONE_PER_HOUR,
  OTP_MAX_WRONG_TRIES_PER_CODE, OTP_MAX_WRONG_TRIES_PER_PHONE_PER_DAY, OTP_RESEND_AFTER_S,
} from './otp-code';

/**
 * Phone OTP requests (docs/api/accounts.md "Phone OTP"). Every limit is
 * counted in the database (otp_requests, otp_log), inside a transaction that
 * holds a per-phone advisory lock, so parallel requests for one phone are
 * taken one at a time and no process's memory decides anything.
 *
 * Initiate never looks at the users table: a registered and an unregistered
 * number take the same path, with the same answer and the same work.
 */

/** SPEC.md section 5, phone rule's message. */
export const INVALID_PHONE_MESSAGE = 'Please enter valid Mobile Number';

/** What initiate and resend answer. */
export interface OtpSent {
  request_id: string;
  expires_in_s: number;
  resend_after_s: number;
}

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/**
 * The E.164 form of an Indian mobile number typed as 10 digits (spaces,
 * dashes, a leading 0 allowed) or as +91... (lib/phone.ts).
 * @throws ApiError 422 `invalid_phone` with SPEC.md section 5's message.
 */
export function normalizeIndianMobile(input: string): string {
  const e164 = toIndianMobileE164(input);
  if (!e164) throw new ApiError(422, 'invalid_phone', INVALID_PHONE_MESSAGE);
  return e164;
}

/** A keyed hash of a client address: per-IP limits without storing the address. */
export function ipKeyOf(ip: string): string {
  return createHmac('sha256', purposeKey('ip-key')).update(ip).digest('base64url').slice(0, 22);
}

/** Serialises this transaction against every other one for the same phone (released at commit). */
async function lockPhone(tx: DbOrTx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/** The phone's and the IP's log in the windows the limits look at, in one query. */
interface LogCounts {
  ipSendsHour: number; ipSendsHourOldest: Date | null;
  ipWrongHour: number; ipWrongHourOldest: Date | null;
  wrongDay: number; wrongDayOldest: Date | null;
  sendsHour: number; sendsHourOldest: Date | null;
  sendsDay: number; sendsDayOldest: Date | null;
  lastSend: Date | null;
}

async function logCounts(tx: DbOrTx, phone: string, ipKey: string): Promise<LogCounts> {
  const hour = sql`now() - make_interval(secs => ${HOUR_S})`;
  const day = sql`now() - make_interval(secs => ${DAY_S})`;
  const ip = sql`ip_key = ${ipKey}`;
  const ph = sql`phone = ${phone}`;
  const [r] = await tx.select({
    ipSendsHour: sql<number>`count(*) filter (where ${ip} and kind = 'send' and at > ${hour})::int`,
    ipSendsHourOldest: sql<string | null>`min(at) filter (where ${ip} and kind = 'send' and at > ${hour})`,
    ipWrongHour: sql<number>`count(*) filter (where ${ip} and kind = 'wrong' and at > ${hour})::int`,
    ipWrongHourOldest: sql<string | null>`min(at) filter (where ${ip} and kind = 'wrong' and at > ${hour})`,
    wrongDay: sql<number>`count(*) filter (where ${ph} and kind = 'wrong')::int`,
    wrongDayOldest: sql<string | null>`min(at) filter (where ${ph} and kind = 'wrong')`,
    sendsHour: sql<number>`count(*) filter (where ${ph} and kind = 'send' and at > ${hour})::int`,
    sendsHourOldest: sql<string | null>`min(at) filter (where ${ph} and kind = 'send' and at > ${hour})`,
    sendsDay: sql<number>`count(*) filter (where ${ph} and kind = 'send')::int`,
    sendsDayOldest: sql<string | null>`min(at) filter (where ${ph} and kind = 'send')`,
    lastSend: sql<string | null>`max(at) filter (where ${ph} and kind = 'send')`,
  }).from(otpLog).where(and(or(eq(otpLog.phone, phone), eq(otpLog.ip_key, ipKey)), gt(otpLog.at, day)));
  const d = (v: string | Date | null) => (v ? new Date(v) : null);
  return {
    ipSendsHour: Number(r.ipSendsHour), ipSendsHourOldest: d(r.ipSendsHourOldest),
    ipWrongHour: Number(r.ipWrongHour), ipWrongHourOldest: d(r.ipWrongHourOldest),
    wrongDay: Number(r.wrongDay), wrongDayOldest: d(r.wrongDayOldest),
    sendsHour: Number(r.sendsHour), sendsHourOldest: d(r.sendsHourOldest),
    sendsDay: Number(r.sendsDay), sendsDayOldest: d(r.sendsDayOldest),
    lastSend: d(r.lastSend),
  };
}

/** Seconds until the oldest row of a full window leaves it (at least 1). */
function waitS(oldest: Date | null, windowS: number): number {
  if (!oldest) return windowS;
  return Math.max(1, Math.ceil((oldest.getTime() + windowS * 1000 - Date.now()) / 1000));
}

const tooManySends = (retryAfterS: number) =>
  new ApiError(429, 'otp_send_limit', 'Too many codes were sent to this number. Please try again later.', { retryAfterS });

const locked = (retryAfterS: number) =>
  new ApiError(429, 'otp_locked', 'Too many wrong codes. Please try again later.', { retryAfterS });

/**
 * The send limits a new code must pass: per IP (IP_LIMIT_OTP_SENDS an
 * hour), per phone (5 an hour, 10 a day, none while the phone is locked by
 * 10 wrong codes in 24 h), and the 60 s resend cooldown since the phone's
 * last send.
 * @throws ApiError 429 `rate_limited`, `otp_send_limit`, `otp_locked`, `otp_resend_wait` (each with Retry-After).
 */
async function checkSendLimits(tx: DbOrTx, phone: string, ipKey: string): Promise<void> {
  const n = await logCounts(tx, phone, ipKey);
  if (n.ipSendsHour >= env().IP_LIMIT_OTP_SENDS) {
    throw new ApiError(429, 'rate_limited', 'Too many codes were asked from this network. Please try again later.', { retryAfterS: waitS(n.ipSendsHourOldest, HOUR_S) });
  }
  if (n.wrongDay >= OTP_MAX_WRONG_TRIES_PER_PHONE_PER_DAY) throw locked(waitS(n.wrongDayOldest, DAY_S));
  if (n.lastSend) {
    const since = (Date.now() - n.lastSend.getTime()) / 1000;
    if (since < OTP_RESEND_AFTER_S) {
      throw new ApiError(429, 'otp_resend_wait', 'Please wait before asking for another code.', { retryAfterS: Math.ceil(OTP_RESEND_AFTER_S - since) });
    }
  }
  if (n.sendsHour >= OTP_MAX_SENDS_PER_PHONE_PER_HOUR) throw tooManySends(waitS(n.sendsHourOldest, HOUR_S));
  if (n.sendsDay >= OTP_MAX_SENDS_PER_PHONE_PER_DAY) throw tooManySends(waitS(n.sendsDayOldest, DAY_S));
}

function sentAnswer(requestId: string): OtpSent {
  return { request_id: requestId, expires_in_s: OTP_CODE_TTL_S, resend_after_s: OTP_RESEND_AFTER_S };
}

/**
 * Starts an OTP request for `phone` (E.164): checks the send limits, makes
 * every earlier request of the phone invalid, stores the new code's HMAC and
 * returns the code to send. The caller sends it after the transaction.
 * @throws ApiError 429 as checkSendLimits.
 */
export async function startOtpRequest(tx: DbOrTx, phone: string, ipKey: string): Promise<OtpSent & { code: string }> {
  await lockPhone(tx, phone);
  await checkSendLimits(tx, phone, ipKey);
  await tx.update(otpRequests).set({ superseded_at: sql`now()` })
    .where(and(eq(otpRequests.phone, phone), isNull(otpRequests.consumed_at), isNull(otpRequests.superseded_at)));
  const id = randomUUID();
  const code = newOtpCode();
  await tx.insert(otpRequests).values({
    id, phone, code_mac: otpCodeMac(phone, id, code),
    expires_at: sql`now() + make_interval(secs => ${OTP_CODE_TTL_S})`,
  });
  await tx.insert(otpLog).values({ phone, ip_key: ipKey, kind: 'send' });
  return { ...sentAnswer(id), code };
}

/** A request id as the client may send it (a UUID); anything else is simply not found. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const requestGone = () => new ApiError(410, 'otp_expired', 'This code has expired or was already used. Please ask for a new one.');

/**
 * Sends a new code for an existing request (resend). The request must be
 * the phone's latest and unused; its wrong tries are kept (a resend never
 * resets them), the code and its 5 minutes are new.
 * @returns the phone to send to, the new code and the answer.
 * @throws ApiError 404 `otp_request_not_found`; 410 `otp_expired` (used or
 * replaced); 429 as checkSendLimits, and `otp_locked` when the request has
 * had 5 wrong codes.
 */
export async function resendOtpRequest(tx: DbOrTx, requestId: string, ipKey: string): Promise<OtpSent & { code: string; phone: string }> {
  const notFound = new ApiError(404, 'otp_request_not_found', 'This sign-in request was not found. Please start again.');
  if (!UUID_RE.test(requestId)) throw notFound;
  const [first] = await tx.select({ phone: otpRequests.phone }).from(otpRequests).where(eq(otpRequests.id, requestId)).limit(1);
  if (!first) throw notFound;
  await lockPhone(tx, first.phone);
  const [req] = await tx.select().from(otpRequests).where(eq(otpRequests.id, requestId)).limit(1);
  if (req.consumed_at || req.superseded_at) throw requestGone();
  if (req.wrong_tries >= OTP_MAX_WRONG_TRIES_PER_CODE) throw locked(OTP_RESEND_AFTER_S);
  await checkSendLimits(tx, req.phone, ipKey);
  const code = newOtpCode();
  await tx.update(otpRequests).set({
    code_mac: otpCodeMac(req.phone, req.id, code),
    send_count: sql`${otpRequests.send_count} + 1`,
    sent_at: sql`now()`,
    expires_at: sql`now() + make_interval(secs => ${OTP_CODE_TTL_S})`,
  }).where(eq(otpRequests.id, req.id));
  await tx.insert(otpLog).values({ phone: req.phone, ip_key: ipKey, kind: 'send' });
  return { ...sentAnswer(req.id), code, phone: req.phone };
}

/** Which request a verify names: the phone's latest (v1) or one by id (v2). */
export type OtpTarget = { phone: string } | { requestId: string };

/** The outcome of checking a code; a wrong code is an outcome, not a throw, so its count is committed. */
export type OtpCheck =
  | { ok: true; phone: string; requestId: string }
  | { ok: false; error: ApiError };

/**
 * Checks `code` against the named request, inside the caller's transaction,
 * under the phone's lock. A right code is not yet consumed (the caller
 * consumes it with consumeOtpRequest once the sign-in can go ahead, so a
 * missing confirmation does not burn it). A wrong one is counted on the
 * request and in the phone's and the IP's log. Order of checks: the phone's
 * 10 wrong codes in 24 h (refused even with the right code), the request's 5,
 * expiry, the IP's wrong codes, then the code.
 */
export async function checkOtp(tx: DbOrTx, target: OtpTarget, code: string, ipKey: string): Promise<OtpCheck> {
  let req: typeof otpRequests.$inferSelect | undefined;
  if ('phone' in target) {
    await lockPhone(tx, target.phone);
    [req] = await tx.select().from(otpRequests)
      .where(and(eq(otpRequests.phone, target.phone), isNull(otpRequests.superseded_at)))
      .orderBy(desc(otpRequests.created_at)).limit(1);
  } else {
    if (!UUID_RE.test(target.requestId)) return { ok: false, error: requestGone() };
    const [first] = await tx.select({ phone: otpRequests.phone }).from(otpRequests).where(eq(otpRequests.id, target.requestId)).limit(1);
    if (!first) return { ok: false, error: requestGone() };
    await lockPhone(tx, first.phone);
    [req] = await tx.select().from(otpRequests).where(eq(otpRequests.id, target.requestId)).limit(1);
  }
  if (!req || req.consumed_at || req.superseded_at) return { ok: false, error: requestGone() };
  const n = await logCounts(tx, req.phone, ipKey);
  if (n.wrongDay >= OTP_MAX_WRONG_TRIES_PER_PHONE_PER_DAY) return { ok: false, error: locked(waitS(n.wrongDayOldest, DAY_S)) };
  if (req.wrong_tries >= OTP_MAX_WRONG_TRIES_PER_CODE) return { ok: false, error: locked(OTP_RESEND_AFTER_S) };
  if (new Date(req.expires_at).getTime() <= Date.now()) return { ok: false, error: requestGone() };
  if (n.ipWrongHour >= env().IP_LIMIT_OTP_WRONG) {
    return { ok: false, error: new ApiError(429, 'rate_limited', 'Too many wrong codes from this network. Please try again later.', { retryAfterS: waitS(n.ipWrongHourOldest, HOUR_S) }) };
  }
  if (otpCodeMatches(req.code_mac, req.phone, req.id, code)) return { ok: true, phone: req.phone, requestId: req.id };
  await tx.update(otpRequests).set({ wrong_tries: sql`${otpRequests.wrong_tries} + 1` }).where(eq(otpRequests.id, req.id));
  await tx.insert(otpLog).values({ phone: req.phone, ip_key: ipKey, kind: 'wrong' });
  return { ok: false, error: new ApiError(401, 'otp_invalid', 'The code is not right. Please check it and try again.') };
}

/** Marks a request used: its code can never sign in again. */
export async function consumeOtpRequest(tx: DbOrTx, requestId: string): Promise<void> {
  await tx.update(otpRequests).set({ consumed_at: sql`now()` }).where(eq(otpRequests.id, requestId));
}
