import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import type { TldrEntry } from '../schemas';
import { initialFeedState, useFeedStore } from '../store';
import { TldrButton } from './tldr-button';

const SUMMARY = feedItem({ id: '5e0a7b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c', is_tldr: true, duration: 20, topic_name: 'Net metering' });
const TOPIC = SUMMARY.topic;

interface Push { event_type: string; payload: Record<string, unknown> & { metadata?: Record<string, unknown> } }

/** Answers the popup's endpoint with `entry` and the event endpoint as the server does; returns the pushes. */
function serve(entry: TldrEntry): { pushes: Push[]; asked: string[]; langs: (string | null)[] } {
  const pushes: Push[] = [];
  const asked: string[] = [];
  const langs: (string | null)[] = [];
  server.use(
    http.get('/feeds-server/api/v1/popup/tldr/:id', ({ params, request }) => {
      asked.push(String(params.id));
      langs.push(new URL(request.url).searchParams.get('lang'));
      return HttpResponse.json(entry);
    }),
    http.post('/auth/api/v1/events', async ({ request }) => {
      pushes.push((await request.json()) as Push);
      return HttpResponse.json({ ok: true }, { status: 202 });
    }),
  );
  return { pushes, asked, langs };
}

const entryOf = (content = SUMMARY): TldrEntry => ({
  topic_id: TOPIC, topic_name: 'Net metering', topic_slug: 'net-metering', type_tag: 'HOT', topic_pic: null, content,
});

/** Makes the popup's <video> report `at` seconds played of a `duration` s reel, as a playing browser would. */
function playTo(video: HTMLVideoElement, at: number, duration = 20) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: at });
  fireEvent.timeUpdate(video);
}

let paused = true;
beforeEach(() => {
  useFeedStore.setState({ ...initialFeedState, play: true });
  // happy-dom has no Media Source Extensions: it stands for a browser that plays HLS itself (an iPhone).
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  paused = true;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
});

afterEach(() => {
  vi.restoreAllMocks();
  useFeedStore.setState(initialFeedState);
});

async function openPopup(topicId: string | null = TOPIC) {
  const r = renderWithApp(<TldrButton topicId={topicId} label="Topic summaries">TLDR</TldrButton>);
  await r.user.click(screen.getByRole('link', { name: 'Topic summaries' }));
  const dialog = await screen.findByRole('dialog', { name: 'Net metering: the summary' });
  const video = await screen.findByTestId('tldr-popup-video') as HTMLVideoElement;
  return { ...r, dialog, video };
}

describe('TLDR popup', () => {
  it('opens the topic summary as a labelled dialog, pauses the feed and sends CLICK_TLDR', async () => {
    const { pushes, asked } = serve(entryOf());
    const { video } = await openPopup();
    expect(asked).toEqual([TOPIC]);
    expect(useFeedStore.getState().play).toBe(false);
    expect(video.getAttribute('src')).toBe(SUMMARY.pre_signed_url_video);
    await waitFor(() => expect(pushes.some((p) => p.event_type === 'CLICK_TLDR')).toBe(true), { timeout: 3000 });
    expect(pushes.find((p) => p.event_type === 'CLICK_TLDR')).toMatchObject({ payload: { topic_id: TOPIC, metadata: { from: 'topic' } } });
  });

  it('asks for the summary in the interface language', async () => {
    const { langs } = serve(entryOf());
    (await openPopup()).unmount();
    expect(langs).toEqual(['en']);
    const hi = serve(entryOf());
    const r = renderWithApp(<TldrButton topicId={TOPIC} label="TLDR hi">TLDR</TldrButton>, { locale: 'hi' });
    await r.user.click(screen.getByRole('link', { name: 'TLDR hi' }));
    await waitFor(() => expect(hi.langs).toEqual(['hi']));
  });

  it('moves the progress bar with playback and reports 25 and 50 % once each', async () => {
    const { pushes } = serve(entryOf());
    const { video } = await openPopup();
    const bar = screen.getByRole('progressbar', { name: 'Summary progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    playTo(video, 5.2);
    expect(bar.getAttribute('aria-valuenow')).toBe('26');
    playTo(video, 10.4);
    playTo(video, 10.9);
    expect(bar.getAttribute('aria-valuenow')).toBe('55');
    await waitFor(() => expect(pushes.filter((p) => p.event_type === 'TLDR_PROGRESS')).toHaveLength(2), { timeout: 5000 });
    expect(pushes.filter((p) => p.event_type === 'TLDR_PROGRESS').map((p) => p.payload.metadata?.percent)).toEqual([25, 50]);
    expect(pushes.find((p) => p.event_type === 'TLDR_PROGRESS')?.payload.content_id).toBe(SUMMARY.id);
  });

  it('a tap pauses and the next resumes', async () => {
    serve(entryOf());
    const { user } = await openPopup();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(paused).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(paused).toBe(false);
    screen.getByRole('button', { name: 'Pause' });
  });

  it('the close button closes it and the feed plays again', async () => {
    serve(entryOf());
    const { user } = await openPopup();
    await user.click(screen.getByRole('button', { name: 'Close the summary' }));
    await waitFor(() => expect(screen.queryByTestId('tldr-popup')).toBeNull());
    expect(useFeedStore.getState().play).toBe(true);
  });

  it('Escape and a swipe down close it too; a feed paused by the person stays paused', async () => {
    serve(entryOf());
    const first = await openPopup();
    fireEvent.keyDown(first.dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('tldr-popup')).toBeNull());
    expect(useFeedStore.getState().play).toBe(true);

    useFeedStore.setState({ play: false });
    await first.user.click(screen.getByRole('link', { name: 'Topic summaries' }));
    const video = await screen.findByTestId('tldr-popup-video');
    const area = video.parentElement!;
    fireEvent.pointerDown(area, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(area, { clientX: 110, clientY: 260 });
    expect(screen.queryByTestId('tldr-popup')).not.toBeNull();
    fireEvent.pointerDown(area, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(area, { clientX: 110, clientY: 400 });
    await waitFor(() => expect(screen.queryByTestId('tldr-popup')).toBeNull());
    expect(useFeedStore.getState().play).toBe(false);
  });

  it('shows the summary complete at its end, and when the viewer finished it before', async () => {
    serve(entryOf());
    const { video, user } = await openPopup();
    expect(screen.queryByTestId('tldr-popup-complete')).toBeNull();
    playTo(video, 20);
    fireEvent.ended(video);
    expect(screen.getByTestId('tldr-popup-complete').textContent).toBe('Complete');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await user.click(screen.getByRole('button', { name: 'Close the summary' }));
    await waitFor(() => expect(screen.queryByTestId('tldr-popup')).toBeNull());

    server.resetHandlers();
    serve(entryOf({ ...SUMMARY, watched: true, vidWatched: true }));
    await user.click(screen.getByRole('link', { name: 'Topic summaries' }));
    await screen.findByTestId('tldr-popup-complete');
  });

  it('in the main feed it takes the topic of the reel on screen', async () => {
    const { asked } = serve(entryOf());
    const other = feedItem({ id: '6f1b8c2d-3e4f-4a5b-9c6d-8e9f0a1b2c3d', topic: TOPIC });
    useFeedStore.setState({ activeId: other.id });
    const { queryClient } = renderWithApp(<TldrButton topicId={null} label="Topic summaries">TLDR</TldrButton>);
    queryClient.setQueryData(['reels', 'list', 'main'], {
      entries: [{ kind: 'reel', index: 0, serverIndex: 0, item: other }], total: 1, serverTotal: 1, pages: [1],
    });
    fireEvent.click(screen.getByRole('link', { name: 'Topic summaries' }));
    await screen.findByRole('dialog', { name: 'Net metering: the summary' });
    expect(asked).toEqual([TOPIC]);
  });

  it('with no topic known (an empty feed) it is a plain link to /tldr', async () => {
    renderWithApp(<TldrButton topicId={null} label="Topic summaries">TLDR</TldrButton>);
    const link = screen.getByRole('link', { name: 'Topic summaries' });
    expect(link.getAttribute('href')).toBe('/tldr');
    // After React's handlers: did the control keep the navigation for itself? Then stop it (happy-dom has no page to go to).
    let kept: boolean | null = null;
    const record = (e: Event) => {
      kept = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', record);
    fireEvent.click(link);
    document.removeEventListener('click', record);
    expect(kept).toBe(false);
    expect(screen.queryByTestId('tldr-popup')).toBeNull();
  });

  it('keeps its touches and wheel turns from the feed behind it', async () => {
    serve(entryOf());
    const feedTouch = vi.fn();
    const feedWheel = vi.fn();
    const { user } = renderWithApp(
      <div onTouchStart={feedTouch} onWheel={feedWheel}><TldrButton topicId={TOPIC} label="Topic summaries">TLDR</TldrButton></div>,
    );
    await user.click(screen.getByRole('link', { name: 'Topic summaries' }));
    const video = await screen.findByTestId('tldr-popup-video');
    fireEvent.touchStart(video, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.wheel(video, { deltaY: 120 });
    expect(feedTouch).not.toHaveBeenCalled();
    expect(feedWheel).not.toHaveBeenCalled();
    // The button itself is the feed's: a touch there still reaches it (hidden from assistive technology behind the modal).
    const touch = [{ clientX: 10, clientY: 10 }];
    fireEvent.touchStart(screen.getByRole('link', { name: 'Topic summaries', hidden: true }), { touches: touch, changedTouches: touch });
    expect(feedTouch).toHaveBeenCalledTimes(1);
  });
});
