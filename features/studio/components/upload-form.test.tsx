import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { STUDIO_IDS } from '@/tests/fixtures/studio';
import type { RoleGrant } from '@/lib/auth/principal';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { EMPTY_DRAFT, useStudioDraftStore } from '../store';
import { UploadForm } from './upload-form';

/**
 * The upload form against a tus server played by MSW, with the real
 * tus-js-client (studio-screen.test.tsx fakes it): the server keeps the
 * user's unfinished uploads as server/uploads.ts does (at most 3, a 4th
 * creation is 429 `upload_limit`, a DELETE frees one), so the tests see what
 * the uploader sees. Cancel terminates the upload and its slot is free at
 * once; Pause and leaving the page keep it (it resumes).
 */

// The browser's build of tus-js-client (XMLHttpRequest, Blob, localStorage), as a bundler picks it by the
// package's `browser` field; Vitest's resolver would pick the Node build (http, streams) even under happy-dom.
// (`as string`: the build's path has no declaration file of its own; the package's types describe it.)
vi.mock('tus-js-client', async () => (await import('tus-js-client/lib.esm/browser/index.js' as string)) as typeof import('tus-js-client'));

const TUS = '/uploader/api/v1/upload/';
const { user: USER_ID, topic: T1, category: C1, option: O1 } = STUDIO_IDS;
const creator = { userId: USER_ID, roles: [{ role: 'CREATOR', topicId: T1 }] as RoleGrant[] };
const UPLOAD_LIMIT_MESSAGE = 'You can have at most 3 unfinished uploads at a time. Finish or cancel one to start another.';

/** A tus server with the per-user limit; PATCHes never finish (the upload stays in progress). */
function serveTus(opts: { alreadyOpen: number; deleteStatus?: number }) {
  const open = new Set<string>(Array.from({ length: opts.alreadyOpen }, (_, i) => `older${i}`));
  const log: string[] = [];
  let next = 0;
  server.use(
    http.get('/uploader-read/api/v3/topics', () => HttpResponse.json({ topics: [{ id: T1, name: 'Solar basics' }] })),
    http.get(`/uploader-read/api/v1/${T1}/category`, () => HttpResponse.json({ categories: [{ id: C1, name: 'Panels' }] })),
    http.get(`/uploader-read/api/v1/${T1}/${C1}/options`, () => HttpResponse.json({ options: [{ id: O1, name: 'Mono PERC' }] })),
    http.get('/uploader/api/v1/upload/guide_video', () => HttpResponse.json({ topic_id: T1, content_id: null })),
    http.post(TUS, ({ request }) => {
      log.push('POST');
      if (request.headers.get('tus-resumable') !== '1.0.0') return apiError(400, 'bad_request', 'Tus-Resumable');
      if (open.size >= 3) return apiError(429, 'upload_limit', UPLOAD_LIMIT_MESSAGE);
      const id = `up${(next += 1)}`;
      open.add(id);
      return new HttpResponse(null, { status: 201, headers: { Location: `${TUS}${id}`, 'Tus-Resumable': '1.0.0' } });
    }),
    http.patch(`${TUS}:id`, async ({ params }) => {
      log.push(`PATCH ${String(params.id)}`);
      await delay('infinite');
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${TUS}:id`, ({ params, request }) => {
      log.push(`DELETE ${String(params.id)}`);
      if (request.headers.get('tus-resumable') !== '1.0.0') return apiError(400, 'bad_request', 'Tus-Resumable');
      if (opts.deleteStatus === 403) return apiError(403, 'origin_not_allowed', 'Requests from this origin are not allowed.');
      if (opts.deleteStatus === 404) return apiError(404, 'not_found', 'No upload has this id.');
      if (!open.delete(String(params.id))) return apiError(404, 'not_found', 'No upload has this id.');
      return new HttpResponse(null, { status: 204, headers: { 'Tus-Resumable': '1.0.0' } });
    }),
  );
  return { open, log };
}

beforeEach(() => {
  useStudioDraftStore.setState({ draft: { ...EMPTY_DRAFT, topicId: T1, categoryId: C1, optionId: O1 }, guideSeen: [], pendingFile: null });
});

async function startUpload(user: ReturnType<typeof renderWithApp>['user'], name = 'clip.mp4', label = en.studio.upload.file, start = en.studio.upload.start) {
  await user.upload(screen.getByLabelText(label), new File(['0123456789'], name, { type: 'video/mp4', lastModified: 1 }));
  await user.click(screen.getByRole('button', { name: start }));
}

describe('UploadForm: cancel', () => {
  it('terminates the upload on the server (DELETE of its URL), so the next upload gets the freed slot', async () => {
    const tus = serveTus({ alreadyOpen: 2 });
    const { user } = renderWithApp(<UploadForm viewer={creator} />);
    await startUpload(user);
    await waitFor(() => expect(tus.log).toContain('PATCH up1'));
    expect(tus.open.size).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(tus.log).toContain('DELETE up1'));
    expect(tus.open.has('up1')).toBe(false);
    expect(screen.getByRole('status', { name: 'Upload status' }).textContent).toBe('Upload cancelled.');
    expect(useStudioDraftStore.getState().pendingFile).toBeNull();
    // Nothing left to resume: tus-js-client forgot the upload's URL.
    expect(Object.keys(window.localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);

    // The freed slot takes the next upload (a 4th open upload would be refused).
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(tus.log).toContain('PATCH up2'));
    expect(tus.log.filter((l) => l === 'POST')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a paused upload is terminated by Cancel too; Pause alone keeps it on the server', async () => {
    const tus = serveTus({ alreadyOpen: 0 });
    const { user } = renderWithApp(<UploadForm viewer={creator} />);
    await startUpload(user);
    await waitFor(() => expect(tus.log).toContain('PATCH up1'));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    screen.getByRole('button', { name: 'Resume' });
    // Give a wrongly sent DELETE the time to arrive.
    await new Promise((r) => setTimeout(r, 50));
    expect(tus.log.some((l) => l.startsWith('DELETE'))).toBe(false);
    expect(tus.open.has('up1')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(tus.open.has('up1')).toBe(false));
    expect(tus.log.filter((l) => l.startsWith('DELETE'))).toEqual(['DELETE up1']);
  });

  it('says so when the server refused the termination; an upload the server no longer holds counts as cancelled', async () => {
    const refused = serveTus({ alreadyOpen: 0, deleteStatus: 403 });
    const first = renderWithApp(<UploadForm viewer={creator} />);
    await startUpload(first.user);
    await waitFor(() => expect(refused.log).toContain('PATCH up1'));
    await first.user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.studio.upload.cancelFailed);
    first.unmount();

    server.resetHandlers();
    const gone = serveTus({ alreadyOpen: 0, deleteStatus: 404 });
    const second = renderWithApp(<UploadForm viewer={creator} />);
    await startUpload(second.user, 'other.mp4');
    await waitFor(() => expect(gone.log).toContain('PATCH up1'));
    await second.user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(gone.log).toContain('DELETE up1'));
    // Let the 404 reach the form before asserting that it did not turn into an error.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('status', { name: 'Upload status' }).textContent).toBe('Upload cancelled.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaving the page keeps the upload on the server to resume later (no DELETE)', async () => {
    const tus = serveTus({ alreadyOpen: 0 });
    const { user, unmount } = renderWithApp(<UploadForm viewer={creator} />);
    await startUpload(user);
    await waitFor(() => expect(tus.log).toContain('PATCH up1'));
    unmount();
    await new Promise((r) => setTimeout(r, 50));
    expect(tus.log.some((l) => l.startsWith('DELETE'))).toBe(false);
    expect(tus.open.has('up1')).toBe(true);
    expect(useStudioDraftStore.getState().pendingFile).toEqual({ name: 'clip.mp4', size: 10 });
  });
});

describe('UploadForm: upload_limit', () => {
  it('shows the translated refusal beside the Upload button when the server refuses the creation', async () => {
    const tus = serveTus({ alreadyOpen: 3 });
    const { user } = renderWithApp(<UploadForm viewer={creator} />);
    await startUpload(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en.errors.upload_limit);
    const button = screen.getByRole('button', { name: 'Upload' });
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);
    // Right after the button, not at the bottom of the form.
    expect(button.nextElementSibling).toBe(alert);
    // Refused creations are not retried.
    expect(tus.log).toEqual(['POST']);
  });

  it('in Hindi', async () => {
    serveTus({ alreadyOpen: 3 });
    const { user } = renderWithApp(<UploadForm viewer={creator} />, { locale: 'hi' });
    await startUpload(user, 'clip.mp4', hi.studio.upload.file, hi.studio.upload.start);
    expect((await screen.findByRole('alert')).textContent).toBe(hi.errors.upload_limit);
  });
});
