import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { feedItem, feedResponse } from '@/tests/fixtures/feed';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import { reelsKeys } from '../api/feed';
import { feedListFromPage } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { LAYOUT, LAYOUT_PRESETS, addContentHref, layoutPreset, type LayoutPresetName } from '../lib/layout-presets';
import { ReelsFeed } from './reels-feed';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/reels',
}));
// The player itself is not under test here: a slide's <video> needs media support jsdom lacks.
// Nor the media preloads (jsdom would fetch them from a server that is not there).
vi.mock(import('../lib/first-media'), () => ({ firstMediaRequests: () => [] }));
vi.mock(import('./load-hls'), async (importOriginal) => ({ ...(await importOriginal()), loadHls: () => new Promise(() => undefined) }));

const TOPIC = '2d9e3c4f-5a6b-4c7d-8e8f-9a0b1c2d3e4f';
const item = feedItem({ topic_pic: '/media/taxonomy/t/pic.webp' });

/** The feed as the page hands it over (the query cache filled, as HydrationBoundary does). */
function renderFeed(layout: LayoutPresetName, extra: Partial<Parameters<typeof ReelsFeed>[0]> = {}) {
  const params: FeedListParams = { filter: { topic_id: TOPIC }, startPage: 1 };
  const queryClient = testQueryClient();
  queryClient.setQueryData(reelsKeys.list(params), feedListFromPage(feedResponse([item, feedItem({ id: 'b0a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d' })])));
  return renderWithApp(
    <ReelsFeed params={params} urlFilter={{}} filterLabel="How the subsidy is paid" layout={layout} chatEvery={1} {...extra} />,
    { queryClient },
  );
}

/** The absolute URL jsdom gives a link's href. */
const abs = (path: string) => new URL(path, window.location.href).href;

const stage = () => screen.getByTestId('reel-player').parentElement as HTMLElement;
const activeReel = () => screen.getAllByTestId('reel').find((r) => r.dataset.active === 'true') as HTMLElement;

describe('layout presets: the table', () => {
  it('has the seven presets of SPEC.md section 2, and an unknown name is the default', () => {
    expect([...LAYOUT_PRESETS]).toEqual(['default', 'preview', 'close-button', 'no-explore', 'add-content', 'partner', 'reward']);
    expect(layoutPreset('nonsense')).toBe(LAYOUT.default);
    expect(layoutPreset(undefined)).toBe(LAYOUT.default);
    expect(layoutPreset('add-content')).toBe(LAYOUT['add-content']);
  });

  it('links the add-content tap into the studio upload form with the reel\'s filing', () => {
    expect(addContentHref({ topic: 't1', category: 'c1', option: 'o1' })).toBe('/studio?section=upload&topic_id=t1&category_id=c1&option_id=o1');
    expect(addContentHref({ topic: 't1' })).toBe('/studio?section=upload&topic_id=t1');
  });
});

describe('ReelsFeed in each layout preset', () => {
  it('default: the full header, likes and share, the tab bar, chips that open feeds, the stack opens the option\'s feed', () => {
    renderFeed('default');
    expect(stage().dataset.layout).toBe('default');
    expect(stage().dataset.tabbar).toBeUndefined();
    screen.getByRole('link', { name: 'TLDR: topic summaries' });
    const reel = within(activeReel());
    reel.getByRole('button', { name: 'Like' });
    expect(reel.getByRole('link', { name: 'Videos of PM Surya Ghar' })).toHaveProperty('href', abs(`/reels?option_id=${item.option}`));
    expect(reel.getByRole('link', { name: /Subsidy/ })).toHaveProperty('href', abs(`/reels?category_id=${item.category}`));
    // A muted reel's tap turns the sound on first.
    reel.getByRole('button', { name: 'Unmute' });
  });

  it('add-content: no tab bar, close and "Add a reel" in the header, only the stack in the sidebar, which opens the upload form filed under the reel', () => {
    renderFeed('add-content', { closeHref: '/studio', chatEvery: 0 });
    expect(stage().dataset.tabbar).toBe('hidden');
    expect(screen.getByTestId('feed-close')).toHaveProperty('href', abs('/studio'));
    expect(screen.getByRole('link', { name: 'Add a reel' })).toHaveProperty('href', abs(`/studio?section=upload&topic_id=${TOPIC}`));
    expect(screen.queryByRole('link', { name: 'TLDR: topic summaries' })).toBeNull();
    const reel = within(activeReel());
    expect(reel.queryByRole('button', { name: 'Like' })).toBeNull();
    expect(reel.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(reel.getByRole('link', { name: 'Add a reel to PM Surya Ghar' }))
      .toHaveProperty('href', abs(`/studio?section=upload&topic_id=${item.topic}&category_id=${item.category}&option_id=${item.option}`));
    // Chips name the filing but do not lead out of the studio's view.
    expect(reel.getByText('Subsidy').closest('a')).toBeNull();
  });

  it('preview: no sidebar, and a tap on the video opens the reel\'s page', () => {
    renderFeed('preview');
    const reel = within(activeReel());
    expect(reel.queryByTestId('profile-stack')).toBeNull();
    expect(reel.queryByRole('button', { name: 'Like' })).toBeNull();
    expect(reel.getByRole('link', { name: 'Open this video' })).toHaveProperty('href', abs(`/content/${item.id}`));
    expect(reel.queryByTestId('reel-toggle')).toBeNull();
  });

  it('no-explore: likes stay, but chips and the stack lead nowhere else and the end has no TLDR link', () => {
    renderFeed('no-explore');
    expect(stage().dataset.tabbar).toBe('hidden');
    const reel = within(activeReel());
    reel.getByRole('button', { name: 'Like' });
    expect(reel.getByTestId('profile-stack').tagName).toBe('SPAN');
    expect(reel.getByText('PM Surya Ghar').closest('a')).toBeNull();
  });

  it('partner: the partner\'s name in the header, its call to action in the footer and on the stack', () => {
    renderFeed('partner', { partnerName: 'Sun Partners', cta: { label: 'Get a quote', href: '/callback' } });
    screen.getByRole('heading', { name: 'Sun Partners' });
    const reel = within(activeReel());
    expect(reel.getByTestId('feed-cta')).toHaveProperty('href', abs('/callback'));
    expect(reel.getAllByRole('link', { name: 'Get a quote' })).toHaveLength(2);
    expect(reel.getByTestId('profile-stack')).toHaveProperty('href', abs('/callback'));
  });

  it('close-button: a close button back to the given page, the filter chip still clears the filter', () => {
    renderFeed('close-button', { closeHref: '/explore' });
    expect(screen.getByTestId('feed-close')).toHaveProperty('href', abs('/explore'));
    expect(screen.getByRole('link', { name: /Clear the filter/ })).toHaveProperty('href', abs('/reels'));
  });
});
