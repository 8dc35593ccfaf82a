import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiClient, type HttpError } from '@/lib/http/client';
import type { MarkReadBody } from '../schemas';
import type { notificationRoutes } from '../server/routes';

/**
 * The browser side of the notification endpoints (docs/api/accounts.md
 * "Notifications"): the list (infinite, by id cursor), the unread count
 * taken from its first page, and marking read with an optimistic change.
 * Calls and answer types come from the server's router through Hono's `hc`
 * (type imports only). Per call: a fetcher, its query options, a hook.
 */

/** The notification endpoints, typed by their router. */
const api = apiClient<typeof notificationRoutes>();
const v1 = api.auth.api.v1;

/** GET /auth/api/v1/notifications answer: 20 notifications (newest first), the unread count over all pages, the next page's `before` (null on the last). */
export type NotificationsPage = InferResponseType<typeof v1.notifications.$get>;
/** A notification as listed; `key` names the message `notifications.<key>`; `created_at` ISO 8601. */
export type NotificationItem = NotificationsPage['items'][number];
/** POST /auth/api/v1/notifications/read answer: how many changed to read, and the unread count left. */
export type MarkReadResult = InferResponseType<typeof v1.notifications.read.$post>;

/** Query keys of the notifications feature. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

/** The list's pages as cached. */
export type NotificationPages = InfiniteData<NotificationsPage, number | undefined>;

/**
 * GET /auth/api/v1/notifications?before=: 20 notifications below `before`
 * (newest first), the unread count and the next cursor.
 * @throws HttpError 401 `login_required` for a visitor.
 */
export async function getNotifications(before?: number): Promise<NotificationsPage> {
  const query = before === undefined ? {} : { before: String(before) };
  return (await v1.notifications.$get({ query })).json();
}

/**
 * POST /auth/api/v1/notifications/read: {ids} (1..100) or {all: true}.
 * @throws HttpError 401 `login_required`, 422 `validation_failed`, 429 `rate_limited`.
 */
export async function postMarkRead(body: MarkReadBody): Promise<MarkReadResult> {
  return (await v1.notifications.read.$post({ json: body })).json();
}

/** The list, page after page, under `['notifications','list']`. Fresh for 30 s; live pushes invalidate it. */
export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsKeys.list,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 30_000,
  });
}

/**
 * The signed-in user's notifications.
 * @param enabled false for a visitor (nothing is asked of the server).
 */
export function useNotifications(enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
}

/**
 * The unread count, from the list's first page (one request serves the
 * bell and the list); undefined until known.
 * @param enabled false for a visitor.
 */
export function useUnreadCount(enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled, select: (d) => d.pages[0]?.unread ?? 0 });
}

/**
 * The cached pages with `ids` (or every notification) read and the unread
 * count lowered by the ones that changed; `unread` overrides it (the
 * server's answer).
 */
export function markReadInPages(data: NotificationPages, ids: readonly number[] | 'all', unread?: number): NotificationPages {
  const hit = ids === 'all' ? () => true : ((set) => (id: number) => set.has(id))(new Set(ids));
  let changed = 0;
  const pages = data.pages.map((p) => ({
    ...p,
    items: p.items.map((n) => {
      if (n.read || !hit(n.id)) return n;
      changed++;
      return { ...n, read: true };
    }),
  }));
  const count = unread ?? (ids === 'all' ? 0 : Math.max(0, (data.pages[0]?.unread ?? 0) - changed));
  return { ...data, pages: pages.map((p) => ({ ...p, unread: count })) };
}

/**
 * Marks notifications read: `'all'` or a list of ids. The list changes at
 * once; a failure puts it back and calls `onFailed`.
 */
export function useMarkRead(onFailed?: (err: HttpError) => void) {
  const qc = useQueryClient();
  return useMutation<MarkReadResult, HttpError, readonly number[] | 'all', { before?: NotificationPages }>({
    mutationKey: ['notifications', 'read'],
    mutationFn: (ids) => postMarkRead(ids === 'all' ? { all: true } : { ids: [...ids] }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: notificationsKeys.list });
      const before = qc.getQueryData<NotificationPages>(notificationsKeys.list);
      if (before) qc.setQueryData<NotificationPages>(notificationsKeys.list, markReadInPages(before, ids));
      return { before };
    },
    onSuccess: (result, ids) => {
      qc.setQueryData<NotificationPages>(notificationsKeys.list, (d) => (d ? markReadInPages(d, ids, result.unread) : d));
    },
    onError: (err, _ids, ctx) => {
      if (ctx?.before) qc.setQueryData(notificationsKeys.list, ctx.before);
      onFailed?.(err);
    },
  });
}
