import { afterAll, describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import { useEnvVars } from '@/tests/fixtures/env-vars';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * The links a referrer shares are made on one origin (lib/http/request-origin.ts):
 * the profile's share link (GET get_profile) and the WhatsApp invite of a
 * sent request (POST referrer/send_request) agree,
 * also behind a TLS-terminating proxy, whose X-Forwarded-Proto and -Host
 * are believed only with TRUST_PROXY. Runs on PGlite and on PostgreSQL.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const configure = useEnvVars(['PUBLIC_URL', 'TRUST_PROXY']);

afterAll(async () => {
  await rs.cleanup();
  await seed.cleanup();
});

const V1 = '/referral/api/v1';
/** What a proxy that ends TLS for solar.example hands the app on its internal address. */
const behindProxy = { host: 'app.internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'solar.example' };
let n = 0;

/** The share link of get_profile and the invite's share link, for one referrer. */
async function linksOf(headers: Record<string, string>) {
  const deal = await rs.seedDeal();
  const me = await seed.signedIn({ name: 'Asha' });
  const h = { ...headers, cookie: me.cookie };
  const profile = await api.request(`${V1}/get_profile`, { headers: h });
  expect(profile.status).toBe(200);
  const { share_url: profileUrl } = (await profile.json()) as { share_url: string };
  const sent = await api.request(`${V1}/referrer/send_request`, {
    method: 'POST',
    headers: { ...h, 'content-type': 'application/json' },
    body: JSON.stringify({ deal_id: deal.id, phone: seed.phone(), name: 'Ravi', idempotency_key: `origin-${Date.now()}-${n++}` }),
  });
  expect(sent.status).toBe(201);
  const { invite } = (await sent.json()) as { invite: { share_url: string } };
  return { profile: new URL(profileUrl), invite: new URL(invite.share_url) };
}

describe('GET get_profile and POST referrer/send_request: one origin for share links', () => {
  it('behind a trusted TLS proxy both links are https on the public host', async () => {
    configure({ PUBLIC_URL: undefined, TRUST_PROXY: 'true' });
    const { profile, invite } = await linksOf(behindProxy);
    expect(profile.origin).toBe('https://solar.example');
    expect(invite.origin).toBe('https://solar.example');
    expect(invite.pathname).toBe(profile.pathname);
  });

  it('without TRUST_PROXY the forwarded headers are ignored: both links are on the Host the app was called with', async () => {
    configure({ PUBLIC_URL: undefined, TRUST_PROXY: 'false' });
    const { profile, invite } = await linksOf(behindProxy);
    expect(profile.origin).toBe('http://app.internal:3000');
    expect(invite.origin).toBe('http://app.internal:3000');
  });

  it('with PUBLIC_URL both links use it, whatever the request says', async () => {
    configure({ PUBLIC_URL: 'https://rewards.example', TRUST_PROXY: 'true' });
    const { profile, invite } = await linksOf(behindProxy);
    expect(profile.origin).toBe('https://rewards.example');
    expect(invite.origin).toBe('https://rewards.example');
  });
});
