import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useQuery } from '@tanstack/react-query';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { feedItem, feedResponse } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import type { FeedItem, LikeResult } from '../schemas';
import { feedListQueryOptions } from '../api/feed';
import type { FeedListParams } from '../lib/filter';
import { ReelActions } from './reel-actions';

// A share records a SHARE event; the event client's queue is not under test here.
vi.mock('@/lib/analytics/event-client', async (original) => ({
  ...(await original<typeof import('@/lib/analytics/event-client')>()),
  track: vi.fn(() => null),
}));

const PARAMS: FeedListParams = { filter: {}, startPage: 1 };

/**
 * The reel's actions as the feed shows them: the item comes from the feed
 * list in the query cache (loaded through GET /feeds-server/api/v1/feeds),
 * so a like's optimistic change and the server's answer reach the buttons
 * the same way they do in the app.
 */
function FirstReelActions() {
  const { data } = useQuery(feedListQueryOptions(PARAMS));
  const entry = data?.entries[0];
  if (entry?.kind !== 'reel') return null;
  return <ReelActions item={entry.item} params={PARAMS} />;
}

function serveFeed(item: FeedItem) {
  server.use(http.get('/feeds-server/api/v1/feeds', () => HttpResponse.json(feedResponse([item]))));
}

/** A promise the test settles by hand, to look at the screen while a request is still open. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => { open = resolve; });
  return { promise, open };
}

async function renderReel(item: FeedItem) {
  serveFeed(item);
  const view = renderWithApp(<FirstReelActions />);
  await screen.findByRole('button', { name: 'Like' });
  return view;
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });
const likeCount = () => screen.getByTestId('like-count');

describe('ReelActions: like', () => {
  it('shows the liked state and the new count at once, then the count the server answers', async () => {
    const item = feedItem({ like: false, reaction_count: { comment: 0, like: 10, views: 120 } });
    const answer = gate();
    const bodies: unknown[] = [];
    // The typed client sends the route's own spelling, without the SPEC's trailing slash (both answer).
    server.use(http.post('/uploader/api/v1/like', async ({ request }) => {
      bodies.push(await request.json());
      await answer.promise;
      // Others liked meanwhile: the server's count wins over the optimistic one.
      return HttpResponse.json<LikeResult>({ content_id: item.id, like: true, like_count: 42, total_reaction: 37 });
    }));
    const { user } = await renderReel(item);
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeCount().textContent).toBe('10');

    await user.click(likeButton());

    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeCount().textContent).toBe('11');
    screen.getByText('11 likes');
    await waitFor(() => expect(bodies).toEqual([{ content_id: item.id }]));

    answer.open();
    await waitFor(() => expect(likeCount().textContent).toBe('42'));
    screen.getByText('42 likes');
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    { status: 429, code: 'rate_limited', shown: 'Too many tries. Please wait a moment and try again.' },
    { status: 500, code: 'internal_error', shown: 'Something went Wrong. Please try again Later.' },
    // A code the interface has no text for: the like's own failure message.
    { status: 409, code: 'like_conflict', shown: 'Your like could not be saved.' },
  ])('puts the like back and tells the person when the server answers $status $code', async ({ status, code, shown }) => {
    const item = feedItem({ like: false, reaction_count: { comment: 0, like: 10, views: 120 } });
    const answer = gate();
    server.use(http.post('/uploader/api/v1/like', async () => {
      await answer.promise;
      return apiError(status, code, 'server text the person does not see');
    }));
    const { user } = await renderReel(item);

    await user.click(likeButton());
    expect(likeCount().textContent).toBe('11');
    answer.open();

    await screen.findByText(shown);
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeCount().textContent).toBe('10');
    screen.getByText('10 likes');
  });

  it('unlikes a liked reel through POST /uploader/api/v1/unlike', async () => {
    const item = feedItem({ like: true, reaction_count: { comment: 0, like: 10, views: 120 } });
    const bodies: unknown[] = [];
    server.use(http.post('/uploader/api/v1/unlike', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json<LikeResult>({ content_id: item.id, like: false, like_count: 9, total_reaction: 4 });
    }));
    const { user } = await renderReel(item);
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');

    await user.click(likeButton());

    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeCount().textContent).toBe('9');
    await waitFor(() => expect(bodies).toEqual([{ content_id: item.id }]));
    screen.getByText('9 likes');
  });
});

describe('ReelActions: share', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The share's side calls: the preview made ahead (POST /api/reel/{id}), the sharer's code (a visitor: 401). */
  function serveShareCalls() {
    server.use(
      http.post('/api/reel/:id', () => HttpResponse.json({ ok: true })),
      http.get('/referral/api/v1/get_profile', () => apiError(401, 'login_required', 'Please sign in.')),
    );
  }

  it('opens the share sheet with a WhatsApp link and the reel\'s link where the Web Share API is missing', async () => {
    const item = feedItem();
    serveShareCalls();
    const { user } = await renderReel(item);
    expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Share' }));

    const sheet = await screen.findByRole('dialog', { name: 'Share this video' });
    const url = `${window.location.origin}/share/${item.share_slug}?utm_source=copy&utm_medium=share&utm_campaign=reel`;
    expect(within(sheet).getByRole<HTMLInputElement>('textbox', { name: 'Link to this video' }).value).toBe(url);
    const whatsapp = within(sheet).getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain(url.replace('utm_source=copy', 'utm_source=whatsapp'));
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain('Watch this video about rooftop solar:');

    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull());
  });

  it('hands the link to the Web Share API where there is one, without the sheet', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator), { share }));
    const item = feedItem();
    serveShareCalls();
    const { user } = await renderReel(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({
      url: `${window.location.origin}/share/${item.share_slug}?utm_source=native&utm_medium=share&utm_campaign=reel`,
    }));
    expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull();
  });
});
