import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { feedItem, feedResponse } from '@/tests/fixtures/feed';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { reelsKeys } from '../api/feed';
import { feedListFromPage } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { useFeedStore } from '../store';
import { ReelsFeed } from './reels-feed';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/reels',
}));
// The player itself is not under test: a slide's <video> needs media support the test DOM lacks.
vi.mock(import('../lib/first-media'), () => ({ firstMediaRequests: () => [] }));
vi.mock(import('./load-hls'), async (importOriginal) => ({ ...(await importOriginal()), loadHls: () => new Promise(() => undefined) }));

const A = feedItem({ id: 'a1a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });
const B = feedItem({ id: 'b1a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });

/** The feed with a modal (the shared Dialog, as Sheet and the popups use it) that a button opens. */
function FeedWithModal({ params }: { params: FeedListParams }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ReelsFeed params={params} urlFilter={{}} />
      {open ? (
        <Dialog onClose={() => setOpen(false)} described={false} overlayClassName="" className="">
          <DialogTitle>Share this video</DialogTitle>
          <button type="button" onClick={() => setOpen(false)}>Close</button>
        </Dialog>
      ) : null}
    </>
  );
}

const activeId = () => screen.getAllByTestId('reel').find((r) => r.dataset.active === 'true')?.dataset.contentId;

describe('feed keys while a modal is open', () => {
  it('leaves ArrowDown, M and Space to the modal, and takes them again once it has closed', () => {
    useFeedStore.setState({ activeIndex: 0, activeId: null, feedKey: null });
    const params: FeedListParams = { filter: {}, startPage: 1 };
    const queryClient = testQueryClient();
    queryClient.setQueryData(reelsKeys.list(params), feedListFromPage(feedResponse([A, B])));
    renderWithApp(<FeedWithModal params={params} />, { queryClient });
    screen.getByRole('dialog', { name: 'Share this video' });
    const { mute } = useFeedStore.getState();

    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'm' });
    expect(activeId()).toBe(A.id);
    expect(useFeedStore.getState().mute).toBe(mute);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(activeId()).toBe(B.id);
  });
});
