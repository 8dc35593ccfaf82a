import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { HttpError } from '@/lib/http/client';
import { dealView, reward, REWARD_ID } from '../components/test-data';
import { getDealView } from './requests';
import { scratch } from './rewards';

/**
 * The referral clients typed by the server's routers: what goes on the wire
 * is what the API expects (a JSON body on a write without fields, path
 * parameters encoded), and a refusal is an HttpError with the server's code.
 */

describe('referral clients', () => {
  it('scratch sends `{}` as JSON (the API answers 415 otherwise) and answers the reward', async () => {
    const seen: { type: string | null; body: string }[] = [];
    server.use(http.post('/referral/api/v1/scratch/:id', async ({ request }) => {
      seen.push({ type: request.headers.get('content-type'), body: await request.text() });
      return HttpResponse.json({ reward: reward({ scratched: true, amount_inr: 250 }) });
    }));
    const out = await scratch(REWARD_ID);
    expect(out.reward.amount_inr).toBe(250);
    expect(seen).toEqual([{ type: 'application/json', body: '{}' }]);
  });

  it('a refused scratch rejects with the server\'s code', async () => {
    server.use(http.post('/referral/api/v1/scratch/:id', () => apiError(409, 'not_scratchable', 'Not yet.')));
    const err = await scratch(REWARD_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, code: 'not_scratchable' });
  });

  it('encodes a path parameter and asks in the given language', async () => {
    const urls: string[] = [];
    server.use(http.get('/referral/api/v1/deals/get/:id', ({ request }) => {
      urls.push(new URL(request.url).pathname + new URL(request.url).search);
      return HttpResponse.json({ deal: dealView() });
    }));
    await getDealView('a b/c', 'hi');
    expect(urls).toEqual(['/referral/api/v1/deals/get/a%20b%2Fc?lang=hi']);
  });
});
