import { afterAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { API_PATHS, API_PREFIXES, buildApi, isApiPath } from '@/server/api';
import { MAX_JSON_BODY_BYTES } from '@/lib/constants';
import { guardFactsOf, type GuardFacts } from '@/lib/http/guards';
import { LIMITS } from '@/lib/http/rate-limit';
import { bodyLimitsOf } from '@/lib/http/validate';
import { feedRoutes, reactionRoutes, readSideRoutes, reelsPrefixes } from '@/features/reels/server/routes';
import { uploadPrefixes, uploadRoutes } from '@/features/reels/server/upload-routes';
import { sharingPrefixes, shareRoutes } from '@/features/sharing/server/routes';
import { seoPaths, seoPrefixes, seoRoutes } from '@/features/sharing/server/seo-routes';
import { clientLogRoutes, eventRoutes, eventsPrefixes } from '@/features/events/server/routes';
import { authPrefixes, authRoutes } from '@/features/auth/server/routes';
import { accountRoutes, profilePrefixes, profileRoutes } from '@/features/auth/server/profile-routes';
import { nativeLinkPrefixes, nativeLinkRoutes } from '@/features/auth/server/native-link-routes';
import { notificationRoutes, notificationsPrefixes } from '@/features/notifications/server/routes';
import { leadRoutes, leadsPrefixes } from '@/features/leads/server/routes';
import { chatPrefixes, chatRoutes } from '@/features/assistant/server/routes';
import { studioPrefixes, studioRoutes } from '@/features/studio/server/routes';
import { insightsPrefixes, insightsRoutes } from '@/features/insights/server/routes';
import { cataloguePrefixes, catalogueRoutes } from '@/features/referrals/server/catalogue-routes';
import { requestPrefixes, requestRoutes } from '@/features/referrals/server/request-routes';
import { rewardPrefixes, rewardRoutes } from '@/features/referrals/server/reward-routes';
import { partnerRoutes, partnersPrefixes } from '@/features/partners/server/routes';
import { Seed } from '@/tests/fixtures/seed';

/**
 * Route facts live next to their routes (CONVENTIONS.md "API handlers"):
 * each routes file declares its API families, and each state-changing route
 * names a guard preset (lib/http/guards.ts) that says who calls, checks the
 * Origin, counts a rate limit and how the body is bounded. These tests walk
 * the routes Hono holds (`app.routes`), so a renamed or added route cannot
 * drift from its facts.
 */

process.env.LOG_LEVEL = 'silent';

const api = buildApi();

/** The families SPEC.md section 7 names: its endpoint catalogue and the logging client's /api/ paths. */
const SPEC_FAMILIES = ['/auth/', '/uploader/', '/uploader-read/', '/feeds-server/', '/partner/', '/recommendation-service/', '/api/'];
/**
 * Our own families, each documented: referrals' paths (SPEC.md lists them
 * without a prefix; docs/api/referrals.md), the share link `/r/{code}`
 * (docs/api/referrals.md), staff insights (docs/api/insights.md) and the
 * sitemap parts (features/sharing/server/seo-routes.ts; robots.txt and
 * /sitemap.xml are single paths at the root, API_PATHS).
 */
const OWN_FAMILIES = ['/referral/', '/r/', '/staff/api/', '/sitemaps/'];

/**
 * State-changing routes that may go without a guard preset, and why. None
 * today: tus uploads (server/uploads.ts) are served before the Hono app and
 * check Origin, principal and the `upload` limit themselves; there are no
 * webhooks.
 */
const UNGUARDED: Record<string, string> = {};

interface Route {
  method: string;
  path: string;
  handlers: unknown[];
}

type AnyApp = Pick<Hono, 'routes'>;

/** The routes of `app`, one per method and path, with their middleware and handler in order. */
function routesOf(app: AnyApp): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue; // app-wide middleware ('*')
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, handlers: [] };
    route.handlers.push(r.handler);
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

const isWrite = (r: Route) => r.method !== 'GET' && r.method !== 'HEAD';
const factsOf = (r: Route) => r.handlers.map(guardFactsOf).filter((f): f is GuardFacts => f !== undefined);

/** A path that reaches `pattern`: each parameter filled with a value its pattern (if any) accepts. */
function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)(\{([^}]*)\})?/g, (_m, _name: string, _braces: string | undefined, re: string | undefined) => {
    if (!re) return 'x';
    const sample = [re.split('|')[0], 'v2', 'x'].find((s) => new RegExp(`^(?:${re})$`).test(s));
    if (!sample) throw new Error(`no sample value for {${re}} in ${pattern}`);
    return sample;
  });
}

describe('API families', () => {
  it('are those of SPEC.md section 7 and our documented own, each once', () => {
    expect([...API_PREFIXES].sort()).toEqual([...SPEC_FAMILIES, ...OWN_FAMILIES].sort());
    expect(new Set(API_PREFIXES).size).toBe(API_PREFIXES.length);
  });

  it('every routes file declares the families of its routes, and only families it uses', () => {
    const stub = {} as never;
    const files: Array<[string, readonly string[], AnyApp[]]> = [
      ['reels/routes', reelsPrefixes, [feedRoutes, readSideRoutes, reactionRoutes]],
      ['reels/upload-routes', uploadPrefixes, [uploadRoutes(stub)]],
      ['sharing/routes', sharingPrefixes, [shareRoutes(stub)]],
      ['sharing/seo-routes', [...seoPrefixes, ...seoPaths], [seoRoutes({ apiPrefixes: [] })]],
      ['events/routes', eventsPrefixes, [eventRoutes(stub), clientLogRoutes]],
      ['auth/routes', authPrefixes, [authRoutes()]],
      ['auth/profile-routes', profilePrefixes, [profileRoutes, accountRoutes()]],
      ['auth/native-link-routes', nativeLinkPrefixes, [nativeLinkRoutes]],
      ['notifications/routes', notificationsPrefixes, [notificationRoutes]],
      ['leads/routes', leadsPrefixes, [leadRoutes]],
      ['assistant/routes', chatPrefixes, [chatRoutes(stub)]],
      ['studio/routes', studioPrefixes, [studioRoutes(stub)]],
      ['insights/routes', insightsPrefixes, [insightsRoutes]],
      ['referrals/catalogue-routes', cataloguePrefixes, [catalogueRoutes()]],
      ['referrals/request-routes', requestPrefixes, [requestRoutes()]],
      ['referrals/reward-routes', rewardPrefixes, [rewardRoutes()]],
      ['partners/routes', partnersPrefixes, [partnerRoutes(stub)]],
    ];
    for (const [file, prefixes, routers] of files) {
      const paths = routers.flatMap((r) => routesOf(r).map((x) => x.path));
      const outside = paths.filter((p) => !prefixes.some((pre) => p.startsWith(pre)));
      expect([file, outside]).toEqual([file, []]);
      const unused = prefixes.filter((pre) => !paths.some((p) => p.startsWith(pre)));
      expect([file, unused]).toEqual([file, []]);
    }
  });

  it('every route of the API is under a family the server routes to it, and every family has routes', () => {
    const paths = routesOf(api).map((r) => r.path);
    expect(paths.filter((p) => !isApiPath(p))).toEqual([]);
    expect(API_PREFIXES.filter((pre) => !paths.some((p) => p.startsWith(pre)))).toEqual([]);
    expect(API_PATHS.filter((p) => !paths.includes(p))).toEqual([]);
  });
});

describe('guard presets', () => {
  it('guard every state-changing route, once', () => {
    const writes = routesOf(api).filter(isWrite);
    expect(writes.length).toBeGreaterThan(50);
    const wrong = writes
      .filter((r) => !(`${r.method} ${r.path}` in UNGUARDED))
      .filter((r) => factsOf(r).length !== 1)
      .map((r) => `${r.method} ${r.path}: ${factsOf(r).length} presets`);
    expect(wrong).toEqual([]);
  });

  it('name a known rate limit, or say where the limit is counted instead', () => {
    for (const r of routesOf(api).filter(isWrite)) {
      for (const f of factsOf(r)) {
        const limit = f.rateLimit;
        const ok = typeof limit === 'string' ? limit in LIMITS : limit.elsewhere.length > 10;
        expect([r.method, r.path, ok]).toEqual([r.method, r.path, true]);
        expect(f.checksOrigin).toBe(true);
      }
    }
  });

  it('are on state-changing routes only', () => {
    const reads = routesOf(api).filter((r) => !isWrite(r));
    expect(reads.filter((r) => factsOf(r).length > 0).map((r) => r.path)).toEqual([]);
  });
});

describe('body limits', () => {
  const writes = routesOf(api).filter(isWrite);
  const own = writes.filter((r) => factsOf(r).some((f) => f.ownBody));

  it('a route that bounds its own body declares a bound over the API\'s 64 KB', () => {
    // Pictures (profile, partner logo, taxonomy), the video upload, the contacts file and the bulk contact lists.
    expect(own.length).toBeGreaterThanOrEqual(8);
    for (const r of own) {
      for (const f of factsOf(r)) expect([r.path, f.maxBodyBytes > MAX_JSON_BODY_BYTES]).toEqual([r.path, true]);
    }
  });

  it('no JSON validator takes a larger body than its route\'s bound lets through', () => {
    // A route whose body() takes more than 64 KB must declare its own bound, or the API's would cut it short.
    const wrong = writes.flatMap((r) => {
      const bound = factsOf(r)[0]?.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
      return r.handlers.map(bodyLimitsOf).filter((l) => l !== undefined && l.maxBytes > bound)
        .map((l) => `${r.method} ${r.path}: body() takes ${l!.maxBytes} bytes, the route's bound is ${bound}`);
    });
    expect(wrong).toEqual([]);
    expect(writes.filter((r) => r.handlers.some((h) => bodyLimitsOf(h) !== undefined)).length).toBeGreaterThan(40);
  });

  it('every other state-changing route refuses a body over 64 KB before any guard; its own bound is left to the route', async () => {
    const big = `{"x":"${'a'.repeat(MAX_JSON_BODY_BYTES)}"}`;
    for (const r of writes) {
      const res = await api.request(concretePath(r.path), {
        method: r.method, headers: { 'content-type': 'application/json' }, body: big,
      });
      const code = res.status === 413 ? ((await res.json()) as { error: { code: string } }).error.code : null;
      if (own.includes(r)) {
        // Refused by its guards (no visitor, no user) rather than by the API-wide bound.
        expect([r.method, r.path, res.status]).not.toEqual([r.method, r.path, 413]);
      } else {
        expect([r.method, r.path, res.status, code]).toEqual([r.method, r.path, 413, 'payload_too_large']);
      }
    }
  });
});

describe('a bound a route declares applies through the whole API', () => {
  const seed = new Seed();
  afterAll(() => seed.cleanup());

  // bulk/create takes up to 256 KB (50 categories of 50 options with their Hindi and Hinglish names).
  it('POST /uploader/api/v1/bulk/create takes a body over 64 KB', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 1 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    // Each name with its Hindi (3 bytes a letter in UTF-8) and Hinglish forms near their 120-character bound.
    const named = (name: string) => ({
      name, translations: { hi: { name: `${'क'.repeat(110)} ${name}`.slice(0, 120) }, he: { name: `${'a'.repeat(100)} ${name}` } },
    });
    const categories = Array.from({ length: 50 }, (_, i) => ({
      ...named(`Bound ${i}`), options: [1, 2, 3].map((k) => named(`Option ${i}.${k}`)),
    }));
    const text = JSON.stringify({ topic_id: t.topic.id, categories });
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const res = await api.request('/uploader/api/v1/bulk/create', {
      method: 'POST', headers: { cookie: curator.cookie, 'content-type': 'application/json' }, body: text,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { created: number }).created).toBe(200);
  });
});
