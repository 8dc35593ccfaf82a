import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { Device, ProbeError, fmt, is, read, setProbeTarget } from './probe-http';
import { ServerLog, newPhone } from './probe-log';
import { masked } from './probe-report';

/*
 * What every probe of scripts/probe-abuse.ts shares: the arguments, the
 * server log, and the accounts and deal several probes use (made once,
 * erased at the end).
 */

const USAGE = 'usage: npm run probe:abuse -- --base http://127.0.0.1:3000 --log <server log file> '
  + '[--admin-phone <a number of ADMIN_PHONES>] [--host-check auto|expect|skip]';

/** The probe's own referral deal, made once by the admin and reused by later runs. */
const PROBE_DEAL_URL_ID = 'probe-abuse-deal';
/** The server's start-up warning this script reads in the log (features/auth/server/sms.ts). */
const CONSOLE_SMS_NOTICE = 'SMS_PROVIDER=console';

function readArgs() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:3000' },
      log: { type: 'string' },
      'admin-phone': { type: 'string' },
      'host-check': { type: 'string', default: 'auto' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  let base: URL;
  try {
    base = new URL(values.base);
  } catch {
    return fail(`--base is not a URL: ${values.base}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return fail('--base must be http:// or https://');
  const hostCheck = values['host-check'];
  if (hostCheck !== 'auto' && hostCheck !== 'expect' && hostCheck !== 'skip') return fail('--host-check is auto, expect or skip');
  const admin = values['admin-phone']?.replace(/^\+91/, '');
  if (admin !== undefined && !/^[6-9]\d{9}$/.test(admin)) return fail('--admin-phone is a 10-digit Indian mobile number');
  if (values.log !== undefined && !fs.existsSync(values.log)) return fail(`--log: no such file: ${values.log}`);
  return { base, origin: base.origin, logFile: values.log ?? null, adminPhone: admin ?? null, hostCheck };
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** The command line, checked. */
export const args = readArgs();
setProbeTarget(args.base);

/** The server's log (--log), or null. */
export const log = args.logFile ? new ServerLog(args.logFile) : null;
/** Why the probes that sign in cannot run, or null when they can. */
export const signInBlocked: string | null = !log
  ? 'needs --log: sign-in codes are read from the server log'
  : !log.text().includes(CONSOLE_SMS_NOTICE)
    ? `the log shows no ${CONSOLE_SMS_NOTICE}: codes to random numbers must not go out by SMS`
    : null;


/** The answer of otp/verify. */
export const signedInSchema = z.object({ user: z.object({ userId: z.string() }), is_new_user: z.boolean() });

/** A device signed in: its phone and user. */
export interface SignedIn {
  device: Device;
  phone: string;
  userId: string;
  isNewUser: boolean;
}

/** Signs `device` in with `phone` by OTP (v1 initiate and verify), the code read from the log. */
export async function signIn(device: Device, phone: string): Promise<SignedIn> {
  if (!log) throw new ProbeError('no server log');
  const seen = log.codes(phone).length;
  const started = await device.post('/auth/api/v1/otp/initiate', { phone });
  if (!is(started, 200)) throw new ProbeError(`${device.name}: otp/initiate ${masked(phone)} -> ${fmt(started)}`);
  const otp = await log.nextCode(phone, seen);
  const verified = await device.post('/auth/api/v1/otp/verify', { phone, otp, over_18: true, accept_terms: true });
  const s = read(signedInSchema, verified, `${device.name}: otp/verify ${masked(phone)}`);
  return { device, phone, userId: s.user.userId, isNewUser: s.is_new_user };
}

/** A new device signed in as a new user with a fresh number, optionally named. */
export async function newUser(name: string, displayName?: string): Promise<SignedIn> {
  const s = await signIn(await Device.open(name), newPhone());
  if (displayName) {
    const named = await s.device.call('PATCH', '/auth/api/v1/user/me', { name: displayName });
    if (!is(named, 200)) throw new ProbeError(`${name}: PATCH user/me {name} -> ${fmt(named)}`);
  }
  made.push(s);
  return s;
}

/** Accounts the probes made, erased at the end. */
export const made: SignedIn[] = [];

/** Memoised: a fixture several probes share is made once (or fails once). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= make());
}

/** The admin (--admin-phone), signed in on a device of its own; null without the flag. */
export const adminUser = once(async () => (args.adminPhone ? signIn(await Device.open('admin'), args.adminPhone) : null));

/** B: an account whose name is not the one a referrer types for its number (probes 5 and 6). */
export const REAL_NAME_B = `Bhavna Realname ${randomUUID().slice(0, 4)}`;
export const accountB = once(() => newUser('B', REAL_NAME_B));
/** R: the referrer of probe 6, who also imports contacts in probe 5. */
export const referrerR = once(() => newUser('R'));

const dealSchema = z.object({ id: z.string(), customers_only: z.boolean() });

/** An open deal anyone may refer with: the probe's own (made by the admin), else any active one; null when none. */
export const probeDeal = once(async (): Promise<{ id: string; how: string } | null> => {
  const anyone = await Device.open('deals');
  const own = await anyone.get(`/referral/api/v1/deals?url_id=${PROBE_DEAL_URL_ID}`);
  if (is(own, 200)) return { id: read(z.object({ deal: dealSchema }), own, 'GET deals').deal.id, how: `deal ${PROBE_DEAL_URL_ID}` };
  const admin = await adminUser();
  if (admin) {
    const madeDeal = await admin.device.post('/referral/api/v1/deals', {
      url_id: PROBE_DEAL_URL_ID, title: 'Abuse probe deal', description: 'Made by scripts/probe-abuse.ts.', reward_inr: 0, active: true,
    });
    return { id: read(z.object({ deal: dealSchema }), madeDeal, 'admin POST /referral/api/v1/deals').deal.id, how: `deal ${PROBE_DEAL_URL_ID} (made now)` };
  }
  const all = read(z.object({ deals: z.array(dealSchema) }), await anyone.get('/referral/api/v1/all_deals'), 'GET all_deals');
  const open = all.deals.find((d) => !d.customers_only);
  return open ? { id: open.id, how: 'the first active deal for everyone' } : null;
});
