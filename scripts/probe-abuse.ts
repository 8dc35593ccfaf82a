/**
 * `npm run probe:abuse -- --base http://127.0.0.1:3000 --log <server log> [--admin-phone <10 digits>] [--host-check auto|expect|skip]`
 *
 * Reruns the abuse audit against a RUNNING server over real HTTP, as an
 * outsider would: each simulated device (a stranger, an owner, a referrer...)
 * keeps its own cookie jar, every write carries the base URL's Origin, and
 * every probe uses fresh random phone numbers, so the script can be run
 * again against the same server. The probes and what the product promises:
 *
 * 1. A NUL or a malformed escape in a path or query is 400 `bad_request`;
 *    TRACE is 405 with Allow; a page takes GET and HEAD only (405, Allow).
 *    (server/request-checks.ts)
 * 2. A Host the server does not answer for is 421 `host_not_allowed` (in
 *    production without PUBLIC_URL or ALLOWED_HOSTS; `--host-check`).
 * 3. Browser log lines are written at warn or below, tagged `source:
 *    client`, with UPI ids, phones and `?token=` values masked
 *    (features/events/server/client-log.ts, lib/redact.ts).
 * 4. A stranger's wrong OTP codes lock only the stranger: the owner still
 *    signs in, and no device can use another's request
 *    (docs/api/accounts.md "Phone OTP").
 * 5. Phone lookups are limited per user (30 per 10 minutes) and answer the
 *    same for an account's number and an unknown one; so does a contact
 *    import (docs/decisions/022).
 * 6. `referrer/send_request` echoes the name typed, not the account's name.
 * 7. An idempotency key reused with another body is 422
 *    `idempotency_key_reused`; the same body answers the first lead.
 * 8. A user may hold 3 unfinished tus uploads (600 MB) at once; terminating
 *    them frees the room (docs/api/studio.md).
 * 9. Export and erasure (docs/decisions/021): the export holds the name;
 *    after erasure the old session is signed out, the public profile is 404
 *    and the same phone signs up as a new user.
 *
 * Prints one line per probe: PASS, FAIL or SKIP, what was sent, the answer
 * (status and error code) and what is promised; then a summary. Exits 1 on
 * any FAIL, 2 on bad arguments.
 *
 * Sign-in codes come from the server log (`--log`): the console SMS
 * provider writes `otp +91XXXXXXXXXX 123456` there. The probes that sign in
 * run only when that log shows SMS_PROVIDER=console, since the numbers are
 * random and could be anyone's: a real SMS gateway must never get them.
 * `--admin-phone` (a number in the server's ADMIN_PHONES) is the creator of
 * probe 8 and makes the probes' referral deal when the server has none open.
 *
 * What stays on the server: the subsidy lead of probe 7 (CRM data), the
 * probe deal (reused by later runs) and tombstones of the accounts the
 * probes made, which are erased at the end (decision 021 keeps those).
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import {
  OTP_CODE_DIGITS, OTP_MAX_GUESSES_PER_PHONE_PER_DAY, OTP_MAX_SENDS_PER_PHONE_PER_DAY, OTP_MAX_WRONG_TRIES_PER_CODE,
  OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY, OTP_RESEND_AFTER_S,
} from '@/features/auth/server/otp-code';
import {
  accountB, adminUser, args, log, made, newUser, probeDeal, REAL_NAME_B, referrerR, signIn, signInBlocked, signedInSchema,
} from './lib/probe-context';
import { Device, answerOf, counted, fmt, is, noAnswer, rawRequest, read, sleep, type Answer } from './lib/probe-http';
import { newPhone, wrongCode } from './lib/probe-log';
import { failures, figures, info, judge, masked, probe, skip, tally } from './lib/probe-report';

/** The default UPLOAD_MAX_OPEN_PER_USER: unfinished uploads one user may hold (docs/api/studio.md). */
const EXPECTED_OPEN_UPLOADS = 3;
/** Tus creations probe 8 declares, each of the largest size allowed (200 MB). */
const UPLOADS_DECLARED = 30;
/** Lookups probe 5 makes, and the most the per-user phone_lookup limit may answer in 10 minutes. */
const LOOKUPS_MADE = 300;
const LOOKUPS_PER_USER = 30;
const LOCAL_ONLY_HOSTS_NOTICE = 'Neither PUBLIC_URL nor ALLOWED_HOSTS is set';

const otpSentSchema = z.object({ request_id: z.string(), expires_in_s: z.number(), resend_after_s: z.number() });

/* ---------- 1. malformed requests ---------- */

async function probeMalformed(): Promise<void> {
  const p = '1 malformed';
  const targets = [
    '/auth/api/v1/users?q=ab%00cd', '/referral/api/v1/deals?url_id=%00', '/auth/api/v1/topic/%00/topic_role',
    '/share/%E0%A4', '/topic/%', '/tldr/%', '/content/%', '/invite/%', '/studio/topic/%',
  ];
  for (const t of targets) {
    const a = await rawRequest('GET', t).catch(noAnswer);
    judge(p, `GET ${t}`, fmt(a), is(a, 400, 'bad_request'), '400 bad_request');
  }
  const trace = await rawRequest('TRACE', '/sw.js').catch(noAnswer);
  judge(p, 'TRACE /sw.js', `${fmt(trace)} Allow: ${trace.headers.get('allow') ?? '(none)'}`,
    is(trace, 405) && Boolean(trace.headers.get('allow')), '405 with Allow');
  for (const [method, path] of [['PUT', '/reels'], ['DELETE', '/']] as const) {
    const a = await rawRequest(method, path, { origin: args.origin }).catch(noAnswer);
    judge(p, `${method} ${path}`, `${fmt(a)} Allow: ${a.headers.get('allow') ?? '(none)'}`,
      is(a, 405, 'method_not_allowed') && a.headers.get('allow') === 'GET, HEAD', '405 method_not_allowed, Allow: GET, HEAD');
  }
}

/* ---------- 2. unknown hosts ---------- */

async function probeHost(): Promise<void> {
  const p = '2 host';
  const sent = 'GET /reels Host: evil.example';
  if (args.hostCheck === 'skip') {
    skip(p, sent, '--host-check skip');
    return;
  }
  const a = await rawRequest('GET', '/reels', { host: 'evil.example' }).catch(noAnswer);
  const localOnly = log?.text().includes(LOCAL_ONLY_HOSTS_NOTICE) ?? false;
  if (args.hostCheck === 'expect' || localOnly || is(a, 421)) {
    judge(p, sent, fmt(a), is(a, 421, 'host_not_allowed'), '421 host_not_allowed');
    return;
  }
  skip(p, sent, `answered ${fmt(a)}; the log does not say the server runs in production without PUBLIC_URL or ALLOWED_HOSTS `
    + '(--host-check expect to require 421)');
}

/* ---------- 3. browser log lines ---------- */

async function probeBrowserLogs(): Promise<void> {
  const p = '3 client log';
  const v = await Device.open('V');
  const marker = `abuseprobe-${randomUUID().slice(0, 8)}`;
  const upi = `asha.${randomUUID().slice(0, 6)}@okaxis`;
  const phone = newPhone();
  const token = `tk${randomUUID().replace(/-/g, '')}`;
  const fatal = await v.post('/api/logger', { level: 'fatal', message: `${marker} the page asks for fatal` });
  judge(p, 'POST /api/logger {level: fatal}', fmt(fatal), is(fatal, 204), '204');
  const leaky = await v.post('/api/errorLog', {
    message: `${marker} payment failed for ${upi}, call +91 ${phone} or ${phone}, retry /pay?token=${token}&x=1`,
  });
  judge(p, 'POST /api/errorLog {UPI id, phone, ?token= in the message}', fmt(leaky), is(leaky, 204), '204');
  if (!log) {
    skip(p, 'the lines written', 'needs --log');
    return;
  }
  const lines = await log.linesWith(marker, 2);
  const secrets = [upi, phone, token];
  const seen = lines.map((l) => {
    const level = typeof l.json?.level === 'number' ? l.json.level : NaN;
    const leaked = secrets.filter((s) => l.raw.includes(s));
    return { level, source: l.json?.source, leaked };
  });
  const ok = seen.length === 2 && seen.every((s) => s.level <= 40 && s.source === 'client' && s.leaked.length === 0);
  const got = seen.length === 0 ? 'no line found'
    : seen.map((s) => `level ${s.level}, source ${String(s.source)}, ${s.leaked.length ? `LEAKS ${s.leaked.length} secret(s)` : 'no secret'}`).join('; ');
  judge(p, `the 2 lines written to ${args.logFile}`, got, ok, '2 lines, level <= 40 (warn), source client, none of the UPI id, phone, token');
}

/* ---------- 4. OTP lockout ---------- */

async function probeOtp(): Promise<void> {
  const p = '4 otp';
  const phone = newPhone();
  const serverLog = log;
  if (!serverLog) return;
  const S = await Device.open('S');
  const verifyBody = (request_id: string, otp: string) => ({ request_id, otp, over_18: true, accept_terms: true });

  /** S asks a code and makes five wrong guesses at it; the right code is read from the log, so the guesses surely miss. */
  const strangerRound = async (round: number): Promise<{ requestId: string; code: string } | null> => {
    const seen = serverLog.codes(phone).length;
    const asked = await S.post('/auth/api/v1/otp/initiate', { phone });
    if (!judge(p, `S (stranger) asks a code for ${masked(phone)} (round ${round})`, fmt(asked), is(asked, 200), '200')) return null;
    const { request_id } = read(otpSentSchema, asked, 'S otp/initiate');
    const code = await serverLog.nextCode(phone, seen);
    const wrong: Answer[] = [];
    for (let i = 0; i < OTP_MAX_WRONG_TRIES_PER_CODE; i++) {
      wrong.push(await S.post('/auth/api/v2/otp/verify', verifyBody(request_id, wrongCode(code))));
    }
    judge(p, `S ${OTP_MAX_WRONG_TRIES_PER_CODE} wrong codes on its request (round ${round})`, counted(wrong),
      wrong.every((a) => is(a, 401, 'otp_invalid')), `401 otp_invalid x${OTP_MAX_WRONG_TRIES_PER_CODE}`);
    return { requestId: request_id, code };
  };

  const first = await strangerRound(1);
  if (!first) return;
  const burnt = await S.post('/auth/api/v2/otp/verify', verifyBody(first.requestId, first.code));
  judge(p, 'S the RIGHT code after 5 wrong ones', `${fmt(burnt)} Retry-After: ${burnt.headers.get('retry-after') ?? '(none)'}`,
    is(burnt, 429, 'otp_locked') && Boolean(burnt.headers.get('retry-after')), '429 otp_locked with Retry-After (the request is burnt)');
  const waitS = OTP_RESEND_AFTER_S + 1;
  info(p, `waiting ${waitS} s (a device waits ${OTP_RESEND_AFTER_S} s between codes for one phone)...`);
  await sleep(waitS * 1000);
  if (!(await strangerRound(2))) return;
  const again = await S.post('/auth/api/v1/otp/initiate', { phone });
  judge(p, `S asks a third code after ${OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY} wrong ones`, fmt(again), is(again, 429, 'otp_locked'),
    '429 otp_locked (this device, this phone, 24 h)');

  const O = await Device.open('O');
  const seen = serverLog.codes(phone).length;
  const asked = await O.post('/auth/api/v1/otp/initiate', { phone });
  if (!judge(p, `O (owner, another device) asks a code for ${masked(phone)}`, fmt(asked), is(asked, 200), '200')) return;
  const { request_id } = read(otpSentSchema, asked, 'O otp/initiate');
  const code = await serverLog.nextCode(phone, seen);
  const stolen = await S.post('/auth/api/v2/otp/verify', verifyBody(request_id, code));
  judge(p, "S verifies O's request id with O's right code", fmt(stolen), is(stolen, 410, 'otp_expired') || is(stolen, 404),
    '410 otp_expired (or 404): not S\'s request');
  const resent = await S.post(`/auth/api/v2/otp/initiate/${request_id}`, {});
  judge(p, "S asks a resend of O's request id", fmt(resent), is(resent, 404, 'otp_request_not_found') || is(resent, 410),
    '404 otp_request_not_found (or 410)');
  const owner = await O.post('/auth/api/v2/otp/verify', verifyBody(request_id, code));
  const signed = signedInSchema.safeParse(owner.body);
  judge(p, 'O verifies with the code from the log', signed.success ? `${fmt(owner)} signed in, new user ${signed.data.is_new_user}` : fmt(owner),
    is(owner, 200) && signed.success, '200 signed in, whatever S did');
  if (signed.success) made.push({ device: O, phone, userId: signed.data.user.userId, isNewUser: signed.data.is_new_user });
  const odds = `${OTP_MAX_SENDS_PER_PHONE_PER_DAY} codes/day/phone x ${OTP_MAX_WRONG_TRIES_PER_CODE} tries/code = `
    + `${OTP_MAX_GUESSES_PER_PHONE_PER_DAY} guesses/day; ${OTP_MAX_GUESSES_PER_PHONE_PER_DAY} / 10^${OTP_CODE_DIGITS} = `
    + `1 in ${(10 ** OTP_CODE_DIGITS / OTP_MAX_GUESSES_PER_PHONE_PER_DAY).toLocaleString('en-US')} per phone per day`;
  info(p, `odds (features/auth/server/otp-code.ts): ${odds}`);
  figures.push(`OTP odds: ${odds}`);
}

/* ---------- 5. phone lookups and contact import ---------- */

const lookupSchema = z.record(z.string(), z.unknown());

async function probeLookups(): Promise<void> {
  const p = '5 lookups';
  const deal = await probeDeal();
  if (!deal) {
    skip(p, 'validate/{deal}/{phone}', 'no open deal on the server and no --admin-phone to make one');
    return;
  }
  const B = await accountB();
  const R = await referrerR();

  // Contact import: an account's number and an unknown one must come back alike.
  const unknown = newPhone();
  const imported = await R.device.post('/referral/api/v5/contact', {
    source: 'csv', contacts: [{ name: 'Probe Known', phone: B.phone }, { name: 'Probe Unknown', phone: unknown }],
  });
  const importKeys = imported.body && typeof imported.body === 'object' ? Object.keys(imported.body).sort().join(',') : '';
  judge(p, "R imports 2 contacts: an account's number and an unknown one", `${fmt(imported)} keys {${importKeys}}`,
    is(imported, 200) && importKeys === 'added,existing,invalid', '200 {added, existing, invalid}: nothing per number');
  const list = read(z.object({ items: z.array(lookupSchema) }), await R.device.get('/referral/api/v1/contact_list/1/100'), 'R contact_list');
  const strip = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => !['id', 'name', 'phone'].includes(k)));
  const known = list.items.find((c) => c.name === 'Probe Known');
  const other = list.items.find((c) => c.name === 'Probe Unknown');
  const alike = Boolean(known && other) && isDeepStrictEqual(strip(known!), strip(other!));
  judge(p, 'R lists them: the two contacts but id, name and phone', alike ? `alike ${JSON.stringify(strip(known!))}` : `differ: ${JSON.stringify([known, other])}`,
    alike && known?.label === null, 'the same fields and values, label null');
  const cleared = await R.device.call('DELETE', '/referral/api/v1/contact', { confirm: true });
  if (!is(cleared, 200)) info(p, `R could not delete its contacts: ${fmt(cleared)}`);

  // The phone check, LOOKUPS_MADE times by one user: an account's number, an unknown one, then fresh numbers.
  const L = await newUser('L');
  const answers: Answer[] = [];
  for (let i = 0; i < LOOKUPS_MADE; i++) {
    const phone = i === 0 ? B.phone : newPhone();
    answers.push(await L.device.get(`/referral/api/v1/validate/${deal.id}/${phone}`));
  }
  const [a0, a1] = answers;
  const withoutPhone = (a: Answer) => {
    const r = lookupSchema.safeParse(a.body);
    return r.success ? Object.fromEntries(Object.entries(r.data).filter(([k]) => k !== 'phone')) : null;
  };
  const same = is(a0, 200) && is(a1, 200) && isDeepStrictEqual(withoutPhone(a0), withoutPhone(a1));
  judge(p, `L validate/{${deal.how}}/{an account's phone}, then /{an unknown phone}`,
    same ? `200, 200, alike ${JSON.stringify(withoutPhone(a0))}` : `${fmt(a0)} ${a0.text.slice(0, 120)} | ${fmt(a1)} ${a1.text.slice(0, 120)}`,
    same, '200 twice, the same answer but the phone');
  const firstRefused = answers.findIndex((a) => a.status === 429);
  const answered = firstRefused === -1 ? answers.length : firstRefused;
  const after = firstRefused === -1 ? [] : answers.slice(firstRefused);
  const retryAfter = firstRefused === -1 ? null : answers[firstRefused].headers.get('retry-after');
  const got = `${answered} answered before the first 429; then ${after.length ? counted(after) : 'none'}; Retry-After: ${retryAfter ?? '(none)'}`;
  const ok = answered >= 1 && answered <= LOOKUPS_PER_USER && answers.slice(0, answered).every((a) => is(a, 200))
    && after.length > 0 && after.every((a) => is(a, 429, 'rate_limited')) && retryAfter !== null && Number(retryAfter) > 0;
  judge(p, `L ${LOOKUPS_MADE} validate/{deal}/{phone} lookups`, got, ok,
    `at most ${LOOKUPS_PER_USER} answered (fewer if an earlier run spent the per-IP 100), then 429 rate_limited with Retry-After`);
  figures.push(`lookups: ${answered} of ${LOOKUPS_MADE} answered before the first 429 (Retry-After ${retryAfter ?? 'none'} s)`);
}

/* ---------- 6. send_request echoes the typed name ---------- */

async function probeTypedName(): Promise<void> {
  const p = '6 typed name';
  const deal = await probeDeal();
  if (!deal) {
    skip(p, 'referrer/send_request', 'no open deal on the server and no --admin-phone to make one');
    return;
  }
  const B = await accountB();
  const R = await referrerR();
  const typed = 'Typed Friend';
  const sent = await R.device.post('/referral/api/v1/referrer/send_request', {
    deal_id: deal.id, phone: B.phone, name: typed, idempotency_key: `probe-${randomUUID()}`, lang: 'en',
  });
  const r = z.object({ request: z.object({ id: z.string(), referee: z.object({ name: z.string() }) }) }).safeParse(sent.body);
  const echoed = r.success ? r.data.request.referee.name : null;
  judge(p, `R send_request to B's number (account named "${REAL_NAME_B}") typed "${typed}"`,
    `${fmt(sent)} referee.name "${echoed ?? '?'}"${sent.text.includes(REAL_NAME_B) ? ', the account name IS in the answer' : ''}`,
    is(sent, 201) && echoed === typed && !sent.text.includes(REAL_NAME_B), `201, referee.name "${typed}", the account's name nowhere`);
  if (r.success) {
    const cancelled = await R.device.post('/referral/api/v1/request/action', { request_id: r.data.request.id, action: 'cancel' });
    if (!is(cancelled, 200)) info(p, `R could not cancel the request: ${fmt(cancelled)}`);
  }
}

/* ---------- 7. idempotency keys ---------- */

async function probeIdempotency(): Promise<void> {
  const p = '7 idempotency';
  const v = await Device.open('lead');
  const key = randomUUID();
  const lead = (name: string, phone: string) => ({
    idempotency_key: key, name, phone, email: 'probe.lead@example.com', pin_code: '110001',
    system_type: 'on-grid', size: '3kW+', power_cut: 'under-2h',
  });
  const firstBody = lead('Asha Probe', newPhone());
  const first = await v.post('/api/v1/leads/subsidy', firstBody);
  const firstLead = z.object({ id: z.string() }).safeParse(first.body);
  judge(p, 'POST /api/v1/leads/subsidy key K', fmt(first), is(first, 201) && firstLead.success, '201 a new lead');
  const other = await v.post('/api/v1/leads/subsidy', lead('Ravi Other', newPhone()));
  judge(p, 'the same key K, another name and phone', fmt(other), is(other, 422, 'idempotency_key_reused'), '422 idempotency_key_reused');
  const repeat = await v.post('/api/v1/leads/subsidy', firstBody);
  const again = z.object({ id: z.string() }).safeParse(repeat.body);
  const sameLead = firstLead.success && again.success && again.data.id === firstLead.data.id;
  judge(p, 'the same key K, the first body again', `${fmt(repeat)}${sameLead ? ', the first lead' : again.success ? ', ANOTHER lead' : ''}`,
    is(repeat, 200) && sameLead, '200 with the first lead');
}

/* ---------- 8. upload reservations ---------- */

async function probeUploads(): Promise<void> {
  const p = '8 uploads';
  const admin = await adminUser();
  if (!admin) {
    skip(p, `${UPLOADS_DECLARED} tus uploads of 200 MB`, 'needs --admin-phone (a number of the server\'s ADMIN_PHONES)');
    return;
  }
  const options = read(z.object({ options: z.array(z.object({ id: z.string() })) }), await admin.device.get('/uploader-read/api/v1/options'), 'GET options');
  if (options.options.length === 0) {
    skip(p, `${UPLOADS_DECLARED} tus uploads of 200 MB`, 'the server has no topic option to upload to');
    return;
  }
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const metadata = [
    `option_id ${b64(options.options[0].id)}`, `description ${b64('abuse probe: never sent')}`, `lang ${b64('en')}`, `is_tldr ${b64('false')}`,
  ].join(',');
  const tus = { 'tus-resumable': '1.0.0' };
  const creations: Answer[] = [];
  for (let i = 0; i < UPLOADS_DECLARED; i++) {
    creations.push(await admin.device.call('POST', '/uploader/api/v1/upload/', undefined, {
      ...tus, 'upload-length': String(MAX_UPLOAD_BYTES), 'upload-metadata': metadata,
    }));
  }
  const locations = creations.filter((a) => is(a, 201)).map((a) => a.headers.get('location')).filter((l): l is string => Boolean(l));
  const accepted = creations.filter((a) => is(a, 201)).length;
  judge(p, `admin declares ${UPLOADS_DECLARED} tus uploads of ${MAX_UPLOAD_BYTES} bytes`, `${accepted} accepted; ${counted(creations)}`,
    accepted === EXPECTED_OPEN_UPLOADS && locations.length === accepted && creations.slice(accepted).every((a) => is(a, 429, 'upload_limit')),
    `${EXPECTED_OPEN_UPLOADS} x 201, then 429 upload_limit`);
  figures.push(`uploads: ${accepted} of ${UPLOADS_DECLARED} declared 200 MB uploads accepted`);
  const terminated: Answer[] = [];
  for (const loc of locations) terminated.push(await admin.device.call('DELETE', new URL(loc, args.base).pathname, undefined, tus));
  judge(p, `admin terminates the ${locations.length} (DELETE)`, counted(terminated), terminated.every((a) => is(a, 204)), '204 each');
  const gone: Answer[] = [];
  for (const loc of locations) gone.push(await admin.device.call('HEAD', new URL(loc, args.base).pathname, undefined, tus));
  const fresh = await admin.device.call('POST', '/uploader/api/v1/upload/', undefined, {
    ...tus, 'upload-length': String(MAX_UPLOAD_BYTES), 'upload-metadata': metadata,
  });
  const freshLoc = fresh.headers.get('location');
  let freed = '';
  if (is(fresh, 201) && freshLoc) freed = fmt(await admin.device.call('DELETE', new URL(freshLoc, args.base).pathname, undefined, tus));
  judge(p, 'HEAD each terminated upload; then one new 200 MB upload (and DELETE it)',
    `HEAD ${gone.length ? counted(gone) : 'none'}; new upload ${fmt(fresh)}${freed ? `, DELETE ${freed}` : ''}`,
    gone.every((a) => a.status === 404 || a.status === 410) && is(fresh, 201) && freed === '204',
    'HEAD 404 (nothing left), the room is free again: 201, then 204');
}

/* ---------- 9. export and erasure ---------- */

async function probeRights(): Promise<void> {
  const p = '9 rights';
  const name = `Probe Erasable ${randomUUID().slice(0, 4)}`;
  const F = await signIn(await Device.open('F'), newPhone());
  const named = await F.device.call('PATCH', '/auth/api/v1/user/me', { name });
  judge(p, `F (new user) PATCH user/me {name: "${name}"}`, fmt(named), is(named, 200), '200');
  const exported = await F.device.get('/auth/api/v1/user/export');
  const holdsName = exported.body !== null && exported.text.includes(name);
  judge(p, 'F GET /auth/api/v1/user/export', `${fmt(exported)} ${exported.headers.get('content-type') ?? ''}${holdsName ? ', holds the name' : ', the name NOT in it'}`,
    is(exported, 200) && (exported.headers.get('content-type') ?? '').startsWith('application/json') && holdsName, '200 JSON holding the name');
  const session = F.device.jar.get(SESSION_COOKIE);
  const profilePath = `/auth/api/v1/users/${F.userId}/profiles`;
  const erased = await F.device.call('DELETE', '/auth/api/v1/user/me', { confirm: true });
  const summary = z.object({ erased: z.literal(true) }).safeParse(erased.body);
  judge(p, 'F DELETE /auth/api/v1/user/me {confirm: true}', fmt(erased), is(erased, 200) && summary.success, '200 {erased: true}');
  const oldRes = await fetch(new URL('/auth/api/v1/me', args.base), { headers: { cookie: `${SESSION_COOKIE}=${session ?? ''}` } });
  const old = answerOf(oldRes.status, oldRes.headers, await oldRes.text());
  const oldUser = z.object({ userId: z.string().nullable() }).safeParse(old.body);
  judge(p, 'GET /auth/api/v1/me with the old session cookie', oldUser.success ? `${fmt(old)} userId ${oldUser.data.userId}` : fmt(old),
    Boolean(session) && is(old, 200) && oldUser.success && oldUser.data.userId === null, '200 userId null (signed out)');
  const profile = await (await Device.open('P')).get(profilePath);
  judge(p, `GET ${profilePath.replace(F.userId, '{old id}')}`, fmt(profile), is(profile, 404), '404');
  const again = await signIn(await Device.open('F2'), F.phone);
  made.push(again);
  judge(p, 'the same phone signs in again (another device)', `200, ${again.userId === F.userId ? 'THE OLD user id' : 'a new user id'}, is_new_user ${again.isNewUser}`,
    again.userId !== F.userId && again.isNewUser, '200 as a new user id');
}

/* ---------- clean-up and main ---------- */

/** Erases the accounts the probes made and signs the admin out; says what it could not do. */
async function cleanUp(): Promise<void> {
  let erased = 0;
  const left: string[] = [];
  for (const s of made) {
    const a = await s.device.call('DELETE', '/auth/api/v1/user/me', { confirm: true }).catch(() => null);
    if (a && is(a, 200)) erased++;
    else left.push(`${s.device.name} (${a ? fmt(a) : 'no answer'})`);
  }
  const admin = await adminUser().catch(() => null);
  if (admin) await admin.device.post('/auth/api/v1/logout').catch(() => null);
  info('clean-up', `erased ${erased} account(s) the probes made${left.length ? `; not erased: ${left.join(', ')}` : ''}${admin ? '; admin signed out' : ''}`);
}

async function main(): Promise<number> {
  console.log(`probe:abuse against ${args.base.origin} (log: ${args.logFile ?? 'none'}, admin: ${args.adminPhone ? masked(args.adminPhone) : 'none'})`);
  try {
    await rawRequest('GET', '/');
  } catch (err) {
    console.error(`the server at ${args.base.origin} does not answer: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  await probe('1 malformed', 'the malformed requests', probeMalformed);
  await probe('2 host', 'the Host check', probeHost);
  await probe('3 client log', 'the browser log lines', probeBrowserLogs);
  const signInProbes: Array<[string, string, () => Promise<void>]> = [
    ['4 otp', 'the OTP lockout', probeOtp],
    ['5 lookups', 'the phone lookups', probeLookups],
    ['6 typed name', 'send_request', probeTypedName],
  ];
  for (const [name, what, run] of signInProbes) {
    if (signInBlocked) skip(name, what, signInBlocked);
    else await probe(name, what, run);
  }
  await probe('7 idempotency', 'the lead keys', probeIdempotency);
  for (const [name, what, run] of [['8 uploads', 'the upload limits', probeUploads], ['9 rights', 'export and erasure', probeRights]] as const) {
    if (signInBlocked) skip(name, what, signInBlocked);
    else await probe(name, what, run);
  }
  if (!signInBlocked) await cleanUp();

  console.log('');
  console.log(`summary: ${tally.PASS} PASS, ${tally.FAIL} FAIL, ${tally.SKIP} SKIP`);
  for (const f of figures) console.log(`  ${f}`);
  for (const f of failures) console.log(`  FAIL: ${f}`);
  return tally.FAIL > 0 ? 1 : 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
