import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/client';
import type { Role } from '@/lib/auth/principal';
import { studioKeys, type NamedRow } from './studio';

/**
 * The studio's taxonomy and role grants (docs/api/studio.md "Topics and
 * taxonomy", "Roles"; docs/api/accounts.md for the user search).
 */

export interface TopicTree extends NamedRow {
  categories: Array<NamedRow & { options: NamedRow[] }>;
}
export interface TopicGrant { user_id: string; name: string; username: string | null; role: Role; topic_id: string | null }
export interface FoundUser { userId: string; name: string; username: string | null }

export const taxonomyKeys = {
  tree: (topicId: string) => [...studioKeys.all, 'tree', topicId] as const,
  grants: (topicId: string) => [...studioKeys.all, 'grants', topicId] as const,
  users: (q: string) => [...studioKeys.all, 'users', q] as const,
};

async function send<T>(method: string, path: string, body: unknown): Promise<T> {
  const res = await apiFetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** GET /uploader-read/api/v1/topic_details/{id}: a topic with its categories and their options. */
export function useTopicTree(topicId: string) {
  return useQuery({
    queryKey: taxonomyKeys.tree(topicId),
    queryFn: async () => (await (await apiFetch(`/uploader-read/api/v1/topic_details/${encodeURIComponent(topicId)}`)).json()) as TopicTree,
    enabled: topicId !== '',
  });
}

/** GET /auth/api/v1/topic/{id}/topic_role: the topic's grants (CURATOR of the topic, ADMIN). */
export function useTopicGrants(topicId: string, enabled: boolean) {
  return useQuery({
    queryKey: taxonomyKeys.grants(topicId),
    queryFn: async () => ((await (await apiFetch(`/auth/api/v1/topic/${encodeURIComponent(topicId)}/topic_role`)).json()) as { roles: TopicGrant[] }).roles,
    enabled: enabled && topicId !== '',
  });
}

/** GET /auth/api/v1/users?q=: users whose name or username matches (q 2..60 characters). */
export function useUserSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: taxonomyKeys.users(term),
    queryFn: async () =>
      ((await (await apiFetch(`/auth/api/v1/users?q=${encodeURIComponent(term)}`)).json()) as { users: FoundUser[] }).users,
    enabled: term.length >= 2 && term.length <= 60,
  });
}

/** One taxonomy write of the studio API. */
export type TaxonomyWrite =
  | { kind: 'createTopic'; name: string }
  | { kind: 'createCategory'; topicId: string; name: string }
  | { kind: 'createOption'; categoryId: string; name: string }
  | { kind: 'rename'; what: 'topic' | 'category' | 'option'; id: string; name: string }
  | { kind: 'bulk'; topicId: string; categories: Array<{ name: string; options: string[] }> }
  | { kind: 'reset'; what: 'topic' | 'category' | 'option'; id: string }
  | { kind: 'grant' | 'revoke'; topicId: string; userId: string; role: Role };

/**
 * Sends one taxonomy or role write (POST/PATCH/DELETE as docs/api/studio.md lists).
 * @throws HttpError 403 `forbidden`, 404, 409 `conflict` (a name taken), 422.
 */
export function writeTaxonomy(w: TaxonomyWrite): Promise<unknown> {
  const base = '/uploader/api/v1';
  switch (w.kind) {
    case 'createTopic': return send('POST', `${base}/topic`, { name: w.name });
    case 'createCategory': return send('POST', `${base}/category`, { topic_id: w.topicId, name: w.name });
    case 'createOption': return send('POST', `${base}/option`, { category_id: w.categoryId, name: w.name });
    case 'rename': return send('PATCH', `${base}/${w.what}/${encodeURIComponent(w.id)}`, { name: w.name });
    case 'bulk': return send('POST', `${base}/bulk/create`, { topic_id: w.topicId, categories: w.categories });
    case 'reset': return send('POST', `${base}/reset/${w.what}/${encodeURIComponent(w.id)}`, { confirm: true });
    case 'grant':
    case 'revoke':
      return send(w.kind === 'grant' ? 'POST' : 'DELETE', `/auth/api/v1/topic/${encodeURIComponent(w.topicId)}/topic_role`, { user_id: w.userId, role: w.role });
  }
}

/** Taxonomy and role writes; every studio query (topics, trees, grants) is fetched again after one. */
export function useTaxonomyWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: writeTaxonomy,
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/**
 * Reads the bulk-create textarea: one category per line, `Category: option, option`
 * (a line without a colon is a category without options); blank lines are skipped.
 */
export function parseBulkText(text: string): Array<{ name: string; options: string[] }> {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
    const at = line.indexOf(':');
    if (at < 0) return { name: line, options: [] };
    return {
      name: line.slice(0, at).trim(),
      options: line.slice(at + 1).split(',').map((o) => o.trim()).filter(Boolean),
    };
  }).filter((c) => c.name !== '');
}
