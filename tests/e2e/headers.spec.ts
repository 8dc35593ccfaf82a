import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The security headers every page answers with, as a browser receives them:
 * a Content-Security-Policy whose scripts run by a per-response nonce and
 * whose frame-ancestors lets no one frame the app, except the embeddable
 * assistant (/chat/external/*), which 'self' and CHAT_EMBED_ORIGINS may
 * frame; nosniff, a Referrer-Policy, and a Permissions-Policy that gives the
 * microphone (voice input) to the chat pages only.
 */
const embedOrigins = (process.env.CHAT_EMBED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);

/** One request's headers; every header name lower-case, each value as many times as it was sent. */
async function headersOf(request: APIRequestContext, path: string) {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), `${path} status`).toBe(200);
  const all = res.headersArray().map(({ name, value }) => ({ name: name.toLowerCase(), value }));
  return { values: (name: string) => all.filter((h) => h.name === name).map((h) => h.value) };
}

/** The directives of one CSP: name -> its source list. */
function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name.toLowerCase(), sources] as const;
  }));
}

/** The Permissions-Policy's allowlist of one feature, e.g. `()` or `(self)`. */
function permission(policy: string, feature: string): string | undefined {
  const entry = policy.split(',').map((p) => p.trim()).find((p) => p.startsWith(`${feature}=`));
  return entry?.slice(feature.length + 1).replace(/\s+/g, ' ');
}

/** The page's one CSP, checked for a nonce (128 bits or more, base64 or hex) in script-src. */
async function policyOf(request: APIRequestContext, path: string) {
  const headers = await headersOf(request, path);
  // Two CSP headers would both apply: the stricter frame-ancestors would win.
  const csp = headers.values('content-security-policy');
  expect(csp, `${path}: exactly one Content-Security-Policy`).toHaveLength(1);
  const directives = cspDirectives(csp[0]);
  const nonces = (directives.get('script-src') ?? []).filter((s) => /^'nonce-[A-Za-z0-9+/_-]{22,}={0,2}'$/.test(s));
  expect(nonces, `${path}: script-src ${directives.get('script-src')?.join(' ')}`).toHaveLength(1);
  return { headers, directives, nonce: nonces[0] };
}

const PAGES = [
  { path: '/reels', frameAncestors: ["'none'"], microphone: '()' },
  { path: '/assistant', frameAncestors: ["'none'"], microphone: '(self)' },
  { path: '/chat/external/general', frameAncestors: ["'self'", ...embedOrigins], microphone: '(self)' },
];

test.describe('security headers', () => {
  for (const want of PAGES) {
    test(`${want.path}: CSP with a script nonce and frame-ancestors ${want.frameAncestors.join(' ')}; nosniff, Referrer-Policy, microphone=${want.microphone}`, async ({ request }) => {
      const { headers, directives } = await policyOf(request, want.path);
      expect(directives.get('frame-ancestors')).toEqual(want.frameAncestors);
      expect(headers.values('x-content-type-options')).toEqual(['nosniff']);
      expect(headers.values('referrer-policy')).toHaveLength(1);
      expect(headers.values('referrer-policy')[0]).toMatch(/^[a-z-]+(,\s*[a-z-]+)*$/);
      const permissions = headers.values('permissions-policy');
      expect(permissions).toHaveLength(1);
      expect(permission(permissions[0], 'microphone')).toBe(want.microphone);
    });
  }

  test('each response gets a fresh nonce', async ({ request }) => {
    const first = await policyOf(request, '/reels');
    const second = await policyOf(request, '/reels');
    expect(second.nonce).not.toBe(first.nonce);
  });
});
