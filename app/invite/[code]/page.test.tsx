import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { http, HttpResponse } from 'msw';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import type { Locale } from '@/lib/constants';
import { deal } from '@/features/referrals/components/test-data';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import InviteLandingPage, { generateMetadata } from './page';
import InviteNotFound from './not-found';

const MESSAGES = { en, hi, he } as const;
/** The request's interface language (the server translations follow it). */
const request = vi.hoisted(() => ({ locale: 'en' as Locale, cardReads: 0 }));

vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({
    locale: request.locale, messages: MESSAGES[request.locale], namespace: namespace as 'referrals.landing',
  }),
}));
vi.mock('next/navigation', () => ({
  notFound: () => { throw new Error('NEXT_NOT_FOUND'); },
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
}));
vi.mock('@/lib/db/client', () => ({ getDb: async () => ({ db: {} }) }));
// The referrer cards the database holds: ABCD2345 is Asha's; any other code is nobody's (the service's 404).
vi.mock('@/features/referrals/server/profile', async () => {
  const { ApiError: E } = await import('@/lib/http/errors');
  return {
    getUserCardByCode: async (_db: unknown, code: string) => {
      request.cardReads++;
      if (code === 'ABCD2345') return { user_id: 'u1', name: 'Asha', pic: null, level: 'bronze' };
      throw new E(404, 'not_found', 'This user was not found.');
    },
  };
});
// The auth composition is not under test: a visitor.
vi.mock('./invite-landing-for-me', async () => {
  const { InviteLanding } = await import('@/features/referrals/components/invite-landing');
  return {
    InviteLandingForMe: ({ code, urlId }: { code: string; urlId: string | null }) =>
      <InviteLanding code={code} urlId={urlId} signedIn={false} onSignIn={() => undefined} />,
  };
});

const props = (code: string, deal?: string) => ({
  params: Promise.resolve({ code }), searchParams: Promise.resolve(deal ? { deal } : {}),
});

describe('/invite/[code]', () => {
  beforeEach(() => {
    request.locale = 'en';
    request.cardReads = 0;
    server.use(http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal() })));
  });

  it('a known code: the first paint names the referrer (no card fetch in the browser), and so does the title', async () => {
    let fetched = 0;
    server.use(http.get('/referral/api/v1/user_data/code/:code', () => {
      fetched++;
      return HttpResponse.json({ user_id: 'u1', name: 'Someone else', pic: null, level: 'bronze' });
    }));
    renderWithApp(await InviteLandingPage(props('ABCD2345')));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Asha has invited you to get rooftop solar');
    await screen.findByTestId('landing-offer');
    expect(fetched).toBe(0);
    expect(await generateMetadata(props('ABCD2345'))).toEqual({ title: 'Asha has invited you to get rooftop solar' });
  });

  it('a code nobody holds, or one that does not decode, is the 404 page (never "invited")', async () => {
    await expect(InviteLandingPage(props('ZZZZZZZZ'))).rejects.toThrow('NEXT_NOT_FOUND');
    await expect(generateMetadata(props('ZZZZZZZZ'))).rejects.toThrow('NEXT_NOT_FOUND');
    await expect(InviteLandingPage(props('%E0%A4'))).rejects.toThrow('NEXT_NOT_FOUND');
    expect(request.cardReads).toBe(2);
  });

  it('a database failure is not a 404', async () => {
    const profile = await import('@/features/referrals/server/profile');
    vi.spyOn(profile, 'getUserCardByCode').mockRejectedValueOnce(new Error('connection refused'));
    await expect(InviteLandingPage(props('ABCD2345'))).rejects.toThrow('connection refused');
  });

  const NOT_FOUND: Record<Locale, { title: string; feed: string; assistant: string }> = {
    en: { title: 'This invite link doesn’t work', feed: 'Watch solar videos', assistant: 'Ask the AI assistant' },
    hi: { title: 'यह न्योता लिंक काम नहीं कर रहा', feed: 'सोलर वीडियो देखें', assistant: 'AI सहायक से पूछें' },
    he: { title: 'Yeh invite link kaam nahi kar raha', feed: 'Solar videos dekhein', assistant: 'AI assistant se poochein' },
  };
  for (const locale of ['en', 'hi', 'he'] as const) {
    it(`${locale}: the 404 view says the link does not work and offers the feed and the assistant`, async () => {
      request.locale = locale;
      const w = NOT_FOUND[locale];
      renderWithApp(await InviteNotFound(), { locale });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(w.title);
      expect(screen.getByRole('link', { name: w.feed }).getAttribute('href')).toBe('/reels');
      expect(screen.getByRole('link', { name: w.assistant }).getAttribute('href')).toBe('/assistant');
      expect(document.body.textContent).not.toMatch(/invited you|You are invited|न्योता दिया|invite kiya/);
    });
  }
});
