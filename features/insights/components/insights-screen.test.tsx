import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { RoleGrant } from '@/lib/auth/principal';
import { addDays, eachDay, todayInIndia } from '../lib/period';
import type { FunnelGroup, FunnelInsights, ReelsInsights, SessionsInsights, StageCounts } from '../schemas';
import { InsightsScreen } from './insights-screen';

const STAFF: RoleGrant[] = [{ role: 'STAFF', topicId: null }];
const REELS = '/staff/api/v1/insights/reels';
const FUNNEL = '/staff/api/v1/insights/funnel';
const SESSIONS = '/staff/api/v1/insights/sessions';

function sessionsAnswer(from: string, to: string, over: Partial<SessionsInsights> = {}): SessionsInsights {
  const daily = eachDay(from, to).map((day, i) => (i === 0
    ? { day, sessions: 1200, avg_session_seconds: 95.5, total_seconds: 114_600 }
    : { day, sessions: 0, avg_session_seconds: 0, total_seconds: 0 }));
  return {
    period: { from, to, days: daily.length },
    totals: { sessions: 1200, avg_session_seconds: 95.5, total_seconds: 114_600 },
    daily,
    ...over,
  };
}

function reelsAnswer(from: string, to: string, over: Partial<ReelsInsights> = {}): ReelsInsights {
  const daily = eachDay(from, to).map((day, i) => ({ day, views: i === 0 ? 12 : 0, completions: i === 0 ? 4 : 0 }));
  return {
    period: { from, to, days: daily.length },
    lang: null,
    totals: { views: 1234, completions: 411, completion_rate: 0.3331, watch_seconds: 5400 },
    by_lang: [
      { lang: 'en', views: 1000, completions: 400, completion_rate: 0.4, watch_seconds: 5000 },
      { lang: 'hi', views: 234, completions: 11, completion_rate: 0.047, watch_seconds: 400 },
      { lang: 'he', views: 0, completions: 0, completion_rate: 0, watch_seconds: 0 },
    ],
    daily,
    reels: [
      {
        id: '11111111-1111-4111-8111-111111111111', description: 'Solar basics', topic: { id: 't1', name: 'Net metering' }, lang: 'en',
        views: 900, completions: 300, completion_rate: 0.3333, watch_seconds: 4500, avg_watch_seconds: 5,
      },
      {
        id: '22222222-2222-4222-8222-222222222222', description: '', topic: null, lang: 'hi',
        views: 34, completions: 1, completion_rate: 0.0294, watch_seconds: 40, avg_watch_seconds: 1.2,
      },
    ],
    reel_count: 7,
    ...over,
  };
}

function group(value: string | null, counts: StageCounts, label: string | null = null): FunnelGroup {
  const stages = ['share', 'visit', 'sign_in', 'lead', 'deal'] as const;
  return {
    value, label, counts,
    conversion: stages.slice(1).map((to, i) => ({
      from: stages[i], to, rate: counts[stages[i]] ? Math.round((counts[to] / counts[stages[i]]) * 10_000) / 10_000 : null,
    })),
  };
}

function funnelAnswer(from: string, to: string, by: 'campaign' | 'partner', groups: FunnelGroup[]): FunnelInsights {
  const total = { share: 0, visit: 0, sign_in: 0, lead: 0, deal: 0 };
  for (const g of groups) for (const k of Object.keys(total) as Array<keyof StageCounts>) total[k] += g.counts[k];
  const t = group(null, total);
  return {
    period: { from, to, days: 1 }, by, stages: ['share', 'visit', 'sign_in', 'lead', 'deal'],
    total: { counts: t.counts, conversion: t.conversion }, groups, group_count: groups.length,
  };
}

const CAMPAIGNS = [
  group('awa', { share: 4, visit: 10, sign_in: 5, lead: 2, deal: 1 }),
  group(null, { share: 0, visit: 3, sign_in: 0, lead: 0, deal: 0 }),
];
const PARTNERS = [group('sunrise-solar', { share: 0, visit: 6, sign_in: 3, lead: 3, deal: 0 }, 'Sunrise Solar')];

/** Answers every insights call for the period asked, and records the query strings. */
function serve(opts: {
  reels?: (from: string, to: string) => ReelsInsights; campaigns?: FunnelGroup[]; partners?: FunnelGroup[];
  sessions?: (from: string, to: string) => SessionsInsights;
} = {}) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(SESSIONS, ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json((opts.sessions ?? sessionsAnswer)(q.get('from')!, q.get('to')!));
    }),
    http.get(REELS, ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      return HttpResponse.json((opts.reels ?? reelsAnswer)(q.get('from')!, q.get('to')!));
    }),
    http.get(FUNNEL, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const by = q.get('by') as 'campaign' | 'partner';
      return HttpResponse.json(funnelAnswer(q.get('from')!, q.get('to')!, by,
        by === 'campaign' ? opts.campaigns ?? CAMPAIGNS : opts.partners ?? PARTNERS));
    }),
  );
  return calls;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('InsightsScreen', () => {
  it('tells someone without STAFF or ADMIN they are not authorized, and asks the API nothing', () => {
    renderWithApp(<InsightsScreen roles={[{ role: 'CURATOR', topicId: 'topic-1' }]} />);
    expect(screen.getByRole('alert').textContent).toBe('Sorry. You are not authorized for this action!');
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
  });

  it('shows the last 30 days: totals, languages, reels by views, the daily chart with its table, the funnels', async () => {
    const calls = serve();
    const today = todayInIndia();
    renderWithApp(<InsightsScreen roles={[{ role: 'ADMIN', topicId: null }]} />);

    const summary = await section('Summary');
    await within(summary).findByText('1,234');
    within(summary).getByText('33.3%');
    within(summary).getByText('1.5 hrs');
    const langs = within(summary).getByRole('table', { name: 'By language' });
    expect(within(langs).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'LanguageViewsCompletion rateWatch time', 'English1,00040%1.4 hrs', 'हिन्दी2344.7%6.7 mins', 'Hinglish00%0 secs',
    ]);
    expect(calls[0].get('from')).toBe(addDays(today, -29));
    expect(calls[0].get('to')).toBe(today);
    expect(calls[0].has('lang')).toBe(false);

    const daily = await section('Views and completions per day');
    expect(within(daily).getByRole('img').getAttribute('aria-label')).toMatch(/^Chart of views and completions per day from /);
    const dailyTable = within(daily).getByRole('table');
    expect(within(dailyTable).getAllByRole('row')).toHaveLength(31);

    const reels = await section('Reels by views');
    within(reels).getByText('2 of 7 reels');
    const rows = within(reels).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Solar basicsNet meteringEnglishEnglish90033.3%5 secs', 'Deleted reelहिन्दीहिन्दी342.9%1.2 secs',
    ]);

    const campaign = await section('Funnel by campaign');
    expect(within(campaign).getByRole('img').getAttribute('aria-label')).toMatch(/per Campaign\./);
    const cRows = within(campaign).getAllByRole('row');
    expect(cRows[0].textContent).toBe('CampaignShareVisitSign-inLeadDeal');
    expect(within(cRows[1]).getByRole('rowheader').textContent).toBe('awa');
    expect(cRows[1].textContent).toContain('250% of the step before');
    expect(cRows[1].textContent).toContain('50% of the step before');
    expect(within(cRows[2]).getByRole('rowheader').textContent).toBe('(none)');
    expect(cRows[2].textContent).toContain('no step before');
    expect(cRows[3].textContent).toMatch(/^All413↳ 325%325% of the step before/);

    const partner = await section('Funnel by partner');
    expect(within(partner).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Sunrise Solar', 'All']);
  });

  it('shows sessions per day and the time spent per session, with the numbers in a table', async () => {
    serve();
    renderWithApp(<InsightsScreen roles={STAFF} />);
    const sessions = await section('Sessions');
    const figures = (await within(sessions).findAllByRole('definition')).map((d) => d.textContent);
    expect(figures).toEqual(['1,200', '1.6 mins']);
    expect(within(sessions).getAllByRole('term').map((d) => d.textContent)).toEqual(['Sessions', 'Time per session']);
    expect(within(sessions).getByRole('img').getAttribute('aria-label')).toMatch(/^Chart of sessions per day from /);
    const rows = within(within(sessions).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[0].textContent).toBe('DaySessionsTime per session');
    expect(rows[1].textContent).toMatch(/1,2001\.6 mins$/);
  });

  it('says so when a period has no sessions, without a chart', async () => {
    serve({ sessions: (from, to) => sessionsAnswer(from, to, { totals: { sessions: 0, avg_session_seconds: 0, total_seconds: 0 } }) });
    renderWithApp(<InsightsScreen roles={STAFF} />);
    const sessions = await section('Sessions');
    await within(sessions).findByText('No sessions in this period.');
    expect(within(sessions).queryByRole('img')).toBeNull();
  });

  it('asks again for a preset period and for one language', async () => {
    const calls = serve();
    const today = todayInIndia();
    const { user } = renderWithApp(<InsightsScreen roles={STAFF} />);
    await section('Summary');
    await screen.findByText('1,234');
    const seven = screen.getByRole('button', { name: 'Last 7 days' });
    expect(seven.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(seven);
    await waitFor(() => expect(calls.some((q) => q.get('from') === addDays(today, -6) && q.get('to') === today)).toBe(true));
    expect(seven.getAttribute('aria-pressed')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Reel language'), 'hi');
    await waitFor(() => expect(calls.some((q) => q.get('lang') === 'hi' && q.get('from') === addDays(today, -6))).toBe(true));
  });

  it('takes a custom period, refusing one that ends before it starts', async () => {
    const calls = serve();
    const { user } = renderWithApp(<InsightsScreen roles={STAFF} />);
    await screen.findByText('1,234');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick a start day on or before the end day, at most 366 days apart.');
    expect(calls.some((q) => q.get('from') === '2026-03-10')).toBe(false);

    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.some((q) => q.get('from') === '2026-03-10' && q.get('to') === '2026-03-31')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByText('10 Mar 2026 to 31 Mar 2026');
  });

  it('an empty period says nothing was watched and nobody reached the funnel', async () => {
    serve({
      reels: (from, to) => reelsAnswer(from, to, { reels: [], reel_count: 0 }),
      campaigns: [], partners: [],
    });
    renderWithApp(<InsightsScreen roles={STAFF} />);
    await screen.findByText('No reel was watched in this period.');
    await within(await section('Funnel by campaign')).findByText('Nobody reached the funnel in this period.');
    await within(await section('Funnel by partner')).findByText('Nobody reached the funnel in this period.');
  });

  it('shows a failed call with the error and tries again on request', async () => {
    let fail = true;
    serve();
    server.use(http.get(REELS, () => (fail ? apiError(403, 'forbidden', 'no') : undefined)));
    const { user } = renderWithApp(<InsightsScreen roles={STAFF} />);
    const summary = await section('Summary');
    const alert = await within(summary).findByRole('alert');
    expect(alert.textContent).toContain('Sorry. You are not authorized for this action!');
    fail = false;
    await user.click(within(summary).getByRole('button', { name: 'Try again' }));
    await within(summary).findByText('1,234');
  });

  it('speaks the interface language (Hindi)', async () => {
    serve();
    renderWithApp(<InsightsScreen roles={STAFF} />, { locale: 'hi' });
    await screen.findByRole('heading', { name: 'इनसाइट्स' });
    const campaign = await screen.findByRole('region', { name: 'कैंपेन के अनुसार फ़नल' });
    await within(campaign).findByRole('table');
    expect(within(campaign).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['awa', '(कोई नहीं)', 'सभी']);
  });
});
