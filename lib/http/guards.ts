import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Role } from '../auth/principal';
import { MAX_JSON_BODY_BYTES } from '../constants';
import { jsonContentType, limitBody } from './app';
import { principal, requireRole, requireUser, requireVisitor, sameOrigin, type PrincipalVars } from './principal';
import { rateLimit, type LimitName } from './rate-limit';

/**
 * The guard presets of state-changing routes (CONVENTIONS.md "API
 * handlers"): one middleware per route that settles who calls (principal),
 * checks the browser's Origin, counts a rate limit and says how the body is
 * bounded, so a write knows all four by construction instead of by a
 * hand-written chain. Each preset carries its facts (GuardFacts), which the
 * API's body bound (boundBodies) and the route-facts test read off the
 * routes (tests/integration/route-facts.test.ts).
 *
 * Body bounds: every state-changing request is bounded to
 * MAX_JSON_BODY_BYTES (64 KB) by boundBodies before any guard runs, unless
 * its route's preset declares `ownBody`: then the handler reads and bounds
 * its own larger body (a picture, a video, a contacts file, a bulk list).
 * The JSON validator (`body()`, lib/http/validate.ts) bounds each JSON body
 * tighter still.
 */

/** A rate limit a route does not count in its preset, and where it is counted instead. */
export interface LimitElsewhere {
  /** Where and why, e.g. "prepareChat counts `chat` in the asker's language (shared with the socket)". */
  elsewhere: string;
}

/** Who may call a guarded route. */
export type Caller =
  /** Anyone: a caller without a visitor id is given one (counted per IP). */
  | 'anyone'
  /** A visitor the server issued an id to earlier (else 401 `visitor_required`). */
  | 'visitor'
  /** A signed-in user (401 `visitor_required` without a visitor id, else 401 `login_required`). */
  | 'user'
  /** A signed-in user, asked to log in even without a visitor id (401 `login_required`). */
  | 'signed-in'
  /** A signed-in user holding the role (401 `login_required`, 403 `forbidden`). */
  | `role:${Role}`;

/** What a preset says about the routes it guards. */
export interface GuardFacts {
  /** The preset's name (`guards.<name>`). */
  preset: 'anyoneWrite' | 'visitorWrite' | 'userWrite' | 'signedInWrite' | 'staffWrite';
  caller: Caller;
  /** Always true: a browser's Origin must be ours (sameOrigin(), 403 `origin_not_allowed`). */
  checksOrigin: true;
  /** The limit counted before the handler (lib/http/rate-limit.ts LIMITS), or where it is counted instead. */
  rateLimit: LimitName | LimitElsewhere;
  /** 'json': the body must be declared `application/json` (else 415); 'any': a form, an image, or none. */
  body: 'json' | 'any';
  /** The largest body the route takes, bytes: its own bound, or the API's MAX_JSON_BODY_BYTES. */
  maxBodyBytes: number;
  /** True when the handler reads and bounds its own body up to maxBodyBytes (the API's 64 KB bound is skipped). */
  ownBody: boolean;
}

/** Options of a write preset. */
export interface WriteOptions {
  /** 'json' (the default): Content-Type must be application/json, else 415 `unsupported_media_type`. 'any': no type check. */
  body?: 'json' | 'any';
  /**
   * The handler reads and bounds its own body, at most this many bytes
   * (larger than MAX_JSON_BODY_BYTES): the API-wide 64 KB bound does not
   * apply to this route.
   */
  ownBody?: number;
}

const factsByHandler = new WeakMap<object, GuardFacts>();

/**
 * The facts of a preset middleware (as found in `app.routes` or
 * `matchedRoutes(c)`), or undefined for any other handler.
 */
export function guardFactsOf(handler: unknown): GuardFacts | undefined {
  return typeof handler === 'function' ? factsByHandler.get(handler) : undefined;
}

/**
 * Runs `mws` in order as one middleware; the first to throw, or to answer
 * without calling next (its Response is the answer), ends the chain.
 */
function chain<E extends { Variables: PrincipalVars }>(mws: MiddlewareHandler[]): MiddlewareHandler<E> {
  return (c, next) => {
    const run = async (i: number): Promise<Response | void> => {
      if (i === mws.length) {
        await next();
        return;
      }
      return mws[i](c, async () => {
        // As Hono's own compose does: an answer from further down becomes the response.
        const res = await run(i + 1);
        if (res instanceof Response && !c.finalized) c.res = res;
      });
    };
    return run(0);
  };
}

function preset(
  name: GuardFacts['preset'], caller: Caller, limit: LimitName | LimitElsewhere, opts: WriteOptions,
  who: MiddlewareHandler[],
): MiddlewareHandler<{ Variables: PrincipalVars }> {
  const kind = opts.body ?? 'json';
  const mws: MiddlewareHandler[] = [
    ...(kind === 'json' ? [jsonContentType()] : []),
    sameOrigin(),
    principal(),
    ...who,
    ...(typeof limit === 'string' ? [rateLimit(limit) as MiddlewareHandler] : []),
  ];
  const mw = chain(mws);
  factsByHandler.set(mw, {
    preset: name, caller, checksOrigin: true, rateLimit: limit, body: kind,
    maxBodyBytes: opts.ownBody ?? MAX_JSON_BODY_BYTES, ownBody: opts.ownBody !== undefined,
  });
  return mw;
}

/**
 * The presets. Each returns one middleware; the order inside is the one
 * every write had by hand: the JSON type (when `body: 'json'`), the Origin
 * check, the principal, who may call, then the rate limit.
 */
export const guards = {
  /**
   * A write open to any caller (a new visitor gets an id first): POST
   * visitor, logout, the chat (whose handler refuses a new visitor).
   * @param limit the rate limit, or where it is counted instead.
   */
  anyoneWrite(limit: LimitName | LimitElsewhere, opts: WriteOptions = {}) {
    return preset('anyoneWrite', 'anyone', limit, opts, []);
  },
  /**
   * A write by a visitor the server issued an id to (likes, events, leads,
   * sign-in, newsletter).
   * @throws (as middleware) 415, 403 `origin_not_allowed`, 401 `visitor_required`, 429 `rate_limited`.
   */
  visitorWrite(limit: LimitName, opts: WriteOptions = {}) {
    return preset('visitorWrite', 'visitor', limit, opts, [requireVisitor()]);
  },
  /**
   * A write by a signed-in user.
   * @throws (as middleware) 415, 403 `origin_not_allowed`, 401 `visitor_required` / `login_required`, 429 `rate_limited`.
   */
  userWrite(limit: LimitName, opts: WriteOptions = {}) {
    return preset('userWrite', 'user', limit, opts, [requireVisitor(), requireUser()]);
  },
  /**
   * A write by a signed-in user where a caller without a visitor id is asked
   * to log in rather than to open the app first (uploads, notification reads).
   * @throws (as middleware) 415, 403 `origin_not_allowed`, 401 `login_required`, 429 `rate_limited`.
   */
  signedInWrite(limit: LimitName, opts: WriteOptions = {}) {
    return preset('signedInWrite', 'signed-in', limit, opts, [requireUser()]);
  },
  /**
   * A write by a signed-in user holding `role` anywhere (ADMIN holds every role).
   * @throws (as middleware) 415, 403 `origin_not_allowed` / `forbidden`, 401 `visitor_required` / `login_required`, 429.
   */
  staffWrite(role: Role, limit: LimitName, opts: WriteOptions = {}) {
    return preset('staffWrite', `role:${role}`, limit, opts, [requireVisitor(), requireRole(role)]);
  },
} as const;

/** True when a route `c` matched carries a preset that bounds its own body. */
function hasOwnBodyBound(c: Context): boolean {
  for (const r of matchedRoutes(c)) {
    if (guardFactsOf(r.handler)?.ownBody) return true;
  }
  return false;
}

/**
 * Middleware of the whole API: bounds every request body but GET's and
 * HEAD's to `maxBytes` (413 `payload_too_large`, Connection: close), except
 * on routes whose preset declares `ownBody` (their handlers bound theirs).
 * Unknown paths are bounded too.
 */
export function boundBodies(maxBytes: number = MAX_JSON_BODY_BYTES): MiddlewareHandler {
  const limit = limitBody(maxBytes);
  return (c, next) => {
    const m = c.req.method;
    if (m === 'GET' || m === 'HEAD' || hasOwnBodyBound(c)) return next();
    return limit(c, next);
  };
}
