/**
 * Masks personal data and secrets in text before it reaches a log: the one
 * redaction every log line from outside (the browser's log endpoints,
 * features/events/server/client-log.ts) goes through. Pure, no imports, so
 * the browser may use it too. Over-masking a log line is cheap; a UPI id or
 * a session token in a log is not (common.md: personal data is never
 * logged in clear).
 *
 * What is masked, with what:
 * - `[email]`  e-mail addresses (also `%40`-encoded, as in a URL's query);
 * - `[upi]`    UPI ids (virtual payment addresses, `name@bank`, e.g.
 *              `ravi.k@okaxis`, `9812345678@ybl`), NPCI's handle format:
 *              a bank handle of letters and digits after the `@`;
 * - `[number]` phone numbers: Indian mobiles (10 digits from 6-9, with
 *              +91, 0091, 91 or 0 before, spaces or dashes between),
 *              E.164 numbers (`+` and 8-15 digits), and any other run of
 *              8 or more digits standing alone (landlines, Aadhaar and
 *              account numbers);
 * - `Bearer [token]`, `[jwt]`, `[secret]` bearer credentials, JSON Web
 *              Tokens, long hex (32+) or base64 (32+, mixed case and digits)
 *              strings;
 * - `?token=[redacted]` the values of query parameters that carry
 *              credentials (token, access_token, code, sig, password...).
 *
 * Left alone: UUIDs (reel, topic and user ids), ISO dates, ordinary words
 * and short numbers, `file.js:12:5` positions, `fn@https://...` stack
 * frames, `@scope/package` names.
 */

/** Query parameters whose value is a credential. */
const SECRET_PARAMS = ['token', 'access_token', 'refresh_token', 'id_token', 'auth', 'code', 'key', 'api_key', 'apikey',
  'secret', 'password', 'passwd', 'sig', 'signature', 'session', 'otp'];

/** `name` as a pattern matching it in any letter case (no `i` flag: it would widen every other rule). */
function anyCase(name: string): string {
  return name.replace(/[a-z]/g, (ch) => `[${ch}${ch.toUpperCase()}]`);
}

/** Kept as they are: a UUID, an ISO date (2025-01-31). */
const KEEP = /(?<keep>\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b|\b\d{4}-\d{2}-\d{2}\b)/.source;

/**
 * Personal data and labelled credentials, tried left to right at each
 * position; at a position the first alternative that matches wins, so the
 * kept tokens are claimed before the digit rules could bite into them.
 */
const PERSONAL = new RegExp([
  KEEP,
  // a credential in a query string: keep the name, mask the value
  `(?<param>[?&;](?:${SECRET_PARAMS.map(anyCase).join('|')})=)[^&#\\s"'<>]+`,
  // Authorization: Bearer <token>
  /(?<bearer>\b[Bb]earer\s+)[A-Za-z0-9._~+/=-]{8,}/.source,
  // a JSON Web Token (header.payload.signature in base64url; the header always starts eyJ)
  /(?<jwt>\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*)/.source,
  // an e-mail address (the @ maybe percent-encoded)
  // (each name rule starts only where a name can start: without that look-behind a long run of letters costs n² steps)
  /(?<email>(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})(?![A-Za-z0-9-])/.source,
  // a UPI id; not a stack frame's fn@https://..., not an e-mail address
  /(?<upi>(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._-]{1,255}(?:@|%40)[A-Za-z][A-Za-z0-9]{1,63})(?!\.?[A-Za-z0-9_]|[:/-])/.source,
  // an Indian mobile number, or an E.164 number (the + maybe percent-encoded)
  /(?<phone>(?<![\w+])(?:(?:(?:\+|%2[Bb]|00)91|91)[\s-]?|0)?[6-9](?:[\s-]?\d){9}(?!\w)|(?<![\w+])(?:\+|%2[Bb])[1-9](?:[\s-]?\d){7,14}(?!\w))/.source,
  // any other run of 8+ digits standing alone (spaces or dashes between)
  /(?<digits>(?<![\w.+-])\d(?:[\s-]?\d){7,}(?!\w))/.source,
].join('|'), 'g');

/**
 * Unlabelled secrets, a second pass (so a long identifier cannot swallow a
 * phone number before the first pass sees it): long hex, and long
 * base64/base64url runs that mix upper case, lower case and digits.
 */
const SECRETS = new RegExp([
  KEEP,
  /(?<hex>\b[0-9a-fA-F]{32,}\b)/.source,
  /(?<b64>(?<![A-Za-z0-9+_-])[A-Za-z0-9+_-]{32,}={0,2}(?![A-Za-z0-9+_=-]))/.source,
].join('|'), 'g');

/** True for a base64-looking run that mixes upper case, lower case and digits (a word or an identifier rarely does). */
function looksRandom(s: string): boolean {
  return /[A-Z]/.test(s) && /[a-z]/.test(s) && /\d/.test(s);
}

type Groups = Record<string, string | undefined>;

/**
 * `text` with e-mail addresses, UPI ids, phone numbers and credentials
 * masked (see the module comment for what and how). Pure.
 */
export function redactText(text: string): string {
  return text
    .replace(PERSONAL, (match, ...args: unknown[]) => {
      const g = args[args.length - 1] as Groups;
      if (g.param !== undefined) return `${g.param}[redacted]`;
      if (g.bearer !== undefined) return `${g.bearer}[token]`;
      if (g.jwt !== undefined) return '[jwt]';
      if (g.email !== undefined) return '[email]';
      if (g.upi !== undefined) return '[upi]';
      if (g.phone !== undefined || g.digits !== undefined) return '[number]';
      return match;
    })
    .replace(SECRETS, (match, ...args: unknown[]) => {
      const g = args[args.length - 1] as Groups;
      if (g.hex !== undefined) return '[secret]';
      if (g.b64 !== undefined && looksRandom(match)) return '[secret]';
      return match;
    });
}

/** A JSON-like value: what a log line's fields are made of. */
export type Redactable = string | number | boolean | null | undefined | Redactable[] | { [k: string]: Redactable };

/** Deepest nesting redactDeep walks; deeper values become '[deep]'. */
const MAX_DEPTH = 8;

/**
 * `value` with redactText applied to every string in it, object keys
 * included, at any depth (up to 8 levels; deeper is '[deep]'). A number
 * whose digits read as a phone number (a JSON body may carry one as a
 * number) becomes '[number]'. Returns a new value; the input is unchanged.
 */
export function redactDeep(value: Redactable, depth = 0): Redactable {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number') return Number.isInteger(value) && redactText(String(value)) !== String(value) ? '[number]' : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  const out: { [k: string]: Redactable } = {};
  for (const [k, v] of Object.entries(value)) out[redactText(k)] = redactDeep(v, depth + 1);
  return out;
}
