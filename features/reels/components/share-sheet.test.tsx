import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { track } from '@/lib/analytics/event-client';
import { attribution } from '@/lib/analytics/attribution';
import { ShareButton, shareLink, telegramHref, whatsAppHref } from './share-sheet';

vi.mock('@/lib/analytics/event-client', async (original) => ({
  ...(await original<typeof import('@/lib/analytics/event-client')>()),
  track: vi.fn(() => null),
}));
vi.mock('@/lib/analytics/attribution', async (original) => ({
  ...(await original<typeof import('@/lib/analytics/attribution')>()),
  attribution: vi.fn(() => ({ campaign_key: null, partner_id: null, referrer_code: null })),
}));

const ORIGIN = window.location.origin;

describe('shareLink', () => {
  it('is /share/<slug> with UTM source, medium and campaign, the referral code and a valid campaign code', () => {
    expect(shareLink('https://s.example', 'a1b2c3d4e5', { channel: 'whatsapp', ref: 'ASHA42', campaign: 'awa' }))
      .toBe('https://s.example/share/a1b2c3d4e5?ref=ASHA42&utm_source=whatsapp&utm_medium=share&utm_campaign=reel&campaign=awa');
  });

  it('leaves out a missing or malformed referral code and a campaign code that does not count', () => {
    expect(shareLink('https://s.example', 'a1b2c3d4e5', { channel: 'copy', ref: null, campaign: 'xyz' }))
      .toBe('https://s.example/share/a1b2c3d4e5?utm_source=copy&utm_medium=share&utm_campaign=reel');
    expect(shareLink('https://s.example', 'a1b2c3d4e5', { channel: 'telegram', ref: 'a b&c=d' }))
      .toBe('https://s.example/share/a1b2c3d4e5?utm_source=telegram&utm_medium=share&utm_campaign=reel');
  });

  it('makes WhatsApp and Telegram links that carry the text and the link', () => {
    const url = 'https://s.example/share/x?utm_source=whatsapp&utm_medium=share';
    expect(decodeURIComponent(whatsAppHref('Watch', url).split('text=')[1])).toBe(`Watch ${url}`);
    const tg = new URL(telegramHref('Watch', url));
    expect([tg.origin + tg.pathname, tg.searchParams.get('url'), tg.searchParams.get('text')])
      .toEqual(['https://t.me/share/url', url, 'Watch']);
  });
});

describe('ShareButton', () => {
  let warmed: string[];
  beforeEach(() => {
    warmed = [];
    server.use(http.post('/api/reel/:id', ({ params }) => {
      warmed.push(String(params.id));
      return HttpResponse.json({ ok: true });
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(track).mockClear();
  });

  const button = 'round';

  it("puts a signed-in sharer's referral code and campaign in every channel's link, and records SHARE with the channel", async () => {
    vi.mocked(attribution).mockReturnValue({ campaign_key: 'con', partner_id: null, referrer_code: null });
    server.use(http.get('/referral/api/v1/get_profile', () => HttpResponse.json({ code: 'ASHA42' })));
    const item = feedItem({ id: '5e1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', share_slug: '0a1b2c3d4e' });
    const { user } = renderWithApp(<ShareButton item={item} label="Share" className={button} />);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.create(window.navigator, { clipboard: { value: { writeText } }, share: { value: undefined } }));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this video' });
    const q = 'ref=ASHA42&utm_source=SRC&utm_medium=share&utm_campaign=reel&campaign=con';
    const link = (src: string) => `${ORIGIN}/share/0a1b2c3d4e?${q.replace('SRC', src)}`;
    expect(within(sheet).getByRole<HTMLInputElement>('textbox', { name: 'Link to this video' }).value).toBe(link('copy'));
    const wa = within(sheet).getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(wa.getAttribute('href')!)).toContain(link('whatsapp'));
    const tg = new URL(within(sheet).getByRole('link', { name: 'Share on Telegram' }).getAttribute('href')!);
    expect(tg.searchParams.get('url')).toBe(link('telegram'));
    expect(warmed).toEqual([item.id]);

    wa.addEventListener('click', (e) => e.preventDefault());
    await user.click(wa);
    await user.click(within(sheet).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link('copy')));
    const ids = { content_id: item.id, topic_id: item.topic, category_id: item.category, option_id: item.option };
    expect(vi.mocked(track).mock.calls).toEqual([['SHARE', { ...ids, channel: 'whatsapp' }], ['SHARE', { ...ids, channel: 'copy' }]]);
  });

  it('shares without a referral code for a visitor, by the Web Share API where there is one', async () => {
    vi.mocked(attribution).mockReturnValue({ campaign_key: null, partner_id: null, referrer_code: null });
    server.use(http.get('/referral/api/v1/get_profile', () => apiError(401, 'login_required', 'Please sign in.')));
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator), { share }));
    const item = feedItem({ id: '6e1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', share_slug: '1a1b2c3d4e' });
    const { user } = renderWithApp(<ShareButton item={item} label="Share" className={button} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({
      url: `${ORIGIN}/share/1a1b2c3d4e?utm_source=native&utm_medium=share&utm_campaign=reel`,
    }));
    expect(vi.mocked(track)).toHaveBeenCalledWith('SHARE', expect.objectContaining({ content_id: item.id, channel: 'native' }));
    expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull();
  });

  it('records nothing when the person dismisses the system share sheet', async () => {
    server.use(http.get('/referral/api/v1/get_profile', () => apiError(401, 'login_required', 'Please sign in.')));
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator), { share }));
    const item = feedItem({ id: '7e1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b' });
    const { user } = renderWithApp(<ShareButton item={item} label="Share" className={button} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(vi.mocked(track)).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull();
  });
});
