import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { studioReel } from '@/tests/fixtures/studio';
import type { StudioMedia, StudioReel } from '../api/studio';
import { MyUploads } from './my-uploads';
import { ReviewQueue } from './review-queue';

const hls = vi.hoisted(() => ({ instances: [] as Array<{ loadSource: ReturnType<typeof vi.fn>; attachMedia: ReturnType<typeof vi.fn> }>, supported: true }));
vi.mock('hls.js', () => ({
  default: class {
    static Events = { ERROR: 'hlsError' };
    static isSupported() { return hls.supported; }
    loadSource = vi.fn();
    attachMedia = vi.fn();
    on = vi.fn();
    destroy = vi.fn();
    constructor() { hls.instances.push(this); }
  },
}));

const TOKEN = '1800000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function media(id: string): StudioMedia {
  const base = `/media/${TOKEN}/${id}`;
  return { master: `${base}/master.m3u8`, r360: `${base}/360/index.m3u8`, r240: `${base}/240/index.m3u8`, thumbnail: `${base}/thumb.jpg`, poster: `${base}/poster.jpg` };
}

/** A reviewer's view: someone else's reel. */
const reel = (over: Partial<StudioReel>) => studioReel({ user_id: 'someone', ...over });

function serve(items: StudioReel[]) {
  server.use(
    http.get('/uploader/api/v1/video', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const page = items.filter((r) => status === 'All' || r.review_status === status);
      return HttpResponse.json({ items: page, total: page.length, page: 1, page_size: 10 });
    }),
    http.get('/uploader/api/v1/content_count/review', () => HttpResponse.json({ pending: 1 })),
  );
}

afterEach(() => {
  hls.instances.length = 0;
  vi.restoreAllMocks();
});

describe('the studio inline player', () => {
  it('Play on a ready Pending reel in the review queue opens a video with the poster, playing the master with hls.js', async () => {
    serve([reel({ id: 'p1', media: media('p1') }), reel({ id: 'p2', description: 'Still processing', status: 'processing' })]);
    const { user } = renderWithApp(<ReviewQueue />);
    const ready = (await screen.findByText('Rooftop panels')).closest('li')!;
    const processing = screen.getByText('Still processing').closest('li')!;
    expect(within(processing).queryByRole('button', { name: 'Play' })).toBeNull();
    expect(screen.queryByTestId('studio-player')).toBeNull();
    expect(hls.instances).toEqual([]);

    await user.click(within(ready).getByRole('button', { name: 'Play' }));
    const video = within(ready).getByTestId<HTMLVideoElement>('studio-player');
    expect(video.getAttribute('poster')).toBe(media('p1').poster);
    expect(video.controls).toBe(true);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0].loadSource).toHaveBeenCalledWith(media('p1').master);
    expect(hls.instances[0].attachMedia).toHaveBeenCalledWith(video);
    // a Pending reel has no content page to link to
    expect(within(ready).queryByRole('link')).toBeNull();

    await user.click(within(ready).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByTestId('studio-player')).toBeNull();
  });

  it('uses the browser\'s own HLS where it has it: the video src is the master', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    serve([reel({ id: 'm1', user_id: 'me', review_status: 'Approved', media: media('m1') })]);
    const { user } = renderWithApp(<MyUploads />);
    const row = (await screen.findByText('Rooftop panels')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Play' }));
    const video = within(row).getByTestId<HTMLVideoElement>('studio-player');
    await waitFor(() => expect(video.getAttribute('src')).toBe(media('m1').master));
    expect(video.getAttribute('poster')).toBe(media('m1').poster);
    expect(hls.instances).toEqual([]);
  });

  it('an Approved reel in the review queue keeps its link to the content page beside Play', async () => {
    serve([reel({ id: 'a1', review_status: 'Approved', media: media('a1') })]);
    renderWithApp(<ReviewQueue />);
    const row = (await screen.findByText('Rooftop panels')).closest('li')!;
    expect(within(row).getByRole('link', { name: 'Play video' }).getAttribute('href')).toBe('/content/a1');
    within(row).getByRole('button', { name: 'Play' });
  });
});
