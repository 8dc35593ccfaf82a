import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import { deal, dealView, page, request, reward, REF_ID } from '../components/test-data';
import { useDealView, useRequests, useStaffDeals } from './requests';
import { useRewards, useStaffRewards } from './rewards';

/**
 * The referral queries whose answers name a deal ask in the interface
 * language (`?lang=`) and keep one cache entry per language: after a switch
 * of language the screens show the titles of the new language, not the ones
 * cached under the old (docs/decisions/025).
 */

const TITLES = { en: 'Rooftop solar', hi: 'छत पर सोलर', he: 'Chhat par solar' } as const;
type Lang = keyof typeof TITLES;
const titleOf = (l: string | null) => TITLES[(l ?? 'en') as Lang] ?? `unknown lang ${l}`;

/** Every query the brief names, each showing the deal title it was answered. */
function Probe() {
  const inbox = useRequests('inbox');
  const outbox = useRequests('outbox');
  const view = useDealView(REF_ID);
  const rewards = useRewards();
  const staffDeals = useStaffDeals();
  const staffRewards = useStaffRewards();
  return (
    <ul>
      <li data-testid="inbox">{inbox.data?.items[0]?.deal.title}</li>
      <li data-testid="outbox">{outbox.data?.items[0]?.deal.title}</li>
      <li data-testid="view">{view.data?.request.deal.title}</li>
      <li data-testid="rewards">{rewards.data?.items[0]?.deal_title}</li>
      <li data-testid="staff-deals">{staffDeals.data?.items[0]?.request.deal.title}</li>
      <li data-testid="staff-rewards">{staffRewards.data?.items[0]?.deal_title}</li>
    </ul>
  );
}

const PROBES = ['inbox', 'outbox', 'view', 'rewards', 'staff-deals', 'staff-rewards'];

/** MSW answers naming the deal in the request's `lang`; returns the langs each path was asked in. */
function answerInLang(): Map<string, Array<string | null>> {
  const asked = new Map<string, Array<string | null>>();
  const langOf = (url: string) => {
    const u = new URL(url);
    const l = u.searchParams.get('lang');
    asked.set(u.pathname, [...(asked.get(u.pathname) ?? []), l]);
    return l;
  };
  const req = (l: string | null) => request({ deal: deal({ title: titleOf(l) }) });
  server.use(
    http.get('/referral/api/v1/inbox', ({ request: r }) => HttpResponse.json(page([req(langOf(r.url))]))),
    http.get('/referral/api/v1/outbox', ({ request: r }) => HttpResponse.json(page([req(langOf(r.url))]))),
    http.get('/referral/api/v1/deals/get/:id', ({ request: r }) => HttpResponse.json({ deal: dealView({ request: req(langOf(r.url)) }) })),
    http.get('/referral/api/v1/rewards', ({ request: r }) => HttpResponse.json(page([reward({ deal_title: titleOf(langOf(r.url)) })], 20))),
    http.get('/referral/api/v1/staff/deals', ({ request: r }) => HttpResponse.json(page([dealView({ request: req(langOf(r.url)) })], 20))),
    http.get('/referral/api/v1/staff/rewards', ({ request: r }) =>
      HttpResponse.json(page([reward({ deal_title: titleOf(langOf(r.url)) })], 20))),
  );
  return asked;
}

/** Waits until every probe shows `title`. */
async function expectTitles(title: string) {
  await waitFor(() => {
    for (const id of PROBES) expect(screen.getByTestId(id).textContent, id).toBe(title);
  });
}

describe('referral queries and the interface language', () => {
  it('ask in the interface language and fetch again after a switch instead of showing the cached titles', async () => {
    const asked = answerInLang();
    const queryClient = testQueryClient(); // fresh for a minute: a key without the language would answer from the cache
    const first = renderWithApp(<Probe />, { locale: 'en', queryClient });
    await expectTitles(TITLES.en);
    first.unmount();

    renderWithApp(<Probe />, { locale: 'hi', queryClient });
    await expectTitles(TITLES.hi);
    // Each path was asked once per language, in that language.
    expect(asked.size).toBe(PROBES.length);
    for (const [path, langs] of asked) expect(langs, path).toEqual(['en', 'hi']);
  });

  it('keep the two languages apart in the cache: switching back shows the first language\'s titles', async () => {
    answerInLang();
    const queryClient = testQueryClient();
    const he = renderWithApp(<Probe />, { locale: 'he', queryClient });
    await expectTitles(TITLES.he);
    he.unmount();
    const en = renderWithApp(<Probe />, { locale: 'en', queryClient });
    await expectTitles(TITLES.en);
    en.unmount();
    renderWithApp(<Probe />, { locale: 'he', queryClient });
    await expectTitles(TITLES.he);
  });
});
