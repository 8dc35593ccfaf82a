import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Locale } from '@/lib/constants';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import type { FunnelInsights, ReelsInsights, SessionsInsights } from '../schemas';
import { InsightsScreen } from './insights-screen';

/** Hebrew letters or a bidi mark: what Intl writes for the raw code `he`. */
const HEBREW_OR_BIDI = /[\u0590-\u05FF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;
const MESSAGES = { en, hi, he } as const;

function reels(from: string, to: string): ReelsInsights {
  return {
    period: { from, to, days: 1 }, lang: null,
    totals: { views: 150000, completions: 411, completion_rate: 0.3331, watch_seconds: 5400 },
    by_lang: [], daily: [{ day: from, views: 12, completions: 4 }], reels: [], reel_count: 0,
  };
}

function funnel(from: string, to: string, by: 'campaign' | 'partner'): FunnelInsights {
  const counts = { share: 0, visit: 0, sign_in: 0, lead: 0, deal: 0 };
  return { period: { from, to, days: 1 }, by, stages: ['share', 'visit', 'sign_in', 'lead', 'deal'], total: { counts, conversion: [] }, groups: [], group_count: 0 };
}

function sessions(from: string, to: string): SessionsInsights {
  const zero = { sessions: 0, avg_session_seconds: 0, total_seconds: 0 };
  return { period: { from, to, days: 1 }, totals: { sessions: 42, avg_session_seconds: 150, total_seconds: 6300 }, daily: [{ day: from, ...zero }] };
}

describe('InsightsScreen dates and durations in en, hi and he (Hinglish)', () => {
  it.each([
    ['en', '10 Mar 2026 to 31 Mar 2026', '1.5 hrs', '2.5 mins'],
    ['hi', '10 मार्च 2026 से 31 मार्च 2026', '1.5 घं॰', '2.5 मि॰'],
    ['he', '10 Mar 2026 se 31 Mar 2026', '1.5 hrs', '2.5 mins'],
  ] as const)('shows a custom period, watch time and totals in the mapped locale (%s)', async (locale: Locale, range, hours, minutes) => {
    server.use(
      http.get('/staff/api/v1/insights/reels', ({ request }) => {
        const q = new URL(request.url).searchParams;
        return HttpResponse.json(reels(q.get('from')!, q.get('to')!));
      }),
      http.get('/staff/api/v1/insights/funnel', ({ request }) => {
        const q = new URL(request.url).searchParams;
        return HttpResponse.json(funnel(q.get('from')!, q.get('to')!, q.get('by') as 'campaign' | 'partner'));
      }),
      http.get('/staff/api/v1/insights/sessions', ({ request }) => {
        const q = new URL(request.url).searchParams;
        return HttpResponse.json(sessions(q.get('from')!, q.get('to')!));
      }),
    );
    const m = MESSAGES[locale].insights;
    const { user } = renderWithApp(<InsightsScreen roles={[{ role: 'STAFF', topicId: null }]} />, { locale });
    await user.click(await screen.findByRole('button', { name: m.period.custom }));
    const from = screen.getByLabelText(m.period.from);
    const to = screen.getByLabelText(m.period.to);
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: m.period.apply }));
    await screen.findByText(range);
    await screen.findByText('1,50,000');
    screen.getByText(hours);
    // Time per session, in minutes of the interface language.
    const sessionsRegion = await screen.findByRole('region', { name: m.sessions.title });
    await within(sessionsRegion).findByText(minutes);
    expect(document.body.textContent).not.toMatch(HEBREW_OR_BIDI);
  });
});
