import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { renderWithApp } from '@/tests/fixtures/render';
import { FeedHeader } from './feed-header';

const path = vi.hoisted(() => ({ current: '/share' }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => path.current,
}));

afterEach(() => {
  path.current = '/share';
});

const LANGS = [['en', en], ['hi', hi], ['he', he]] as const;

describe('FeedHeader on a shared link', () => {
  it.each(LANGS)('names the product with its inline icon on /share, not "Videos", in %s', (locale, msgs) => {
    renderWithApp(<FeedHeader urlFilter={{}} feedLang="en" filterLabel={null} />, { locale });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(msgs.app.name);
    expect(heading.getAttribute('data-testid')).toBe('share-brand');
    // Drawn inline: no image to fetch before the first frame.
    expect(heading.querySelector('svg')).not.toBeNull();
    expect(heading.querySelector('img')).toBeNull();
    expect(screen.queryByText(msgs.reels.feedLabel)).toBeNull();
  });

  it('on /share/<slug> of a topic keeps the topic as the heading, with the brand beside it', () => {
    path.current = '/share/abc123';
    renderWithApp(<FeedHeader urlFilter={{}} feedLang="en" filterLabel="Net metering" />);
    expect(screen.getByTestId('share-brand').textContent).toBe(en.app.name);
    expect(screen.getByTestId('share-brand').tagName).toBe('P');
  });

  it('the feed itself keeps its own heading', () => {
    path.current = '/reels';
    renderWithApp(<FeedHeader urlFilter={{}} feedLang="en" filterLabel={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.reels.feedLabel);
    expect(screen.queryByTestId('share-brand')).toBeNull();
  });
});
