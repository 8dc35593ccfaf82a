import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { RoleGrant } from '@/lib/auth/principal';
import { PROCESSING_REFETCH_MS, type StudioReel } from '../api/studio';
import { MyUploads } from './my-uploads';

const USER_ID = '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f';
const T1 = '11111111-1111-4111-8111-111111111111';
const C1 = '22222222-2222-4222-8222-222222222222';
const O1 = '33333333-3333-4333-8333-333333333333';
const creator = { userId: USER_ID, roles: [{ role: 'CREATOR', topicId: T1 }] as RoleGrant[] };

function reel(over: Partial<StudioReel>): StudioReel {
  return {
    id: 'r1', description: 'Rooftop panels', option_id: O1, option_name: 'Mono PERC', category_id: C1, category_name: 'Panels',
    topic_id: T1, topic_name: 'Solar basics', user_id: USER_ID, status: 'ready', review_status: 'Pending', review_reason: null,
    is_tldr: false, duration_s: 30, created_at: '2026-11-20T10:00:00Z', media: null, failure: null, failure_reason: null, ...over,
  };
}

function serveTaxonomy() {
  server.use(
    http.get('/uploader-read/api/v3/topics', () => HttpResponse.json({ topics: [{ id: T1, name: 'Solar basics' }] })),
    http.get(`/uploader-read/api/v1/${T1}/category`, () => HttpResponse.json({ categories: [{ id: C1, name: 'Panels' }] })),
    http.get(`/uploader-read/api/v1/${T1}/${C1}/options`, () => HttpResponse.json({ options: [{ id: O1, name: 'Mono PERC' }] })),
  );
}

describe('MyUploads edit', () => {
  it('edits a Rejected reel: the PATCH carries only the changed field, the reel shows Pending and the sent-for-review notice', async () => {
    serveTaxonomy();
    let rejected = reel({ id: 'rj', description: 'Quiet clip', review_status: 'Rejected', review_reason: 'The audio is too quiet' });
    const approved = reel({ id: 'ap', description: 'Approved clip', review_status: 'Approved' });
    const patches: unknown[] = [];
    server.use(
      http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [rejected, approved], total: 2, page: 1, page_size: 10 })),
      http.patch('/uploader/api/v1/content/rj', async ({ request }) => {
        const body = (await request.json()) as { description?: string };
        patches.push(body);
        rejected = { ...rejected, ...body, review_status: 'Pending', review_reason: null };
        return HttpResponse.json({ reel: rejected, resubmitted: true });
      }),
    );
    const { user } = renderWithApp(<MyUploads viewer={creator} />);
    const approvedRow = (await screen.findByText('Approved clip')).closest('li')!;
    expect(within(approvedRow).queryByRole('button', { name: /Edit/ })).toBeNull();

    const row = screen.getByText('Quiet clip').closest('li')!;
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const form = within(row).getByRole('form', { name: 'Edit this video' });
    // the reel's option is shown once the taxonomy has loaded
    await waitFor(() => expect(within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Option' }).value).toBe(O1));
    const text = within(form).getByRole('textbox', { name: 'Description' });
    await user.clear(text);
    await user.type(text, 'Louder clip');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect((await screen.findByText('Sent for review again')).getAttribute('role')).toBe('status');
    expect(patches).toEqual([{ description: 'Louder clip' }]);
    const updated = (await screen.findByText('Louder clip')).closest('li')!;
    within(updated).getByText('Pending');
    expect(screen.queryByRole('form', { name: 'Edit this video' })).toBeNull();
  });

  it('shows the server refusal translated', async () => {
    serveTaxonomy();
    server.use(
      http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [reel({ id: 'p1' })], total: 1, page: 1, page_size: 10 })),
      http.patch('/uploader/api/v1/content/p1', () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'Sorry. You are not authorized for this action!' } }, { status: 403 })),
    );
    const { user } = renderWithApp(<MyUploads viewer={creator} />);
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    await user.click(screen.getByRole('checkbox', { name: 'This is a TLDR video' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry. You are not authorized for this action!');
  });
});

describe('MyUploads processing state', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const list = (items: StudioReel[]) => HttpResponse.json({ items, total: items.length, page: 1, page_size: 10 });
  const row = async (description: string) => (await screen.findByText(description)).closest('li')!;

  it('shows processing and failed reels with why, translated, with the limit; unknown reasons read as the generic failure', async () => {
    server.use(http.get('/uploader/api/v1/video', () => list([
      reel({ id: 'pr', description: 'Still working', status: 'processing' }),
      reel({ id: 'tl', description: 'Too long clip', status: 'failed', failure: { code: 'video_too_long', max_duration_s: 90 },
        failure_reason: 'This video is longer than 90 seconds. Videos can be at most 90 seconds.' }),
      reel({ id: 'ts', description: 'Heavy clip', status: 'failed', failure: { code: 'processing_timeout' } }),
      reel({ id: 'pf', description: 'Broken clip', status: 'failed', failure: { code: 'processing_failed' }, failure_reason: null }),
      // A code a newer server might send, and a failed reel of an older one without `failure`.
      reel({ id: 'nw', description: 'Newer code', status: 'failed', failure: { code: 'gone_wrong' as 'processing_failed' } }),
      reel({ id: 'ol', description: 'Older answer', status: 'failed' }),
      reel({ id: 'ok', description: 'Ready clip' }),
    ])));
    renderWithApp(<MyUploads viewer={creator} />);

    within(await row('Still working')).getByText('Processing…');
    const tooLong = await row('Too long clip');
    within(tooLong).getByText('Processing failed');
    within(tooLong).getByText('This video is longer than 90 seconds, the most a video can be. Trim it and upload it again.');
    within(await row('Heavy clip')).getByText('This video took too long to process. Please upload a shorter or smaller video.');
    for (const d of ['Broken clip', 'Newer code', 'Older answer']) {
      within(await row(d)).getByText('We could not process this video. Please upload it again.');
    }
    const ready = await row('Ready clip');
    expect(within(ready).queryByText('Processing…')).toBeNull();
    expect(within(ready).queryByText('Processing failed')).toBeNull();
    expect(within(ready).queryByText(/could not process/)).toBeNull();
  });

  it('in Hinglish and Hindi', async () => {
    server.use(http.get('/uploader/api/v1/video', () => list([
      reel({ id: 'tl', description: 'Too long clip', status: 'failed', failure: { code: 'video_too_long', max_duration_s: 120 } }),
      reel({ id: 'pr', description: 'Still working', status: 'processing' }),
    ])));
    const he = renderWithApp(<MyUploads viewer={creator} />, { locale: 'he' });
    const heRow = await row('Too long clip');
    within(heRow).getByText('Yeh video 120 seconds se lamba hai, jo video ki maximum limit hai. Ise chhota karke dobara upload karein.');
    within(heRow).getByText('Processing fail ho gayi');
    within(await row('Still working')).getByText('Process ho raha hai…');
    he.unmount();

    renderWithApp(<MyUploads viewer={creator} />, { locale: 'hi' });
    within(await row('Too long clip')).getByText('यह वीडियो 120 सेकंड से लंबा है, जो वीडियो की अधिकतम सीमा है। इसे छोटा करके फिर से अपलोड करें।');
  });

  it('asks again while a reel is processing, so it turns failed (or ready) without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    server.use(http.get('/uploader/api/v1/video', () => {
      asked += 1;
      return list([asked === 1
        ? reel({ id: 'x', description: 'My clip', status: 'processing' })
        : reel({ id: 'x', description: 'My clip', status: 'failed', failure: { code: 'processing_timeout' } })]);
    }));
    renderWithApp(<MyUploads viewer={creator} />);
    within(await row('My clip')).getByText('Processing…');
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_REFETCH_MS + 100));
    await waitFor(() => within(screen.getByText('My clip').closest('li')!).getByText('Processing failed'));
    expect(asked).toBe(2);
    // Nothing processing any more: no further asking.
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_REFETCH_MS * 3));
    expect(asked).toBe(2);
  });
});
