import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { STUDIO_IDS, studioReel } from '@/tests/fixtures/studio';
import type { RoleGrant } from '@/lib/auth/principal';
import type { StudioReel } from '../api/studio';
import { DRAFT_STORAGE_KEY, EMPTY_DRAFT, useStudioDraftStore } from '../store';
import { MyUploads } from './my-uploads';
import { ReviewQueue } from './review-queue';
import { StudioScreen } from './studio-screen';
import { TOO_LARGE_MESSAGE, UploadForm } from './upload-form';

interface FakeOptions {
  metadata: Record<string, string>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: (p: { lastResponse: { getHeader(name: string): string | undefined } }) => void;
  onError: (e: Error) => void;
}
const tus = vi.hoisted(() => ({ uploads: [] as { file: File; options: unknown; start: () => void; abort: () => Promise<void> }[] }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    start = vi.fn();
    abort = vi.fn(() => Promise.resolve());
    constructor(public file: File, public options: unknown) { tus.uploads.push(this); }
    findPreviousUploads() { return Promise.resolve([]); }
    resumeFromPreviousUpload() {}
  },
}));

const { user: USER_ID, topic: T1, category: C1, option: O1 } = STUDIO_IDS;
const creator = { userId: USER_ID, roles: [{ role: 'CREATOR', topicId: T1 }] as RoleGrant[] };
const curator = { userId: USER_ID, roles: [{ role: 'CURATOR', topicId: T1 }] as RoleGrant[] };

const reel = studioReel;

function serveTaxonomy() {
  server.use(
    http.get('/uploader-read/api/v3/topics', () => HttpResponse.json({ topics: [{ id: T1, name: 'Solar basics' }, { id: 'other', name: 'Not mine' }] })),
    http.get(`/uploader-read/api/v1/${T1}/category`, () => HttpResponse.json({ categories: [{ id: C1, name: 'Panels' }] })),
    http.get(`/uploader-read/api/v1/${T1}/${C1}/options`, () => HttpResponse.json({ options: [{ id: O1, name: 'Mono PERC' }] })),
    http.get('/uploader/api/v1/upload/guide_video', () => HttpResponse.json({ topic_id: T1, content_id: null })),
  );
}

beforeEach(() => {
  tus.uploads.length = 0;
  useStudioDraftStore.setState({ draft: EMPTY_DRAFT, guideSeen: [], pendingFile: null });
});

describe('MyUploads', () => {
  it('asks GET /uploader/api/v1/video for the status of the chosen tab and shows a Rejected reel with its reason', async () => {
    const asked: string[] = [];
    server.use(http.get('/uploader/api/v1/video', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(`${q.get('scope')}:${q.get('status')}:${q.get('page')}`);
      const items = q.get('status') === 'Rejected'
        ? [reel({ id: 'r9', review_status: 'Rejected', review_reason: 'The audio is too quiet' })]
        : [reel({})];
      return HttpResponse.json({ items, total: 1, page: 1, page_size: 10 });
    }));
    const { user } = renderWithApp(<MyUploads />);
    await screen.findByText('Rooftop panels');
    expect(asked).toEqual(['mine:All:1']);

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await screen.findByText('Reason: The audio is too quiet');
    expect(asked).toContain('mine:Rejected:1');
    expect(screen.getByRole('tab', { name: 'Rejected' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await waitFor(() => expect(asked).toContain('mine:Approved:1'));
  });
});

describe('UploadForm', () => {
  it('keeps the draft in localStorage, so a reload (remount) shows it again', async () => {
    serveTaxonomy();
    const first = renderWithApp(<UploadForm viewer={creator} />);
    const topic = await screen.findByRole('combobox', { name: 'Topic' });
    await waitFor(() => expect(within(topic).queryByRole('option', { name: 'Solar basics' })).toBeTruthy());
    // a topic where the viewer holds no upload role is not offered
    expect(within(topic).queryByRole('option', { name: 'Not mine' })).toBeNull();
    await first.user.selectOptions(topic, T1);
    await first.user.type(screen.getByRole('textbox', { name: 'Description' }), 'Net metering explained');
    await first.user.click(screen.getByRole('checkbox', { name: 'This is a TLDR video' }));
    first.unmount();

    const stored = window.localStorage.getItem(DRAFT_STORAGE_KEY);
    expect(stored).toContain('Net metering explained');
    // a reload: memory is gone, only localStorage remains (the reset above writes through, so put the saved copy back)
    useStudioDraftStore.setState({ draft: EMPTY_DRAFT });
    window.localStorage.setItem(DRAFT_STORAGE_KEY, stored!);
    await act(() => useStudioDraftStore.persist.rehydrate());

    renderWithApp(<UploadForm viewer={creator} />);
    expect((await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Description' })).value).toBe('Net metering explained');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'This is a TLDR video' }).checked).toBe(true);
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Topic' }).value).toBe(T1));
  });

  it('after a reload mid-upload, asks for the same file again to resume', async () => {
    serveTaxonomy();
    useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1, categoryId: C1, optionId: O1 } });
    const first = renderWithApp(<UploadForm viewer={creator} />);
    await first.user.upload(screen.getByLabelText('Video file (up to 200 MB)'), new File(['video'], 'rooftop.mp4', { type: 'video/mp4' }));
    await first.user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    first.unmount();
    expect(tus.uploads[0].abort).toHaveBeenCalled();

    const stored = window.localStorage.getItem(DRAFT_STORAGE_KEY)!;
    useStudioDraftStore.setState({ draft: EMPTY_DRAFT, pendingFile: null });
    window.localStorage.setItem(DRAFT_STORAGE_KEY, stored);
    await act(() => useStudioDraftStore.persist.rehydrate());

    const { user } = renderWithApp(<UploadForm viewer={creator} />);
    await screen.findByText(/The upload of rooftop.mp4 was interrupted/);
    await user.upload(screen.getByLabelText('Video file (up to 200 MB)'), new File(['video'], 'rooftop.mp4', { type: 'video/mp4' }));
    expect(screen.queryByText(/was interrupted/)).toBeNull();
  });

  it('refuses a 201 MB file before sending, with the exact message', async () => {
    serveTaxonomy();
    const { user } = renderWithApp(<UploadForm viewer={creator} />);
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 201 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Video file (up to 200 MB)'), big);
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_LARGE_MESSAGE);
    expect(TOO_LARGE_MESSAGE).toBe('Oops! It seems like your video file is too large for upload(Max Limit 200MB).');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' }).disabled).toBe(true);
    expect(tus.uploads).toHaveLength(0);
  });

  it('uploads over tus with the draft as metadata, shows progress, pauses and resumes, and ends waiting for review', async () => {
    serveTaxonomy();
    const onUploaded = vi.fn();
    const { user } = renderWithApp(<UploadForm viewer={creator} onUploaded={onUploaded} />);
    const topic = await screen.findByRole('combobox', { name: 'Topic' });
    await waitFor(() => expect(within(topic).queryByRole('option', { name: 'Solar basics' })).toBeTruthy());
    await user.selectOptions(topic, T1);
    const category = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(within(category).queryByRole('option', { name: 'Panels' })).toBeTruthy());
    await user.selectOptions(category, C1);
    const option = screen.getByRole('combobox', { name: 'Option' });
    await waitFor(() => expect(within(option).queryByRole('option', { name: 'Mono PERC' })).toBeTruthy());
    await user.selectOptions(option, O1);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Panels');
    await user.upload(screen.getByLabelText('Video file (up to 200 MB)'), new File(['video'], 'clip.mp4', { type: 'video/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    const up = tus.uploads[0];
    const opts = up.options as FakeOptions;
    expect(opts.metadata).toEqual({ option_id: O1, description: 'Panels', lang: 'en', is_tldr: 'false' });

    act(() => opts.onProgress(0, 100));
    act(() => opts.onProgress(50, 100));
    expect(screen.getByRole('status', { name: 'Upload status' }).textContent).toMatch(/^50% uploaded · [\d.]+ MB\/s · /);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(up.abort).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(up.start).toHaveBeenCalledTimes(2);

    act(() => opts.onSuccess({ lastResponse: { getHeader: (n) => (n === 'Upload-Content-Id' ? 'new-reel' : undefined) } }));
    // the caller was told; it shows the notice (the form's status is left empty)
    expect(onUploaded).toHaveBeenCalledWith('new-reel');
    expect(screen.getByRole('status', { name: 'Upload status' }).textContent).toBe('');
    expect(useStudioDraftStore.getState().draft).toEqual(EMPTY_DRAFT);
  });

  it('shows the API refusal when the upload fails', async () => {
    serveTaxonomy();
    useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1, categoryId: C1, optionId: O1 } });
    const { user } = renderWithApp(<UploadForm viewer={creator} />);
    await user.upload(screen.getByLabelText('Video file (up to 200 MB)'), new File(['video'], 'clip.mp4', { type: 'video/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    const err = Object.assign(new Error('tus: failed'), {
      originalResponse: { getBody: () => JSON.stringify({ error: { code: 'forbidden', message: 'Sorry. You are not authorized for this action!' } }) },
    });
    act(() => (tus.uploads[0].options as FakeOptions).onError(err));
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry. You are not authorized for this action!');
  });
});

describe('ReviewQueue', () => {
  function serveQueue() {
    let pending = [reel({ id: 'p1', description: 'First clip', user_id: 'someone' }), reel({ id: 'p2', description: 'Second clip', user_id: 'someone' })];
    const moves: unknown[] = [];
    server.use(
      http.get('/uploader/api/v1/video', ({ request }) => {
        const q = new URL(request.url).searchParams;
        const items = q.get('status') === 'Pending' ? pending : [];
        return HttpResponse.json({ items, total: items.length, page: 1, page_size: 10 });
      }),
      http.get('/uploader/api/v1/content_count/review', () => HttpResponse.json({ pending: pending.length })),
      http.post('/uploader/api/v1/content/status', async ({ request }) => {
        const body = (await request.json()) as { content_id: string; status: string };
        moves.push(body);
        pending = pending.filter((r) => r.id !== body.content_id);
        return HttpResponse.json({ reel: {}, changed: true });
      }),
    );
    return moves;
  }

  it('approving removes the reel and updates the count', async () => {
    const moves = serveQueue();
    const { user } = renderWithApp(<ReviewQueue />);
    await screen.findByText('2 pending');
    const first = (await screen.findByText('First clip')).closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByText('First clip')).toBeNull());
    await screen.findByText('1 pending');
    expect(moves).toEqual([{ content_id: 'p1', status: 'Approved' }]);
  });

  it('rejecting needs a reason of at least 3 characters, then sends it', async () => {
    const moves = serveQueue();
    const { user } = renderWithApp(<ReviewQueue />);
    const first = (await screen.findByText('First clip')).closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Reject' }));
    await user.click(within(first).getByRole('button', { name: 'Reject' }));
    expect(within(first).getByRole('alert').textContent).toBe('Please write a reason (3 to 500 characters).');
    expect(moves).toEqual([]);
    await user.type(within(first).getByRole('textbox', { name: 'Reason for rejecting' }), 'Blurry');
    await user.click(within(first).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(moves).toEqual([{ content_id: 'p1', status: 'Rejected', reason: 'Blurry' }]));
  });

  it('shows why a move was refused', async () => {
    serveQueue();
    server.use(http.post('/uploader/api/v1/content/status', () =>
      HttpResponse.json({ error: { code: 'not_ready', message: 'This video is still processing.' } }, { status: 409 })));
    const { user } = renderWithApp(<ReviewQueue />);
    const first = (await screen.findByText('First clip')).closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This video is still processing.');
    screen.getByText('First clip');
  });

  it('takes down an Approved reel only with a reason', async () => {
    const moves: unknown[] = [];
    server.use(
      http.get('/uploader/api/v1/video', ({ request }) => {
        const items = new URL(request.url).searchParams.get('status') === 'Approved' ? [reel({ id: 'a1', description: 'Live clip', review_status: 'Approved' })] : [];
        return HttpResponse.json({ items, total: items.length, page: 1, page_size: 10 });
      }),
      http.get('/uploader/api/v1/content_count/review', () => HttpResponse.json({ pending: 0 })),
      http.post('/uploader/api/v1/content/status', async ({ request }) => {
        moves.push(await request.json());
        return HttpResponse.json({ reel: {}, changed: true });
      }),
    );
    const { user } = renderWithApp(<ReviewQueue />);
    const item = (await screen.findByText('Live clip')).closest('li')!;
    expect(within(item).getByRole('link', { name: 'Play video' }).getAttribute('href')).toBe('/content/a1');
    await user.click(within(item).getByRole('button', { name: 'Take down' }));
    await user.type(within(item).getByRole('textbox', { name: 'Reason for taking down' }), 'ok');
    await user.click(within(item).getByRole('button', { name: 'Take down' }));
    expect(within(item).getByRole('alert').textContent).toBe('Please write a reason (3 to 500 characters).');
    expect(moves).toEqual([]);
    await user.type(within(item).getByRole('textbox', { name: 'Reason for taking down' }), ' - wrong subsidy amount');
    await user.click(within(item).getByRole('button', { name: 'Take down' }));
    await waitFor(() => expect(moves).toEqual([{ content_id: 'a1', status: 'Rejected', reason: 'ok - wrong subsidy amount' }]));
  });

  it('approves a selection of reels at once', async () => {
    const moves = serveQueue();
    const { user } = renderWithApp(<ReviewQueue />);
    await screen.findByText('First clip');
    for (const box of screen.getAllByRole('checkbox', { name: 'Select' })) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Approve 2 selected' }));
    await waitFor(() => screen.getByText('Nothing waiting for review.'));
    expect(moves).toHaveLength(2);
  });
});

describe('StudioScreen', () => {
  it('a creator sees uploads but not the review section', async () => {
    server.use(http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 10 })));
    renderWithApp(<StudioScreen viewer={creator} />);
    screen.getByRole('button', { name: 'My uploads' });
    screen.getByRole('button', { name: 'Upload' });
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Topics' })).toBeNull();
    await screen.findByText('No videos here yet.');
  });

  it('after an upload, says it waits for review and lists the new reel as Pending in My uploads', async () => {
    serveTaxonomy();
    let mine: StudioReel[] = [];
    server.use(http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: mine, total: mine.length, page: 1, page_size: 10 })));
    useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1, categoryId: C1, optionId: O1, description: 'Fresh clip' } });
    const { user } = renderWithApp(<StudioScreen viewer={creator} />);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.upload(screen.getByLabelText('Video file (up to 200 MB)'), new File(['video'], 'clip.mp4', { type: 'video/mp4' }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    mine = [reel({ id: 'new-reel', description: 'Fresh clip', review_status: 'Pending' })];
    act(() => (tus.uploads[0].options as FakeOptions).onSuccess({ lastResponse: { getHeader: () => 'new-reel' } }));
    // the screen's notice, once (the hidden form, kept mounted, leaves it to the screen)
    await waitFor(() => expect(screen.getAllByText('Uploaded — waiting for review')).toHaveLength(1));
    const item = (await screen.findByText('Fresh clip')).closest('li')!;
    within(item).getByText('Pending');
  });

  it('a look at My uploads does not stop a running upload', async () => {
    serveTaxonomy();
    server.use(http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 10 })));
    useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1, categoryId: C1, optionId: O1 } });
    const { user } = renderWithApp(<StudioScreen viewer={creator} />);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.upload(screen.getByLabelText('Video file (up to 200 MB)'), new File(['video'], 'clip.mp4', { type: 'video/mp4' }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(tus.uploads[0]?.start).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'My uploads' }));
    await screen.findByText('No videos here yet.');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(tus.uploads[0].abort).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Pause' });
  });

  it('shows the topic\'s guide video before the first upload to it', async () => {
    serveTaxonomy();
    server.use(http.get('/uploader/api/v1/upload/guide_video', () => HttpResponse.json({ topic_id: T1, content_id: 'guide-1' })));
    useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1 } });
    renderWithApp(<UploadForm viewer={creator} />);
    expect((await screen.findByRole('link', { name: 'Watch the guide' })).getAttribute('href')).toBe('/content/guide-1');
  });

  it('opens the upload form filed where the add-content view pointed, with a link back to the topic\'s reels', async () => {
    serveTaxonomy();
    renderWithApp(<StudioScreen viewer={creator} start={{ section: 'upload', topicId: T1, categoryId: C1, optionId: O1 }} />);
    const sections = within(screen.getByRole('navigation'));
    expect(sections.getByRole('button', { name: 'Upload' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Option' }).value).toBe(O1));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Topic' }).value).toBe(T1);
    expect(useStudioDraftStore.getState().draft).toMatchObject({ topicId: T1, categoryId: C1, optionId: O1 });
    expect(screen.getByTestId('topic-reels-link').getAttribute('href')).toBe(`/studio/topic/${T1}`);
  });

  it('keeps the draft of an unfinished upload over the start, and ignores a start in a topic the viewer may not upload to', () => {
    const other = '44444444-4444-4444-8444-444444444444';
    serveTaxonomy();
    useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1, description: 'half sent' }, pendingFile: { name: 'a.mp4', size: 10 } });
    const first = renderWithApp(<StudioScreen viewer={creator} start={{ section: 'upload', topicId: T1, categoryId: C1, optionId: O1 }} />);
    expect(useStudioDraftStore.getState().draft).toMatchObject({ topicId: T1, categoryId: '', description: 'half sent' });
    first.unmount();

    useStudioDraftStore.setState({ draft: EMPTY_DRAFT, pendingFile: null });
    server.use(http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 10 })));
    renderWithApp(<StudioScreen viewer={creator} start={{ section: 'upload', topicId: other, categoryId: '', optionId: '' }} />);
    expect(screen.getByRole('button', { name: 'My uploads' }).getAttribute('aria-current')).toBe('page');
    expect(useStudioDraftStore.getState().draft.topicId).toBe('');
  });

  it('a user without a role gets a message and no sections', () => {
    renderWithApp(<StudioScreen viewer={{ userId: USER_ID, roles: [] }} />);
    screen.getByText(/for creators and curators/);
    expect(screen.queryByRole('button', { name: 'Topics' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('a curator sees the review and topics sections', async () => {
    server.use(http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 10 })));
    renderWithApp(<StudioScreen viewer={curator} />);
    screen.getByRole('button', { name: 'Review' });
    screen.getByRole('button', { name: 'Topics' });
    expect(screen.queryByRole('link', { name: 'Partners' })).toBeNull();
    await screen.findByText('No videos here yet.');
  });

  it('an admin also gets the link to partner management', async () => {
    server.use(http.get('/uploader/api/v1/video', () => HttpResponse.json({ items: [], total: 0, page: 1, page_size: 10 })));
    renderWithApp(<StudioScreen viewer={{ userId: USER_ID, roles: [{ role: 'ADMIN', topicId: null }] }} />);
    expect(screen.getByRole('link', { name: 'Partners' }).getAttribute('href')).toBe('/studio/partners');
    await screen.findByText('No videos here yet.');
  });
});
