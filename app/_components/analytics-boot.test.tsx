import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';

interface Push { event_type: string; payload: { utm_data?: Record<string, string>; partner_id?: string | null; metadata?: Record<string, unknown> } }

function recordPushes(): Push[] {
  const seen: Push[] = [];
  server.use(
    http.post('/auth/api/v1/events', async ({ request }) => {
      seen.push((await request.json()) as Push);
      return HttpResponse.json({ ok: true }, { status: 202 });
    }),
    // The tab's session pings (features/events/api/session-events.ts) go their own way.
    http.post('/auth/api/v1/session_event', () => HttpResponse.json({ ok: true }, { status: 202 })),
  );
  return seen;
}

/** A fresh page load: new module instances (the boot runs once per load). */
async function bootAt(url: string) {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  const { AnalyticsBoot } = await import('./analytics-boot');
  return render(<AnalyticsBoot />);
}

describe('AnalyticsBoot', () => {
  it('a landing with UTM, campaign and partner sends one PAGE_VISIT carrying them', async () => {
    const seen = recordPushes();
    await bootAt('/reels?utm_source=wa&utm_campaign=diwali&c=con&partner=acme-solar&ref=R1');
    await waitFor(() => expect(seen).toHaveLength(1), { timeout: 3000 });
    expect(seen[0]).toMatchObject({
      event_type: 'PAGE_VISIT',
      payload: {
        utm_data: { utm_source: 'wa', utm_campaign: 'diwali' }, partner_id: 'acme-solar',
        metadata: { campaign_key: 'con', referrer_code: 'R1', path: '/reels' },
      },
    });
  });

  it('a /share link is a visit even without parameters; an organic landing is not', async () => {
    const seen = recordPushes();
    await bootAt('/reels');
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual([]);
    await bootAt('/share/solar-basics');
    await waitFor(() => expect(seen).toHaveLength(1), { timeout: 3000 });
    expect(seen[0]).toMatchObject({ event_type: 'PAGE_VISIT', payload: { metadata: { path: '/share/solar-basics' } } });
  });
});
