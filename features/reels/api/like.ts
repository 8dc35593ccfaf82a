import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type HttpError } from '@/lib/http/client';
import type { LikeResult } from '../schemas';
import type { reactionRoutes } from '../server/routes';
import { applyLikeResult, setLike, type FeedList } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { reelsKeys } from './feed';

/** The like endpoints, typed by their router. */
const api = apiClient<typeof reactionRoutes>();

/**
 * POST /uploader/api/v1/like/ or /unlike/ {"content_id"}: the reel's counts after the change.
 * @throws HttpError (`content_not_found`, `validation_failed`, ...).
 */
export async function postLike(contentId: string, liked: boolean): Promise<LikeResult> {
  const v1 = api.uploader.api.v1;
  const res = await (liked ? v1.like : v1.unlike).$post({ json: { content_id: contentId } });
  return res.json();
}

/**
 * Like/unlike one reel of a feed, optimistically (SPEC.md section 4 item
 * change): the list changes at once, the server's counts are taken when it
 * answers, and a failure puts the like back and calls `onFailed`. Taps on
 * one reel run one after another (mutation scope), and only the last
 * answer is applied, so quick double taps end where the last tap meant.
 */
export function useLikeMutation(params: FeedListParams, contentId: string, onFailed?: (err: HttpError) => void) {
  const qc = useQueryClient();
  const listKey = reelsKeys.list(params);
  const mutationKey = ['reels', 'like', contentId];
  return useMutation<LikeResult, HttpError, boolean>({
    mutationKey,
    scope: { id: `like:${contentId}` },
    mutationFn: (liked) => postLike(contentId, liked),
    onMutate: (liked) => {
      qc.setQueryData<FeedList>(listKey, (l) => (l ? setLike(l, contentId, liked) : l));
    },
    onSuccess: (result) => {
      // Another tap on this reel is still queued: its optimistic state is the newest intent.
      if (qc.isMutating({ mutationKey }) > 1) return;
      qc.setQueryData<FeedList>(listKey, (l) => (l ? applyLikeResult(l, result) : l));
    },
    onError: (err, liked) => {
      qc.setQueryData<FeedList>(listKey, (l) => (l ? setLike(l, contentId, !liked) : l));
      onFailed?.(err);
    },
  });
}
