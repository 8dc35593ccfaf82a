import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { feedItem, feedResponse } from '@/tests/fixtures/feed';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import { reelsKeys } from '@/features/reels/api/feed';
import { feedListFromPage } from '@/features/reels/lib/feed-list';
import type { FeedListParams } from '@/features/reels/lib/filter';
import type { PartnerPublic } from '@/features/partners/schemas';
import { PartnerFeed } from './partner-feed';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/reels',
}));
vi.mock(import('@/features/reels/lib/first-media'), () => ({ firstMediaRequests: () => [] }));
vi.mock(import('@/features/reels/components/load-hls'), async (importOriginal) => ({
  ...(await importOriginal()), loadHls: () => new Promise(() => undefined),
}));
const tracked = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock(import('@/lib/analytics/event-client'), async (importOriginal) => ({
  ...(await importOriginal()), track: (type, payload) => { tracked.push([type, payload]); return null; },
}));
const partnerSet = vi.hoisted(() => [] as Array<string | null>);
vi.mock(import('@/lib/analytics/attribution'), async (importOriginal) => ({
  ...(await importOriginal()), setPartner: (id: string | null) => { partnerSet.push(id); },
}));

/**
 * A partner's feed (docs/decisions/013-partners.md): the partner layout with
 * its name and logo, its call to action opening its form in a sheet
 * (validated like the API, sent once, the thank-you line; a failure tracked
 * as PARTNER_CONTACT_FAILED), the webadbased banner, the awardbased CTA.
 */
const PARTNER: PartnerPublic = {
  id: 'sun-partners', name: 'Sun Partners', ctaText: 'Talk to Sun', button_text: 'Free quote',
  formDetails: { heading: 'Get your free quote', fields: ['name', 'phone'], thank_you: 'Thanks! Sun Partners will call you.' },
  ui_config: null,
  button_configs: { image_url: null, offer_text: '10% off rooftop solar', quick_offer_text: null, show_button: true, unskippable_videos: 0 },
  logo_url: '/media/taxonomy/0123456789abcdef0123456789abcdef/pic.webp', guide_content_id: null,
};

function renderPartner(p: PartnerPublic = PARTNER) {
  const params: FeedListParams = { filter: { partner_id: p.id }, startPage: 1 };
  const queryClient = testQueryClient();
  queryClient.setQueryData(reelsKeys.list(params), feedListFromPage(feedResponse([feedItem()])));
  return renderWithApp(<PartnerFeed partner={p} params={params} urlFilter={{}} />, { queryClient });
}
const activeReel = () => screen.getAllByTestId('reel').find((r) => r.dataset.active === 'true') as HTMLElement;

describe('PartnerFeed', () => {
  it('shows the partner layout: name and logo in the header, its CTA in the footer; remembers the partner', () => {
    renderPartner();
    screen.getByRole('heading', { name: 'Sun Partners' });
    expect(screen.getByTestId('partner-logo').getAttribute('src')).toBe(PARTNER.logo_url);
    expect(within(activeReel()).getByTestId('feed-cta').textContent).toBe('Free quote');
    expect(screen.queryByTestId('partner-banner')).toBeNull();
    expect(partnerSet).toContain('sun-partners');
  });

  it('the CTA opens the form in a sheet with only the asked fields; a bad phone is refused before sending; a good form is sent once', async () => {
    const bodies: unknown[] = [];
    server.use(http.post('/partner/api/v1/form/sun-partners', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ id: 'd1a2', created_at: '2026-01-01T00:00:00Z', thank_you: 'Thanks! Sun Partners will call you.' }, { status: 201 });
    }));
    renderPartner();
    fireEvent.click(within(activeReel()).getByTestId('feed-cta'));
    const form = await screen.findByTestId('partner-form');
    screen.getByRole('dialog', { name: 'Get your free quote' });
    within(form).getByLabelText('Name');
    within(form).getByLabelText('Mobile number');
    expect(within(form).queryByLabelText('Email')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Asha Verma' } });
    fireEvent.change(within(form).getByLabelText('Mobile number'), { target: { value: '12345' } });
    fireEvent.click(within(form).getByTestId('partner-form-submit'));
    await within(form).findByText('Please enter valid Mobile Number');
    expect(bodies).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Mobile number'), { target: { value: '98123 45678' } });
    fireEvent.click(within(form).getByTestId('partner-form-submit'));
    expect((await screen.findByTestId('partner-form-done')).textContent).toContain('Thanks! Sun Partners will call you.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ name: 'Asha Verma', phone: '+919812345678' });
    expect((bodies[0] as { idempotency_key: string }).idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a failed send shows an error and is tracked as PARTNER_CONTACT_FAILED', async () => {
    server.use(http.post('/partner/api/v1/form/sun-partners', () => apiError(500, 'internal_error', 'boom')));
    tracked.length = 0;
    renderPartner();
    fireEvent.click(within(activeReel()).getByTestId('feed-cta'));
    const form = await screen.findByTestId('partner-form');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Asha Verma' } });
    fireEvent.change(within(form).getByLabelText('Mobile number'), { target: { value: '9812345678' } });
    fireEvent.click(within(form).getByTestId('partner-form-submit'));
    await within(form).findByText('Something went Wrong. Please try again Later.');
    await waitFor(() => expect(tracked.map(([type]) => type)).toContain('PARTNER_CONTACT_FAILED'));
    expect(tracked.find(([type]) => type === 'PARTNER_CONTACT_FAILED')?.[1]).toMatchObject({ partner_id: 'sun-partners' });
  });

  it('webadbased: the offer banner is always on screen and opens the form; awardbased: the CTA leads to the rewards', async () => {
    const { unmount } = renderPartner({ ...PARTNER, ui_config: 'webadbased' });
    const banner = screen.getByTestId('partner-banner');
    expect(banner.textContent).toContain('10% off rooftop solar');
    fireEvent.click(within(banner).getByTestId('partner-banner-cta'));
    await screen.findByTestId('partner-form');
    unmount();
    renderPartner({ ...PARTNER, ui_config: 'awardbased' });
    expect(within(activeReel()).getByTestId('feed-cta').getAttribute('href')).toBe('/rewards');
  });

  it('show_button false: no CTA at all', () => {
    renderPartner({ ...PARTNER, button_configs: { ...PARTNER.button_configs, show_button: false } });
    expect(within(activeReel()).queryByTestId('feed-cta')).toBeNull();
  });
});
