import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { apiClient } from '@/lib/http/client';
import type { ReadSideTaxonomyApp } from '@/lib/contracts/read-side-taxonomy';
import type { ReelFailure } from '@/lib/media/failure-reason';
import type { studioRoutes } from '../server/routes';

/**
 * The browser side of the studio API (docs/api/studio.md): my uploads, the
 * review queue and its count, review moves, the uploader's edit, and the
 * read side's taxonomy for the post draft. The studio's own calls and their
 * answer types come from its router through Hono's `hc` (type imports only:
 * nothing of the server reaches the bundle); the read side is another
 * feature's, read through the contract both keep
 * (lib/contracts/read-side-taxonomy.ts). Per call: a fetcher, its query
 * options where it is read, a hook (CONVENTIONS.md "Client").
 */

/** The studio endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof studioRoutes>>();
const uploader = api.uploader.api.v1;
/** The read side's taxonomy (the reels feature's), typed by the contract its router keeps. */
const readSide = apiClient<ReadSideTaxonomyApp>()['uploader-read'].api;

/** Review states of SPEC.md section 3; `All` is the list filter only. */
export const REVIEW_FILTERS = ['Pending', 'Approved', 'Rejected', 'All'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export type ReviewStatus = Exclude<ReviewFilter, 'All'>;

/** One page (10, newest first) of GET /uploader/api/v1/video. */
export type ReelPage = InferResponseType<typeof uploader.video.$get>;
/**
 * A reel as GET /uploader/api/v1/video lists it: its taxonomy, `status`
 * (processing, ready or failed), its review state, and once ready its signed
 * media; when failed, why (`failure`, and `failure_reason` when written for the uploader).
 */
export type StudioReel = ReelPage['items'][number];
/** Signed media URLs of a ready reel (origin-relative `/media/<token>/<id>/...`). */
export type StudioMedia = NonNullable<StudioReel['media']>;
/** Why a reel failed, the server's own type; unknown reasons are `processing_failed`. */
export type StudioReelFailure = ReelFailure;
/** The fields of my reel I may change; only those present are sent. */
export type ReelEdit = InferRequestType<(typeof uploader.content)[':id']['$patch']>['json'];


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

/** Path parameters are encoded here: `hc` puts them into the path as given. */
const enc = encodeURIComponent;

/**
 * GET /uploader/api/v1/video: one page (10 reels, newest first) of my uploads
 * (`mine`) or of my review queue (`review`), filtered by review state.
 * @param page 1-based.
 * @throws HttpError 401 `login_required`.
 */
export async function getVideos(scope: 'mine' | 'review', status: ReviewFilter, page: number): Promise<ReelPage> {
  return (await uploader.video.$get({ query: { scope, status, page: String(page) } })).json();
}

/** How often a list holding a reel still processing is fetched again, ms: the transcode of a 90 s video takes about a minute. */
export const PROCESSING_REFETCH_MS = 15_000;

/**
 * A page of reels under studioKeys.videos; the previous page stays shown
 * while the next loads. While a reel of the page is processing, the page is
 * fetched again every PROCESSING_REFETCH_MS, so it turns ready or failed
 * without a reload.
 */
export function videosQueryOptions(scope: 'mine' | 'review', status: ReviewFilter, page: number) {
  return queryOptions({
    queryKey: studioKeys.videos(scope, status, page),
    queryFn: () => getVideos(scope, status, page),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'processing') ? PROCESSING_REFETCH_MS : false),
  });
}

/** My uploads or my review queue, a page at a time (videosQueryOptions). */
export function useVideos(scope: 'mine' | 'review', status: ReviewFilter, page: number, enabled = true) {
  return useQuery({ ...videosQueryOptions(scope, status, page), enabled });
}

/** GET /uploader/api/v1/content_count/review: Pending reels in my review queue. */
export async function getReviewCount() {
  return (await uploader.content_count.review.$get({ query: {} })).json();
}

/** GET /uploader/api/v1/content_count/review: Pending reels in my review queue. */
export function useReviewCount(enabled = true) {
  return useQuery({ ...reviewCountQueryOptions(), enabled });
}

/** The review queue's count under studioKeys.reviewCount. */
export function reviewCountQueryOptions() {
  return queryOptions({ queryKey: studioKeys.reviewCount, queryFn: getReviewCount });
}

/**
 * POST /uploader/api/v1/content/status: approve, reject or take down a reel.
 * `reason` is 3..500 characters and required for Rejected.
 * @throws HttpError 403 `forbidden`, 404, 409 `not_ready`, 422 `validation_failed`.
 */
export async function setContentStatus(body: { content_id: string; status: 'Approved' | 'Rejected'; reason?: string }) {
  return (await uploader.content.status.$post({ json: body })).json();
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

/** GET /uploader-read/api/v3/topics: every topic (id, name in the asker's language). @throws HttpError. */
export async function getTopics() {
  return (await (await readSide.v3.topics.$get({ query: {} })).json()).topics;
}

/** GET /uploader-read/api/v1/{topicId}/category: the categories of a topic. @throws HttpError 404 `topic_not_found`. */
export async function getCategories(topicId: string) {
  return (await (await readSide.v1[':id'].category.$get({ param: { id: enc(topicId) }, query: {} })).json()).categories;
}

/**
 * GET /uploader-read/api/v1/{topicId}/{categoryId}/options: the options of a category.
 * @throws HttpError 404 `topic_not_found` / `category_not_found`.
 */
export async function getOptions(topicId: string, categoryId: string) {
  const answer = await readSide.v1[':topicId'][':categoryId'].options.$get({ param: { topicId: enc(topicId), categoryId: enc(categoryId) }, query: {} });
  return (await answer.json()).options;
}

/** GET /uploader-read/api/v3/topics: every topic (id, name). */
export function useTopics() {
  return useQuery(topicsQueryOptions());
}

/** Every topic, five minutes fresh (topics change rarely). */
export function topicsQueryOptions() {
  return queryOptions({
    queryKey: studioKeys.topics,
    queryFn: getTopics,
    staleTime: 5 * 60_000,
  });
}

/** GET /uploader-read/api/v1/{topicId}/category: the categories of a topic. */
export function useCategories(topicId: string) {
  return useQuery(categoriesQueryOptions(topicId));
}

/** The categories of a topic; disabled without a topic. */
export function categoriesQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: studioKeys.categories(topicId),
    queryFn: () => getCategories(topicId),
    enabled: topicId !== '',
  });
}

/** GET /uploader-read/api/v1/{topicId}/{categoryId}/options: the options of a category. */
export function useOptions(topicId: string, categoryId: string) {
  return useQuery(optionsQueryOptions(topicId, categoryId));
}

/** The options of a category; disabled without a topic and a category. */
export function optionsQueryOptions(topicId: string, categoryId: string) {
  return queryOptions({
    queryKey: studioKeys.options(topicId, categoryId),
    queryFn: () => getOptions(topicId, categoryId),
    enabled: topicId !== '' && categoryId !== '',
  });
}

/** GET /uploader/api/v1/upload/guide_video?topic_id=: the topic's guide reel id, or null. */
export async function getGuideVideo(topicId: string): Promise<string | null> {
  return (await (await uploader.upload.guide_video.$get({ query: { topic_id: topicId } })).json()).content_id;
}

/** GET /uploader/api/v1/upload/guide_video?topic_id=: the topic's guide reel id, or null. */
export function useGuideVideo(topicId: string) {
  return useQuery(guideVideoQueryOptions(topicId));
}

/** A topic's guide reel id; disabled without a topic. */
export function guideVideoQueryOptions(topicId: string) {
  return queryOptions({ queryKey: studioKeys.guide(topicId), queryFn: () => getGuideVideo(topicId), enabled: topicId !== '' });
}

/**
 * PATCH /uploader/api/v1/content/{id}: the uploader's edit of their reel.
 * An edit of a Rejected reel sends it back to Pending (`resubmitted: true`).
 * @throws HttpError 403 `forbidden` (an option in a topic where I may not upload), 404, 422 `validation_failed`.
 */
export async function editReel(id: string, body: ReelEdit) {
  return (await uploader.content[':id'].$patch({ param: { id: enc(id) }, json: body })).json();
}

/** The uploader's edit of a reel; on success the studio's lists are fetched again. */
export function useEditReel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReelEdit }) => editReel(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}
