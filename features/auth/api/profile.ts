import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type HttpError } from '@/lib/http/client';
import type { Me } from '../schemas';
import type { ProfilePatchInput, PublicProfile, WatchedPage } from '../profile-schemas';
import type { profileRoutes } from '../server/profile-routes';
import type { authRoutes } from '../server/routes';
import { authKeys } from './session';

/**
 * The browser side of the profile endpoints (docs/api/accounts.md
 * "Profile"). Calls and answers are typed by the profile router through
 * Hono's `hc` (type imports only, so zod and the server stay out of the
 * profile page's first load); each fetcher's declared answer (the view types
 * of ../profile-schemas.ts and ../schemas.ts, which the server's services
 * return) is checked against the router's at compile time. Every change
 * answers the fresh user view, which goes straight into `['auth','me']`.
 */

/** The profile endpoints, typed by their router. */
const v1 = apiClient<typeof profileRoutes>().auth.api.v1;
/** Linking Google lives on the sign-in router. */
const authV1 = apiClient<ReturnType<typeof authRoutes>>().auth.api.v1;

/** Query keys of the profile. */
export const profileKeys = {
  all: ['profile'] as const,
  watched: ['profile', 'watched'] as const,
  username: (username: string) => ['profile', 'username', username] as const,
  user: (id: string) => ['profile', 'user', id] as const,
};

/**
 * PATCH /auth/api/v1/user/me: changes the given profile fields.
 * @returns the user view after the change.
 * @throws HttpError 422 `validation_failed` ("field: text" in the interface
 * language), 409 `username_taken` / `email_taken`, 401 `login_required`.
 */
export async function patchMe(patch: ProfilePatchInput): Promise<Me> {
  return (await v1.user.me.$patch({ json: patch })).json();
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
  return (await v1.user['profile-picture'].$post(undefined, { init: { body: form } })).json();
}

/**
 * DELETE /auth/api/v1/user/profile-picture.
 * @returns the user view without a picture.
 * @throws HttpError.
 */
export async function deleteProfilePicture(): Promise<Me> {
  return (await v1.user['profile-picture'].$delete()).json();
}

/**
 * GET /auth/api/v1/user/query?username=: whether the signed-in user may take `username`.
 * @throws HttpError 422 for a username the rules refuse.
 */
export async function checkUsername(username: string): Promise<{ username: string; available: boolean }> {
  return (await v1.user.query.$get({ query: { username } })).json();
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
  return (await v1.user.watched.$get({ query: { page: String(page) } })).json();
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
 * GET /auth/api/v1/users/{id}/profiles: anyone's public profile.
 * @throws HttpError 404 `user_not_found`.
 */
export async function getPublicProfile(id: string): Promise<PublicProfile> {
  // `hc` puts path parameters into the path as given.
  return (await v1.users[':id'].profiles.$get({ param: { id: encodeURIComponent(id) } })).json();
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
export async function linkGoogle(credential: string): Promise<Me> {
  return (await authV1.user.google.$post({ json: { credential } })).json();
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
 * POST /auth/api/v1/newsletter/subscribe: records consent for `email` (visitor or user).
 * @throws HttpError 422 `validation_failed`.
 */
export async function subscribeNewsletter(email: string): Promise<{ email: string; subscribed: boolean }> {
  return (await v1.newsletter.subscribe.$post({ json: { email, consent: true } })).json();
}

/**
 * DELETE /auth/api/v1/newsletter/subscribe: withdraws the consent this visitor or user gave for `email`.
 * @throws HttpError 422 `validation_failed`.
 */
export async function withdrawNewsletter(email: string): Promise<{ email: string; subscribed: boolean }> {
  return (await v1.newsletter.subscribe.$delete({ json: { email } })).json();
}
