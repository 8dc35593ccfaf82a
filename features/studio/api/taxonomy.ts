import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiClient } from '@/lib/http/client';
import type { Role } from '@/lib/auth/principal';
import type { NameTexts, ReadSideTaxonomyApp, TopicTexts, TopicTree, TypeTag } from '@/lib/contracts/read-side-taxonomy';
import type { UserSearchApp } from '@/lib/contracts/user-search';
import type { studioRoutes } from '../server/routes';
import { studioKeys, type StudioReel } from './studio';

/**
 * The studio's taxonomy and role grants (docs/api/studio.md "Topics and
 * taxonomy", "Roles"; docs/api/accounts.md for the user search). The
 * studio's own calls and answers are typed by its router through Hono's
 * `hc` (type imports only). The topic tree and the user search are other
 * features' endpoints (the read side's, the accounts'), which a feature may
 * not import: they are read through the contracts their routers keep
 * (lib/contracts/read-side-taxonomy.ts, lib/contracts/user-search.ts).
 */

/** The studio endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof studioRoutes>>();
const uploader = api.uploader.api.v1;
const auth = api.auth.api.v1;
/** The read side's topic tree and the accounts' user search, typed by the contracts their routers keep. */
const readSide = apiClient<ReadSideTaxonomyApp>()['uploader-read'].api.v1;
const users = apiClient<UserSearchApp>().auth.api.v1.users;
/** Path parameters are encoded here: `hc` puts them into the path as given. */
const enc = encodeURIComponent;

/**
 * The read side's shapes the editor uses (lib/contracts/read-side-taxonomy.ts):
 * names' and topics' Hindi/Hinglish texts, a topic's type tag, and the topic
 * tree of GET topic_details/{id}?include=translations.
 */
export type { NameTexts, TopicTexts, TopicTree, TypeTag };
/** The type tags a topic may have, in the order the editor offers them. */
export const TYPE_TAGS: readonly TypeTag[] = ['HOT', 'FREE'];
/** A topic's order of categories and, per category, of its options (the body of PUT profile_stack/{id}). */
export interface ProfileStack { categories: Array<{ id: string; options: string[] }> }
/** A grant of a role on a topic as GET topic/{id}/topic_role lists it. */
export type TopicGrant = InferResponseType<(typeof auth.topic)[':id']['topic_role']['$get']>['roles'][number];

/** Query keys of the studio's taxonomy screens, under studioKeys.all (a studio write refreshes them all). */
export const taxonomyKeys = {
  tree: (topicId: string) => [...studioKeys.all, 'tree', topicId] as const,
  grants: (topicId: string) => [...studioKeys.all, 'grants', topicId] as const,
  users: (q: string) => [...studioKeys.all, 'users', q] as const,
  approved: (topicId: string) => [...studioKeys.all, 'approved', topicId] as const,
};

/**
 * GET /uploader-read/api/v1/topic_details/{id}?include=translations: a topic with its categories and their
 * options, English names with their stored Hindi/Hinglish forms (what the editor edits).
 * @throws HttpError 404 `topic_not_found`.
 */
export async function getTopicTree(topicId: string): Promise<TopicTree> {
  return (await readSide.topic_details[':id'].$get({ param: { id: enc(topicId) }, query: { include: 'translations' } })).json();
}

/** A topic's tree for the editor (getTopicTree). */
export function useTopicTree(topicId: string) {
  return useQuery(topicTreeQueryOptions(topicId));
}

/** A topic's tree for the editor; disabled without a topic. */
export function topicTreeQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: taxonomyKeys.tree(topicId),
    queryFn: () => getTopicTree(topicId),
    enabled: topicId !== '',
  });
}

/** GET /auth/api/v1/topic/{id}/topic_role: the topic's grants (CURATOR of the topic, ADMIN). */
export function useTopicGrants(topicId: string, enabled: boolean) {
  return useQuery({ ...topicGrantsQueryOptions(topicId), enabled: enabled && topicId !== '' });
}

/** A topic's grants. */
export function topicGrantsQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: taxonomyKeys.grants(topicId),
    queryFn: async () => (await (await auth.topic[':id'].topic_role.$get({ param: { id: enc(topicId) }, query: {} })).json()).roles,
  });
}

/**
 * GET /auth/api/v1/users?q=: users whose name or username contains `q` (2..60 characters), at most 20.
 * @throws HttpError 422 `validation_failed` for a `q` out of bounds.
 */
export async function searchUsers(q: string) {
  return (await (await users.$get({ query: { q } })).json()).users;
}

/** GET /auth/api/v1/users?q=: users whose name or username matches (q 2..60 characters). */
export function useUserSearch(q: string) {
  return useQuery(userSearchQueryOptions(q));
}

/** Users matching `q` (trimmed); disabled outside 2..60 characters. */
export function userSearchQueryOptions(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: taxonomyKeys.users(term),
    queryFn: () => searchUsers(term),
    enabled: term.length >= 2 && term.length <= 60,
  });
}

/** One taxonomy write of the studio API. */
export type TaxonomyWrite =
  | { kind: 'createTopic'; name: string; translations?: NameTexts }
  | { kind: 'createCategory'; topicId: string; name: string; translations?: NameTexts }
  | { kind: 'createOption'; categoryId: string; name: string; translations?: NameTexts }
  | { kind: 'rename'; what: 'topic' | 'category' | 'option'; id: string; name: string; translations?: NameTexts }
  | { kind: 'bulk'; topicId: string; categories: BulkCategory[] }
  | { kind: 'description'; topicId: string; description: string; translations?: TopicTexts }
  | { kind: 'reset'; what: 'topic' | 'category' | 'option'; id: string }
  | { kind: 'grant' | 'revoke'; topicId: string; userId: string; role: Role }
  | { kind: 'typeTag'; topicId: string; typeTag: TypeTag }
  | { kind: 'guideVideo'; topicId: string; contentId: string }
  | { kind: 'stack'; topicId: string; stack: ProfileStack };

/**
 * Sends one taxonomy or role write (POST/PATCH/PUT/DELETE as docs/api/studio.md lists):
 * `bulk` is POST bulk/create (bulkBody: a name without translations goes as a plain string),
 * `description` PATCH topic/{id} `{description, translations?}`,
 * `typeTag` PATCH topic/{id} `{type_tag}`, `guideVideo` POST upload/guide_video
 * `{topic_id, content_id}`, `stack` PUT profile_stack/{topicId} `{categories:[{id, options:[id]}]}`.
 * @throws HttpError 403 `forbidden`, 404, 409 `conflict` (a name taken), 422
 * `validation_failed` (e.g. a guide reel that is not an Approved reel of the topic,
 * an id in the stack that is not of that topic or category).
 */
export async function writeTaxonomy(w: TaxonomyWrite): Promise<unknown> {
  const res = await (() => {
    switch (w.kind) {
      case 'createTopic': return uploader.topic.$post({ json: { name: w.name, ...texts(w.translations) } });
      case 'createCategory': return uploader.category.$post({ json: { topic_id: w.topicId, name: w.name, ...texts(w.translations) } });
      case 'createOption': return uploader.option.$post({ json: { category_id: w.categoryId, name: w.name, ...texts(w.translations) } });
      case 'rename': return uploader[w.what][':id'].$patch({ param: { id: enc(w.id) }, json: { name: w.name, ...texts(w.translations) } });
      case 'bulk': return uploader.bulk.create.$post({ json: bulkBody(w.topicId, w.categories) });
      case 'description':
        return uploader.topic[':id'].$patch({ param: { id: enc(w.topicId) }, json: { description: w.description, ...texts(w.translations) } });
      case 'reset': return uploader.reset[w.what][':id'].$post({ param: { id: enc(w.id) }, json: { confirm: true } });
      case 'grant':
      case 'revoke': {
        const args = { param: { id: enc(w.topicId) }, json: { user_id: w.userId, role: w.role } };
        const grants = auth.topic[':id'].topic_role;
        return w.kind === 'grant' ? grants.$post(args) : grants.$delete(args);
      }
      case 'typeTag': return uploader.topic[':id'].$patch({ param: { id: enc(w.topicId) }, json: { type_tag: w.typeTag } });
      case 'guideVideo': return uploader.upload.guide_video.$post({ json: { topic_id: w.topicId, content_id: w.contentId } });
      case 'stack': return uploader.profile_stack[':id'].$put({ param: { id: enc(w.topicId) }, json: { categories: w.stack.categories } });
    }
  })();
  return res.json();
}

/** `{translations}` when the write carries them (older callers send the English name alone). */
function texts<T extends TopicTexts>(t: T | undefined): { translations?: T } {
  return t ? { translations: t } : {};
}

/**
 * A topic's translations after an edit of some of its fields: per language, the
 * stored fields the edit leaves out are kept. A PATCH replaces a language's
 * texts as a whole (docs/decisions/025), so an edit of the names alone would
 * otherwise drop the descriptions, and the other way round.
 */
export function withStoredTexts(stored: TopicTexts | undefined, edit: TopicTexts): TopicTexts {
  const out: TopicTexts = {};
  for (const lang of ['hi', 'he'] as const) {
    if (edit[lang]) out[lang] = { ...stored?.[lang], ...edit[lang] };
  }
  return out;
}

/** Taxonomy and role writes; every studio query (topics, trees, grants) is fetched again after one. */
export function useTaxonomyWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: writeTaxonomy,
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** Largest picture sent, bytes: the server's limit (docs/api/studio.md "Pictures"), checked first to spare the upload. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** A picture change: a new file for the row, or `file: null` to remove its picture. */
export interface PictureWrite { what: 'topic' | 'category' | 'option'; id: string; file: Blob | null }

/**
 * POST /uploader/api/v1/{topic|category|option}/{id}/picture as multipart
 * (`file`; the browser sets the multipart Content-Type), or DELETE of the
 * same path when `file` is null. The server re-encodes the image to a
 * 512x512 WebP without metadata.
 * @returns `{id, pic}`: the new picture URL, null after a removal.
 * @throws HttpError 413 `image_too_large` (over 5 MB), 415 `unsupported_image`,
 * 422 `invalid_image` / `image_dimensions_too_large`, 403 `forbidden`, 404.
 */
export async function writeTaxonomyPicture(w: PictureWrite): Promise<{ id: string; pic: string | null }> {
  const picture = uploader[':kind{topic|category|option}'][':id'].picture;
  const param = { kind: w.what, id: enc(w.id) };
  if (!w.file) return (await picture.$delete({ param })).json();
  const form = new FormData();
  form.append('file', w.file);
  return (await picture.$post({ param }, { init: { body: form } })).json();
}

/** A picture upload or removal; every studio query is fetched again after one. */
export function useTaxonomyPicture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: writeTaxonomyPicture,
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** Most pages (of 10) read per scope for the guide video's choices. */
const APPROVED_PAGES_MAX = 10;

async function approvedPages(scope: 'mine' | 'review', topicId: string): Promise<StudioReel[]> {
  const out: StudioReel[] = [];
  for (let page = 1; page <= APPROVED_PAGES_MAX; page++) {
    const p = await (await uploader.video.$get({ query: { scope, status: 'Approved', topic_id: topicId, page: String(page) } })).json();
    out.push(...p.items);
    if (p.items.length === 0 || page * p.page_size >= p.total) break;
  }
  return out;
}

/**
 * The Approved reels of a topic the viewer may pick as its guide video:
 * GET /uploader/api/v1/video?scope=review&status=Approved&topic_id= (reels of
 * others) and the same with scope=mine (a curator's own reels, which the
 * review scope leaves out), at most 100 of each, newest first, without repeats.
 * @throws HttpError 401 `login_required`.
 */
export async function getApprovedTopicReels(topicId: string): Promise<StudioReel[]> {
  const [review, mine] = await Promise.all([approvedPages('review', topicId), approvedPages('mine', topicId)]);
  const seen = new Set<string>();
  return [...review, ...mine]
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** The topic's Approved reels (getApprovedTopicReels); `enabled` false for a viewer who may not set the guide. */
export function useApprovedTopicReels(topicId: string, enabled = true) {
  return useQuery({ ...approvedTopicReelsQueryOptions(topicId), enabled: enabled && topicId !== '' });
}

/** The topic's Approved reels under taxonomyKeys.approved. */
export function approvedTopicReelsQueryOptions(topicId: string) {
  return queryOptions({ queryKey: taxonomyKeys.approved(topicId), queryFn: () => getApprovedTopicReels(topicId) });
}

/** What a move button moves: a category of the topic, or an option inside its category. */
export type StackItem = { kind: 'category'; id: string } | { kind: 'option'; categoryId: string; id: string };

/**
 * The topic's full order (every category, each with all its options) after
 * moving `item` one place up (`-1`) or down (`+1`) among its siblings.
 * @returns the new order, or null when the item is unknown or already at that end.
 */
export function moveInStack(tree: Pick<TopicTree, 'categories'>, item: StackItem, delta: -1 | 1): ProfileStack | null {
  const cats = tree.categories.map((c) => ({ id: c.id, options: c.options.map((o) => o.id) }));
  if (item.kind === 'category') {
    const moved = moveBy(cats, cats.findIndex((c) => c.id === item.id), delta);
    return moved && { categories: moved };
  }
  const cat = cats.find((c) => c.id === item.categoryId);
  if (!cat) return null;
  const moved = moveBy(cat.options, cat.options.indexOf(item.id), delta);
  if (!moved) return null;
  cat.options = moved;
  return { categories: cats };
}

/** A copy of `list` with the element at `index` moved by `delta`; null when out of range. */
function moveBy<T>(list: T[], index: number, delta: -1 | 1): T[] | null {
  const to = index + delta;
  if (index < 0 || to < 0 || to >= list.length) return null;
  const out = [...list];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

/** Longest name, in characters, the server takes for any language (the English name's bound, features/studio/server/routes.ts). */
export const NAME_MAX = 120;
/** Most categories per bulk create, and most options per category (the server's bound). */
export const BULK_MAX = 50;

/** A name of the bulk text: English, with its Hindi and Hinglish forms when the line gives them. */
export interface BulkName { name: string; translations?: NameTexts }
/** A category of the bulk text with its options in the order written. */
export interface BulkCategory extends BulkName { options: BulkName[] }
/**
 * Why a line of the bulk text cannot be sent: `noName` a name (or its category)
 * without an English part, `tooManyParts` more than three `|` parts, `tooLong`
 * a part over NAME_MAX characters, `tooManyOptions` over BULK_MAX options,
 * `tooManyCategories` the line of the first category past BULK_MAX.
 */
export type BulkProblemKind = 'noName' | 'tooManyParts' | 'tooLong' | 'tooManyOptions' | 'tooManyCategories';
/** A problem of the bulk text and its line, counted from 1 as the curator sees them. */
export interface BulkProblem { line: number; kind: BulkProblemKind }

/** The parts of one `English | हिंदी | Hinglish` name; null with the problem when they cannot be one. */
function readName(text: string): { name: BulkName } | { problem: BulkProblemKind } | null {
  const parts = text.split('|').map((p) => p.trim());
  if (parts.every((p) => p === '')) return null;
  if (parts.length > 3) return { problem: 'tooManyParts' };
  if (parts.some((p) => p.length > NAME_MAX)) return { problem: 'tooLong' };
  const [name, hi = '', he = ''] = parts;
  if (name === '') return { problem: 'noName' };
  const translations: NameTexts = {};
  if (hi) translations.hi = { name: hi };
  if (he) translations.he = { name: he };
  return { name: hi || he ? { name, translations } : { name } };
}

/**
 * Reads the bulk-create textarea, one category per line:
 * `Category: option, option` (a line without a colon is a category without
 * options); blank lines and empty options are skipped. Each name may carry
 * its Hindi and Hinglish forms as `English | हिंदी | Hinglish`; both extra
 * parts are optional and an empty part is no translation (`Panels || Panel`
 * gives only Hinglish). Names contain no `:`, `,` or `|`, so the first colon
 * ends the category, commas separate options and bars separate languages.
 * @returns the categories, and the problems that must be fixed before sending
 * (bounds as the server's: NAME_MAX characters, BULK_MAX categories and options).
 */
export function parseBulkText(text: string): { categories: BulkCategory[]; problems: BulkProblem[] } {
  const categories: BulkCategory[] = [];
  const problems: BulkProblem[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const at = line.indexOf(':');
    const head = readName(at < 0 ? line : line.slice(0, at));
    const opts = at < 0 ? [] : line.slice(at + 1).split(',').map(readName).filter((o) => o !== null);
    const kinds = new Set<BulkProblemKind>();
    if (head === null) kinds.add('noName');
    else if ('problem' in head) kinds.add(head.problem);
    for (const o of opts) if ('problem' in o) kinds.add(o.problem);
    if (opts.length > BULK_MAX) kinds.add('tooManyOptions');
    if (kinds.size) {
      for (const kind of kinds) problems.push({ line: index + 1, kind });
      return;
    }
    if (categories.length === BULK_MAX) problems.push({ line: index + 1, kind: 'tooManyCategories' });
    categories.push({ ...(head as { name: BulkName }).name, options: opts.map((o) => (o as { name: BulkName }).name) });
  });
  return { categories, problems };
}

/** The body of POST bulk/create for these categories: a name without translations is sent as the plain string older clients send. */
export function bulkBody(topicId: string, categories: BulkCategory[]) {
  return {
    topic_id: topicId,
    categories: categories.map((c) => ({
      name: c.name,
      ...texts(c.translations),
      options: c.options.map((o) => (o.translations ? { name: o.name, translations: o.translations } : o.name)),
    })),
  };
}

/** How a reel is named in the guide video's select: its description on one line, cut to `max` characters, else its id. */
export function reelChoiceLabel(r: Pick<StudioReel, 'id' | 'description'>, max = 60): string {
  const d = r.description.replace(/\s+/g, ' ').trim();
  if (!d) return r.id;
  return d.length > max ? `${d.slice(0, max - 1).trimEnd()}…` : d;
}
