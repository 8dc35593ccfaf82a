import 'server-only';
import { createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { otpLog, otpRequests } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { toIndianMobileE164 } from '@/lib/phone';
import { purposeKey } from '@/lib/storage/signing';
import { isUuid } from '@/lib/uuid';
import {
  newOtpCode, otpCodeMac, otpCodeMatches,
  OTP_CODE_TTL_S, OTP_MAX_SENDS_PER_DEVICE_PER_DAY, OTP_MAX_SENDS_PER_DEVICE_PER_HOUR, OTP_MAX_SENDS_PER_PHONE_PER_DAY,
  OTP_MAX_WRONG_TRIES_PER_CODE, OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY, OTP_RESEND_AFTER_S,
} from './otp-code';

/**
 * Phone OTP requests (docs/api/accounts.md "Phone OTP"). Every limit is
 * counted in the database (otp_requests, otp_log), inside a transaction that
 * holds a per-phone advisory lock, so parallel requests for one phone are
 * taken one at a time and no process's memory decides anything.
 *
 * A request belongs to the device (visitor id) that asked for it, as a
 * Firebase verificationId does: only that device may verify or resend it,
 * and a new send replaces only that device's earlier requests for the
 * phone. A stranger's wrong codes therefore only ever count against the
 * stranger's own requests and lock only the stranger's device; guessing per
 * phone stays bounded by the phone's daily send cap over all devices
 * (OTP_MAX_GUESSES_PER_PHONE_PER_DAY).
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

/** Who asks: the device (visitor id) and the keyed hash of its address (ipKeyOf). */
export interface OtpCaller {
  viewerId: string;
  ipKey: string;
}

/** Serialises this transaction against every other one for the same phone (released at commit). */
async function lockPhone(tx: DbOrTx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/** A count over a window and its oldest row (for Retry-After). */
interface Windowed {
  n: number;
  oldest: Date | null;
}

/** The IP's, the device's (for this phone) and the phone's log in the windows the limits look at, in one query. */
interface LogCounts {
  ipSendsHour: Windowed;
  ipWrongHour: Windowed;
  deviceWrongDay: Windowed;
  deviceSendsHour: Windowed;
  deviceSendsDay: Windowed;
  deviceLastSend: Date | null;
  phoneSendsDay: Windowed;
}

async function logCounts(tx: DbOrTx, phone: string, who: OtpCaller): Promise<LogCounts> {
  const hour = sql`now() - make_interval(secs => ${HOUR_S})`;
  const ip = sql`ip_key = ${who.ipKey}`;
  const ph = sql`phone = ${phone}`;
  const dev = sql`phone = ${phone} and viewer_id = ${who.viewerId}`;
  const counted = (where: SQL) => ({
    n: sql<number>`count(*) filter (where ${where})::int`,
    oldest: sql<string | null>`min(at) filter (where ${where})`,
  });
  const [r] = await tx.select({
    ipSendsHour: counted(sql`${ip} and kind = 'send' and at > ${hour}`),
    ipWrongHour: counted(sql`${ip} and kind = 'wrong' and at > ${hour}`),
    deviceWrongDay: counted(sql`${dev} and kind = 'wrong'`),
    deviceSendsHour: counted(sql`${dev} and kind = 'send' and at > ${hour}`),
    deviceSendsDay: counted(sql`${dev} and kind = 'send'`),
    deviceLastSend: sql<string | null>`max(at) filter (where ${dev} and kind = 'send')`,
    phoneSendsDay: counted(sql`${ph} and kind = 'send'`),
  }).from(otpLog).where(and(
    or(eq(otpLog.phone, phone), eq(otpLog.ip_key, who.ipKey)),
    gt(otpLog.at, sql`now() - make_interval(secs => ${DAY_S})`),
  ));
  const d = (v: string | Date | null) => (v ? new Date(v) : null);
  const w = (v: { n: number; oldest: string | null }): Windowed => ({ n: Number(v.n), oldest: d(v.oldest) });
  return {
    ipSendsHour: w(r.ipSendsHour), ipWrongHour: w(r.ipWrongHour),
    deviceWrongDay: w(r.deviceWrongDay), deviceSendsHour: w(r.deviceSendsHour), deviceSendsDay: w(r.deviceSendsDay),
    deviceLastSend: d(r.deviceLastSend), phoneSendsDay: w(r.phoneSendsDay),
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
 * The send limits a new code must pass, in this order: per IP
 * (IP_LIMIT_OTP_SENDS an hour); per device and phone (none while that device
 * has had 10 wrong codes for the phone in 24 h, 60 s since its last send,
 * 5 an hour, 10 a day); per phone over all devices (20 a day).
 * @throws ApiError 429 `rate_limited`, `otp_locked`, `otp_resend_wait`, `otp_send_limit` (each with Retry-After).
 */
async function checkSendLimits(tx: DbOrTx, phone: string, who: OtpCaller): Promise<void> {
  const n = await logCounts(tx, phone, who);
  if (n.ipSendsHour.n >= env().IP_LIMIT_OTP_SENDS) {
    throw new ApiError(429, 'rate_limited', 'Too many codes were asked from this network. Please try again later.', { retryAfterS: waitS(n.ipSendsHour.oldest, HOUR_S) });
  }
  if (n.deviceWrongDay.n >= OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY) throw locked(waitS(n.deviceWrongDay.oldest, DAY_S));
  if (n.deviceLastSend) {
    const since = (Date.now() - n.deviceLastSend.getTime()) / 1000;
    if (since < OTP_RESEND_AFTER_S) {
      throw new ApiError(429, 'otp_resend_wait', 'Please wait before asking for another code.', { retryAfterS: Math.ceil(OTP_RESEND_AFTER_S - since) });
    }
  }
  if (n.deviceSendsHour.n >= OTP_MAX_SENDS_PER_DEVICE_PER_HOUR) throw tooManySends(waitS(n.deviceSendsHour.oldest, HOUR_S));
  if (n.deviceSendsDay.n >= OTP_MAX_SENDS_PER_DEVICE_PER_DAY) throw tooManySends(waitS(n.deviceSendsDay.oldest, DAY_S));
  if (n.phoneSendsDay.n >= OTP_MAX_SENDS_PER_PHONE_PER_DAY) throw tooManySends(waitS(n.phoneSendsDay.oldest, DAY_S));
}

function sentAnswer(requestId: string): OtpSent {
  return { request_id: requestId, expires_in_s: OTP_CODE_TTL_S, resend_after_s: OTP_RESEND_AFTER_S };
}

/**
 * Starts an OTP request for `phone` (E.164) on behalf of the caller's
 * device: checks the send limits, makes the device's earlier requests for
 * the phone invalid (another device's stay valid), stores the new code's
 * HMAC and the device, and returns the code to send. The caller sends it
 * after the transaction.
 * @throws ApiError 429 as checkSendLimits.
 */
export async function startOtpRequest(tx: DbOrTx, phone: string, who: OtpCaller): Promise<OtpSent & { code: string }> {
  await lockPhone(tx, phone);
  await checkSendLimits(tx, phone, who);
  await tx.update(otpRequests).set({ superseded_at: sql`now()` }).where(and(
    eq(otpRequests.phone, phone), eq(otpRequests.viewer_id, who.viewerId),
    isNull(otpRequests.consumed_at), isNull(otpRequests.superseded_at),
  ));
  const id = randomUUID();
  const code = newOtpCode();
  await tx.insert(otpRequests).values({
    id, phone, viewer_id: who.viewerId, code_mac: otpCodeMac(phone, id, code),
    expires_at: sql`now() + make_interval(secs => ${OTP_CODE_TTL_S})`,
  });
  await tx.insert(otpLog).values({ phone, ip_key: who.ipKey, viewer_id: who.viewerId, kind: 'send' });
  return { ...sentAnswer(id), code };
}

const requestGone = () => new ApiError(410, 'otp_expired', 'This code has expired or was already used. Please ask for a new one.');

/**
 * The request `requestId` if the caller's device made it, read again under
 * its phone's lock; undefined for a malformed or unknown id and for another
 * device's request alike, so an id tells a stranger nothing.
 */
async function ownRequestLocked(tx: DbOrTx, requestId: string, viewerId: string): Promise<typeof otpRequests.$inferSelect | undefined> {
  if (!isUuid(requestId)) return undefined;
  const mine = and(eq(otpRequests.id, requestId), eq(otpRequests.viewer_id, viewerId));
  const [first] = await tx.select({ phone: otpRequests.phone }).from(otpRequests).where(mine).limit(1);
  if (!first) return undefined;
  await lockPhone(tx, first.phone);
  const [req] = await tx.select().from(otpRequests).where(mine).limit(1);
  return req;
}

/**
 * Sends a new code for an existing request (resend), only for the device
 * that made it. The request must be unused and not replaced; its wrong
 * tries are kept (a resend never resets them), the code and its 5 minutes
 * are new.
 * @returns the phone to send to, the new code and the answer.
 * @throws ApiError 404 `otp_request_not_found` (unknown, or another
 * device's); 410 `otp_expired` (used or replaced); 429 as checkSendLimits,
 * and `otp_locked` when the request has had 5 wrong codes.
 */
export async function resendOtpRequest(tx: DbOrTx, requestId: string, who: OtpCaller): Promise<OtpSent & { code: string; phone: string }> {
  const req = await ownRequestLocked(tx, requestId, who.viewerId);
  if (!req) throw new ApiError(404, 'otp_request_not_found', 'This sign-in request was not found. Please start again.');
  if (req.consumed_at || req.superseded_at) throw requestGone();
  if (req.wrong_tries >= OTP_MAX_WRONG_TRIES_PER_CODE) throw locked(OTP_RESEND_AFTER_S);
  await checkSendLimits(tx, req.phone, who);
  const code = newOtpCode();
  await tx.update(otpRequests).set({
    code_mac: otpCodeMac(req.phone, req.id, code),
    send_count: sql`${otpRequests.send_count} + 1`,
    sent_at: sql`now()`,
    expires_at: sql`now() + make_interval(secs => ${OTP_CODE_TTL_S})`,
  }).where(eq(otpRequests.id, req.id));
  await tx.insert(otpLog).values({ phone: req.phone, ip_key: who.ipKey, viewer_id: who.viewerId, kind: 'send' });
  return { ...sentAnswer(req.id), code, phone: req.phone };
}

/** Which request a verify names: the device's latest for a phone (v1) or one by id (v2). */
export type OtpTarget = { phone: string } | { requestId: string };

/** The outcome of checking a code; a wrong code is an outcome, not a throw, so its count is committed. */
export type OtpCheck =
  | { ok: true; phone: string; requestId: string }
  | { ok: false; error: ApiError };

/**
 * Checks `code` against the named request of the caller's device, inside
 * the caller's transaction, under the phone's lock. v1 names the device's
 * latest unreplaced request for the phone; v2 names a request by id, which
 * must be the device's (another device's is answered as gone). A right
 * code is not yet consumed (the caller consumes it with consumeOtpRequest
 * once the sign-in can go ahead, so a missing confirmation does not burn
 * it). A wrong one is counted on the request and in the log (phone, device,
 * IP). Order of checks: the device's 10 wrong codes for the phone in 24 h
 * (refused even with the right code), the request's 5, expiry, the IP's
 * wrong codes, then the code. No other device's wrong codes count here.
 */
export async function checkOtp(tx: DbOrTx, target: OtpTarget, code: string, who: OtpCaller): Promise<OtpCheck> {
  let req: typeof otpRequests.$inferSelect | undefined;
  if ('phone' in target) {
    await lockPhone(tx, target.phone);
    [req] = await tx.select().from(otpRequests)
      .where(and(eq(otpRequests.phone, target.phone), eq(otpRequests.viewer_id, who.viewerId), isNull(otpRequests.superseded_at)))
      .orderBy(desc(otpRequests.created_at)).limit(1);
  } else {
    req = await ownRequestLocked(tx, target.requestId, who.viewerId);
  }
  if (!req || req.consumed_at || req.superseded_at) return { ok: false, error: requestGone() };
  const n = await logCounts(tx, req.phone, who);
  if (n.deviceWrongDay.n >= OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY) return { ok: false, error: locked(waitS(n.deviceWrongDay.oldest, DAY_S)) };
  if (req.wrong_tries >= OTP_MAX_WRONG_TRIES_PER_CODE) return { ok: false, error: locked(OTP_RESEND_AFTER_S) };
  if (new Date(req.expires_at).getTime() <= Date.now()) return { ok: false, error: requestGone() };
  if (n.ipWrongHour.n >= env().IP_LIMIT_OTP_WRONG) {
    return { ok: false, error: new ApiError(429, 'rate_limited', 'Too many wrong codes from this network. Please try again later.', { retryAfterS: waitS(n.ipWrongHour.oldest, HOUR_S) }) };
  }
  if (otpCodeMatches(req.code_mac, req.phone, req.id, code)) return { ok: true, phone: req.phone, requestId: req.id };
  await tx.update(otpRequests).set({ wrong_tries: sql`${otpRequests.wrong_tries} + 1` }).where(eq(otpRequests.id, req.id));
  await tx.insert(otpLog).values({ phone: req.phone, ip_key: who.ipKey, viewer_id: who.viewerId, kind: 'wrong' });
  return { ok: false, error: new ApiError(401, 'otp_invalid', 'The code is not right. Please check it and try again.') };
}

/** Marks a request used: its code can never sign in again. */
export async function consumeOtpRequest(tx: DbOrTx, requestId: string): Promise<void> {
  await tx.update(otpRequests).set({ consumed_at: sql`now()` }).where(eq(otpRequests.id, requestId));
}
