import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/client';
import type { ReelFailure } from '@/lib/media/failure-reason';

/**
 * The browser side of the studio API (docs/api/studio.md): my uploads, the
 * review queue and its count, review moves, and the read side's taxonomy
 * for the post draft. Plain `apiFetch` with local types, so the studio's
 * pages do not pull zod or the server's routers into their bundle.
 */

/** Review states of SPEC.md section 3; `All` is the list filter only. */
export const REVIEW_FILTERS = ['Pending', 'Approved', 'Rejected', 'All'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export type ReviewStatus = Exclude<ReviewFilter, 'All'>;

/** A reel as GET /uploader/api/v1/video lists it. */
export interface StudioReel {
  id: string;
  description: string;
  option_id: string;
  option_name: string;
  category_id: string;
  category_name: string;
  topic_id: string;
  topic_name: string;
  user_id: string | null;
  /** Processing state: `processing` (transcoding), `ready` or `failed`. */
  status: string;
  /** When `status` is failed: why, as a code (`studio.failure.<code>`), with the limit for video_too_long; else null. */
  failure?: StudioReelFailure | null;
  /** When failed for a reason written for the uploader: the server's English sentence; else null. */
  failure_reason?: string | null;
  review_status: ReviewStatus;
  review_reason: string | null;
  is_tldr: boolean;
  duration_s: number | null;
  created_at: string;
  poster?: string | null;
  /** Signed media URLs once the reel is ready, else null. */
  media?: StudioMedia | null;
}

/** Why a reel failed, the server's own type (type only: nothing of the server reaches the bundle); unknown reasons are `processing_failed`. */
export type StudioReelFailure = ReelFailure;

/** Signed media URLs of a ready reel (origin-relative `/media/<token>/<id>/...`). */
export interface StudioMedia {
  poster: string;
  thumbnail: string;
  master: string;
  r360: string;
  r240: string;
}

export interface ReelPage {
  items: StudioReel[];
  total: number;
  page: number;
  page_size: number;
}

export interface NamedRow { id: string; name: string }

/** Query keys of the studio feature. */
export const studioKeys = {
  all: ['studio'] as const,
  videos: (scope: 'mine' | 'review', status: ReviewFilter, page: number) => ['studio', 'video', scope, status, page] as const,
  reviewCount: ['studio', 'review-count'] as const,
  topics: ['studio', 'topics'] as const,
  categories: (topicId: string) => ['studio', 'categories', topicId] as const,
  options: (topicId: string, categoryId: string) => ['studio', 'options', topicId, categoryId] as const,
  guide: (topicId: string) => ['studio', 'guide', topicId] as const,
};

async function getJson<T>(path: string): Promise<T> {
  return (await (await apiFetch(path)).json()) as T;
}

/**
 * GET /uploader/api/v1/video: one page (10 reels, newest first) of my uploads
 * (`mine`) or of my review queue (`review`), filtered by review state.
 * @param page 1-based.
 * @throws HttpError 401 `login_required`.
 */
export function getVideos(scope: 'mine' | 'review', status: ReviewFilter, page: number): Promise<ReelPage> {
  const q = new URLSearchParams({ scope, status, page: String(page) });
  return getJson<ReelPage>(`/uploader/api/v1/video?${q.toString()}`);
}

/** How often a list holding a reel still processing is fetched again, ms: the transcode of a 90 s video takes about a minute. */
export const PROCESSING_REFETCH_MS = 15_000;

/**
 * A page of reels under studioKeys.videos; the previous page stays shown
 * while the next loads. While a reel of the page is processing, the page is
 * fetched again every PROCESSING_REFETCH_MS, so it turns ready or failed
 * without a reload.
 */
export function useVideos(scope: 'mine' | 'review', status: ReviewFilter, page: number, enabled = true) {
  return useQuery(queryOptions({
    queryKey: studioKeys.videos(scope, status, page),
    queryFn: () => getVideos(scope, status, page),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'processing') ? PROCESSING_REFETCH_MS : false),
    enabled,
  }));
}

/** GET /uploader/api/v1/content_count/review: Pending reels in my review queue. */
export function useReviewCount(enabled = true) {
  return useQuery({
    queryKey: studioKeys.reviewCount,
    queryFn: () => getJson<{ pending: number }>('/uploader/api/v1/content_count/review'),
    enabled,
  });
}

/**
 * POST /uploader/api/v1/content/status: approve, reject or take down a reel.
 * `reason` is 3..500 characters and required for Rejected.
 * @throws HttpError 403 `forbidden`, 404, 409 `not_ready`, 422 `validation_failed`.
 */
export async function setContentStatus(body: { content_id: string; status: 'Approved' | 'Rejected'; reason?: string }): Promise<unknown> {
  const res = await apiFetch('/uploader/api/v1/content/status', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/**
 * Applies one review move to several reels, one request each (the API has
 * no bulk move); resolves when all are done, rejecting with the first error.
 */
export async function setContentStatusMany(ids: string[], status: 'Approved' | 'Rejected', reason?: string): Promise<void> {
  const results = await Promise.allSettled(ids.map((content_id) => setContentStatus({ content_id, status, ...(reason ? { reason } : {}) })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Review moves; on success the lists and the queue's count are fetched again. */
export function useReviewMove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status, reason }: { ids: string[]; status: 'Approved' | 'Rejected'; reason?: string }) =>
      setContentStatusMany(ids, status, reason),
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** GET /uploader-read/api/v3/topics: every topic (id, name). */
export function useTopics() {
  return useQuery({
    queryKey: studioKeys.topics,
    queryFn: async () => (await getJson<{ topics: NamedRow[] }>('/uploader-read/api/v3/topics')).topics,
    staleTime: 5 * 60_000,
  });
}

/** GET /uploader-read/api/v1/{topicId}/category: the categories of a topic. */
export function useCategories(topicId: string) {
  return useQuery({
    queryKey: studioKeys.categories(topicId),
    queryFn: async () => (await getJson<{ categories: NamedRow[] }>(`/uploader-read/api/v1/${encodeURIComponent(topicId)}/category`)).categories,
    enabled: topicId !== '',
  });
}

/** GET /uploader-read/api/v1/{topicId}/{categoryId}/options: the options of a category. */
export function useOptions(topicId: string, categoryId: string) {
  return useQuery({
    queryKey: studioKeys.options(topicId, categoryId),
    queryFn: async () =>
      (await getJson<{ options: NamedRow[] }>(`/uploader-read/api/v1/${encodeURIComponent(topicId)}/${encodeURIComponent(categoryId)}/options`)).options,
    enabled: topicId !== '' && categoryId !== '',
  });
}

/** GET /uploader/api/v1/upload/guide_video?topic_id=: the topic's guide reel id, or null. */
export function useGuideVideo(topicId: string) {
  return useQuery({
    queryKey: studioKeys.guide(topicId),
    queryFn: async () =>
      (await getJson<{ topic_id: string; content_id: string | null }>(`/uploader/api/v1/upload/guide_video?topic_id=${encodeURIComponent(topicId)}`)).content_id,
    enabled: topicId !== '',
  });
}

/** The fields of my reel I may change; only those present are sent. */
export interface ReelEdit {
  description?: string;
  option_id?: string;
  is_tldr?: boolean;
}

/**
 * PATCH /uploader/api/v1/content/{id}: the uploader's edit of their reel.
 * An edit of a Rejected reel sends it back to Pending (`resubmitted: true`).
 * @throws HttpError 403 `forbidden` (an option in a topic where I may not upload), 404, 422 `validation_failed`.
 */
export async function editReel(id: string, body: ReelEdit): Promise<{ reel: StudioReel; resubmitted: boolean }> {
  const res = await apiFetch(`/uploader/api/v1/content/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { reel: StudioReel; resubmitted: boolean };
}

/** The uploader's edit of a reel; on success the studio's lists are fetched again. */
export function useEditReel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReelEdit }) => editReel(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}
