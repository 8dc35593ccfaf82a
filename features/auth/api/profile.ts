import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type HttpError } from '@/lib/http/client';
import type { Me } from '../schemas';
import type { FollowEntry, ProfilePatchInput, PublicProfile, WatchedPage } from '../profile-schemas';
import { authKeys } from './session';

/**
 * The browser side of the profile endpoints (docs/api/accounts.md
 * "Profile"). Plain `apiFetch` with the answer types of ../profile-schemas.ts
 * (type imports only, so zod stays out of the profile page's first load).
 * Every change answers the fresh user view, which goes straight into
 * `['auth','me']`.
 */

/** Query keys of the profile. */
export const profileKeys = {
  all: ['profile'] as const,
  watched: ['profile', 'watched'] as const,
  follows: ['profile', 'follows'] as const,
  username: (username: string) => ['profile', 'username', username] as const,
  user: (id: string) => ['profile', 'user', id] as const,
};

async function sendJson<T>(path: string, method: 'PATCH' | 'POST' | 'DELETE', body: unknown): Promise<T> {
  const res = await apiFetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/**
 * PATCH /auth/api/v1/user/me: changes the given profile fields.
 * @returns the user view after the change.
 * @throws HttpError 422 `validation_failed` ("field: text" in the interface
 * language), 409 `username_taken` / `email_taken`, 401 `login_required`.
 */
export function patchMe(patch: ProfilePatchInput): Promise<Me> {
  return sendJson<Me>('/auth/api/v1/user/me', 'PATCH', patch);
}

/**
 * POST /auth/api/v1/user/profile-picture as multipart (`file`): the server
 * re-encodes it to a 256x256 WebP without metadata.
 * @returns the user view with the new `pic`.
 * @throws HttpError 413 `image_too_large` (over 5 MB), 415 `unsupported_image`,
 * 422 `invalid_image` / `image_dimensions_too_large`.
 */
export async function uploadProfilePicture(file: Blob): Promise<Me> {
  const form = new FormData();
  form.append('file', file);
  const res = await apiFetch('/auth/api/v1/user/profile-picture', { method: 'POST', body: form });
  return (await res.json()) as Me;
}

/**
 * DELETE /auth/api/v1/user/profile-picture.
 * @returns the user view without a picture.
 * @throws HttpError.
 */
export async function deleteProfilePicture(): Promise<Me> {
  return (await (await apiFetch('/auth/api/v1/user/profile-picture', { method: 'DELETE' })).json()) as Me;
}

/**
 * GET /auth/api/v1/user/query?username=: whether the signed-in user may take `username`.
 * @throws HttpError 422 for a username the rules refuse.
 */
export async function checkUsername(username: string): Promise<{ username: string; available: boolean }> {
  const res = await apiFetch(`/auth/api/v1/user/query?username=${encodeURIComponent(username)}`);
  return (await res.json()) as { username: string; available: boolean };
}

/** Availability of a username, cached for half a minute per name. */
export function usernameQueryOptions(username: string) {
  return queryOptions({ queryKey: profileKeys.username(username), queryFn: () => checkUsername(username), staleTime: 30_000 });
}

/**
 * GET /auth/api/v1/user/watched?page=: the signed-in user's videos watched, newest first, 10 per page.
 * @throws HttpError 401 `login_required`.
 */
export async function getWatched(page: number): Promise<WatchedPage> {
  return (await (await apiFetch(`/auth/api/v1/user/watched?page=${page}`)).json()) as WatchedPage;
}

/** Videos watched, a page at a time (SPEC.md section 4 "Paging"). */
export function watchedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: profileKeys.watched,
    queryFn: ({ pageParam }) => getWatched(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: WatchedPage) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
}

/** The signed-in user's videos watched; `enabled` false for a visitor. */
export function useWatched(enabled: boolean) {
  return useInfiniteQuery({ ...watchedQueryOptions(), enabled });
}

/**
 * GET /auth/api/v1/user/follows: the topics and creators the signed-in user follows.
 * @throws HttpError 401 `login_required`.
 */
export async function getFollows(): Promise<FollowEntry[]> {
  return ((await (await apiFetch('/auth/api/v1/user/follows')).json()) as { follows: FollowEntry[] }).follows;
}

/** What the signed-in user follows; `enabled` false for a visitor. */
export function useFollows(enabled: boolean) {
  return useQuery({ queryKey: profileKeys.follows, queryFn: getFollows, enabled, staleTime: 60_000 });
}

/**
 * GET /auth/api/v1/users/{id}/profiles: anyone's public profile.
 * @throws HttpError 404 `user_not_found`.
 */
export async function getPublicProfile(id: string): Promise<PublicProfile> {
  return (await (await apiFetch(`/auth/api/v1/users/${encodeURIComponent(id)}/profiles`)).json()) as PublicProfile;
}

/** Mutation of the profile: the answer replaces `['auth','me']`. */
export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation<Me, HttpError, ProfilePatchInput>({
    mutationKey: ['profile', 'update'],
    mutationFn: patchMe,
    onSuccess: (me) => qc.setQueryData(authKeys.me, me),
  });
}

/** Upload of a new picture: the answer replaces `['auth','me']`. */
export function useUploadPicture() {
  const qc = useQueryClient();
  return useMutation<Me, HttpError, Blob>({
    mutationKey: ['profile', 'picture'],
    mutationFn: uploadProfilePicture,
    onSuccess: (me) => qc.setQueryData(authKeys.me, me),
  });
}

/** Removal of the picture: the answer replaces `['auth','me']`. */
export function useDeletePicture() {
  const qc = useQueryClient();
  return useMutation<Me, HttpError, void>({
    mutationKey: ['profile', 'picture', 'delete'],
    mutationFn: deleteProfilePicture,
    onSuccess: (me) => qc.setQueryData(authKeys.me, me),
  });
}

/**
 * POST /auth/api/v1/user/google: links the Google account of `credential`
 * (a Google ID token from Google's button) to the signed-in user, who can
 * then sign in with it too; its Google-verified email becomes the user's.
 * @returns the user view with `hasGoogle: true`.
 * @throws HttpError 409 `google_in_use` (another user's), 401
 * `invalid_google_token` / `login_required`, 404 `google_signin_disabled`,
 * 503 `google_unavailable`.
 */
export function linkGoogle(credential: string): Promise<Me> {
  return sendJson<Me>('/auth/api/v1/user/google', 'POST', { credential });
}

/** Linking a Google account: the answer replaces `['auth','me']`. */
export function useLinkGoogle() {
  const qc = useQueryClient();
  return useMutation<Me, HttpError, string>({
    mutationKey: ['profile', 'google'],
    mutationFn: linkGoogle,
    onSuccess: (me) => qc.setQueryData(authKeys.me, me),
  });
}

/**
 * Follow or unfollow a topic or creator (POST / DELETE
 * /auth/api/v1/user/follows); the follow list and the caller's counts reload.
 * @throws HttpError 404 `topic_not_found` / `user_not_found`, 422 `cannot_follow_self`.
 */
export function useFollow() {
  const qc = useQueryClient();
  return useMutation<unknown, HttpError, { target_kind: 'topic' | 'creator'; target_id: string; follow: boolean }>({
    mutationKey: ['profile', 'follow'],
    mutationFn: ({ follow, ...t }) => sendJson('/auth/api/v1/user/follows', follow ? 'POST' : 'DELETE', t),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: profileKeys.follows });
      void qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

/**
 * POST /auth/api/v1/newsletter/subscribe: records consent for `email` (visitor or user).
 * @throws HttpError 422 `validation_failed`.
 */
export function subscribeNewsletter(email: string): Promise<{ email: string; subscribed: boolean }> {
  return sendJson('/auth/api/v1/newsletter/subscribe', 'POST', { email, consent: true });
}

/**
 * DELETE /auth/api/v1/newsletter/subscribe: withdraws the consent this visitor or user gave for `email`.
 * @throws HttpError 422 `validation_failed`.
 */
export function withdrawNewsletter(email: string): Promise<{ email: string; subscribed: boolean }> {
  return sendJson('/auth/api/v1/newsletter/subscribe', 'DELETE', { email });
}
