import 'server-only';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';

/** Who a verified Google ID token says the caller is. */
export interface GoogleIdentity {
  /** Google's stable account id (the token's `sub`); the key to link an account by, never the email. */
  sub: string;
  email: string;
  /** Always true: tokens whose email Google has not verified are refused. */
  emailVerified: true;
  name?: string;
  picture?: string;
}

export interface VerifyGoogleIdTokenOptions {
  /** The OAuth client id the token must be issued for; default `GOOGLE_CLIENT_ID`. */
  clientId?: string;
  /** Where Google's signing keys are read; default `GOOGLE_JWKS_URL`. */
  jwksUrl?: string;
  /** The clock to check `exp`/`nbf` against; default the current time. */
  now?: Date;
}

/** The two spellings of Google's issuer that its ID tokens carry. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Leeway on `exp` and `nbf`, seconds. Google's ID tokens live one hour; 30 s
 * absorbs clock drift between this server and Google's without meaningfully
 * lengthening a token's life.
 */
export const CLOCK_TOLERANCE_S = 30;

/**
 * One remote key set per URL: jose caches the keys it fetched (10 minutes),
 * refetches on an unknown `kid` (at most every 30 s), and shares one fetch
 * between concurrent verifications. Module-level is enough: losing the cache
 * to a second bundle copy costs one extra fetch, nothing else.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

/** The key set could not be read (network, timeout, non-200, unreadable JSON): Google's side, not the caller's. */
class KeysUnavailable extends Error {
  constructor(cause: unknown) {
    super('Google signing keys unavailable', { cause });
    this.name = 'KeysUnavailable';
  }
}

/** The key set's lookup, with failures to *read* the keys told apart from a token whose key is not in them. */
function keyLookup(url: string): JWTVerifyGetKey {
  const set = keySet(url);
  return async (header, token) => {
    try {
      return await set(header, token);
    } catch (err) {
      if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) throw err;
      throw new KeysUnavailable(err);
    }
  };
}

const refused = (reason: string): ApiError => {
  // The reason only: the token and the email stay out of the log.
  logger().warn({ reason }, 'google id token refused');
  return new ApiError(401, 'invalid_google_token', 'The Google sign-in could not be verified. Please try again.');
};

/** A short, token-free reason for the log, from what jose threw. */
function reasonOf(err: unknown): string {
  if (err instanceof errors.JWTClaimValidationFailed) return `claim_${err.claim}_${err.reason}`;
  if (err instanceof errors.JOSEError) return err.code;
  return 'unknown';
}

/**
 * Verifies a Google ID token (the `credential` that Google Identity Services
 * hands the browser) and returns who it names.
 *
 * The rules are Google's "Authenticate with a backend server" checks:
 * - signed (RS256 only: no `none`, no HMAC) by one of Google's keys, read
 *   from `jwksUrl` (default `GOOGLE_JWKS_URL`, Google's JWKS endpoint);
 * - `aud` is our OAuth client id (`clientId`, default `GOOGLE_CLIENT_ID`);
 * - `iss` is `https://accounts.google.com` or `accounts.google.com`;
 * - `exp` has not passed (and `nbf`, if present, has), with
 *   {@link CLOCK_TOLERANCE_S} seconds of leeway;
 * - `sub` is present; `email` is present and `email_verified` is `true`
 *   (the boolean: we link accounts only on an email Google vouches for).
 *
 * @returns `{ sub, email, emailVerified: true, name?, picture? }`.
 * @throws ApiError 404 `google_signin_disabled` when no client id is configured
 *   (Google sign-in is off).
 * @throws ApiError 401 `invalid_google_token` for a malformed token, a bad
 *   signature or unknown key, a disallowed algorithm, a wrong audience or
 *   issuer, an expired or not-yet-valid token, a missing `sub` or `email`, or
 *   an email Google has not verified.
 * @throws ApiError 503 `google_unavailable` when Google's keys cannot be read.
 *
 * Only the reason of a refusal is logged, never the token or the email.
 */
export async function verifyGoogleIdToken(idToken: string, opts: VerifyGoogleIdTokenOptions = {}): Promise<GoogleIdentity> {
  const clientId = opts.clientId ?? env().GOOGLE_CLIENT_ID;
  if (!clientId) throw new ApiError(404, 'google_signin_disabled', 'Sign-in with Google is not available.');
  const jwksUrl = opts.jwksUrl ?? env().GOOGLE_JWKS_URL;

  if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 16_384) throw refused('malformed');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keyLookup(jwksUrl), {
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: opts.now,
    }));
  } catch (err) {
    if (err instanceof KeysUnavailable) {
      logger().error({ reason: reasonOf(err.cause), err: err.cause }, 'google signing keys unavailable');
      throw new ApiError(503, 'google_unavailable', 'Google sign-in is unavailable right now. Please try again shortly.');
    }
    throw refused(reasonOf(err));
  }

  if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw refused('sub_missing');
  const { email, email_verified: emailVerified, name, picture } = payload;
  if (typeof email !== 'string' || email.length === 0) throw refused('email_missing');
  if (emailVerified !== true) throw refused('email_not_verified');

  return {
    sub: payload.sub,
    email,
    emailVerified: true,
    ...(typeof name === 'string' && name ? { name } : {}),
    ...(typeof picture === 'string' && picture ? { picture } : {}),
  };
}
