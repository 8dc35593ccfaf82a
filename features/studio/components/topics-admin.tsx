'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { track } from '@/lib/analytics/event-client';
import type { Role, RoleGrant } from '@/lib/auth/principal';
import { grantableRoles, isAdmin, may } from '../policy';
import { useGuideVideo, useTopics } from '../api/studio';
import {
  BULK_MAX, moveInStack, NAME_MAX, parseBulkText, PICTURE_MAX_BYTES, reelChoiceLabel, TYPE_TAGS, useApprovedTopicReels, useTaxonomyPicture,
  useTaxonomyWrite, useTopicGrants, useTopicTree, useUserSearch, withStoredTexts, type BulkProblemKind, type NameTexts, type StackItem,
  type TaxonomyWrite, type TopicTexts, type TopicTree, type TypeTag,
} from '../api/taxonomy';
import { useErrorText } from '@/lib/use-error-text';

type Viewer = { userId: string | null; roles: RoleGrant[] };

const input = 'min-w-0 flex-1 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';
const btn = 'rounded-full border border-neutral-400 px-3 py-1.5 text-sm font-semibold disabled:opacity-50';
/** The new controls' buttons: at least 44x44 px to tap on a phone. */
const tap = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-neutral-400 px-3 text-sm font-semibold disabled:opacity-50';

/**
 * A name form in three languages: the English name (required) and its
 * optional Hindi (Devanagari) and Hinglish (Latin) forms, each at most 120
 * characters like the English one; an empty one shows the English name.
 * `translations` goes with the write when a form is given or was there
 * before (so clearing one is saved too). Clears itself after a successful write.
 */
function NameForm({ label, submit, initial = '', initialTexts, onSubmit, pending }: {
  label: string; submit: string; initial?: string; initialTexts?: NameTexts; pending: boolean;
  onSubmit: (name: string, translations: NameTexts | undefined, done: () => void) => void;
}) {
  const t = useTranslations('studio.topics');
  const [name, setName] = useState(initial);
  const [hi, setHi] = useState(initialTexts?.hi?.name ?? '');
  const [he, setHe] = useState(initialTexts?.he?.name ?? '');
  const had = Boolean(initialTexts?.hi?.name || initialTexts?.he?.name);
  function submitForm(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return;
    const texts = hi.trim() || he.trim() || had ? { hi: { name: hi.trim() }, he: { name: he.trim() } } : undefined;
    onSubmit(name.trim(), texts, () => { setName(''); setHi(''); setHe(''); });
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submitForm}>
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
        {label}
        <input className={input} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
        {t('nameHi', { label })}
        <input className={input} lang="hi" value={hi} maxLength={120} onChange={(e) => setHi(e.target.value)} />
      </label>
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
        {t('nameHe', { label })}
        <input className={input} value={he} maxLength={120} onChange={(e) => setHe(e.target.value)} />
      </label>
      <button type="submit" className={btn} disabled={pending || name.trim() === ''}>{submit}</button>
    </form>
  );
}

/**
 * A name with a Rename button that opens a NameForm in its place. A topic's
 * rename keeps its Hindi and Hinglish descriptions (withStoredTexts).
 */
function Renamable({ name, texts, what, id, write, pending, pic, children }: {
  name: string; texts?: TopicTexts; what: 'topic' | 'category' | 'option'; id: string; pending: boolean; pic?: string | null; children?: ReactNode;
  write: (w: TaxonomyWrite, done?: () => void) => void;
}) {
  const t = useTranslations('studio.topics');
  const [editing, setEditing] = useState(false);
  if (editing) {
    return <NameForm label={t('newName', { name })} submit={t('save')} initial={name} initialTexts={texts} pending={pending}
      onSubmit={(n, translations) => write({
        kind: 'rename', what, id, name: n,
        ...(translations ? { translations: what === 'topic' ? withStoredTexts(texts, translations) : translations } : {}),
      }, () => setEditing(false))} />;
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {pic && <img src={pic} alt="" width={44} height={44} className="size-11 shrink-0 rounded-full object-cover" />}
      <span className="font-medium">{name}</span>
      <button type="button" className={btn} aria-label={t('renameOf', { name })} onClick={() => setEditing(true)}>{t('rename')}</button>
      {children}
    </div>
  );
}

/** Reset of likes, views and progress, only after an explicit second tap. */
function ResetButton({ name, onConfirm, pending }: { name: string; onConfirm: () => void; pending: boolean }) {
  const t = useTranslations('studio.topics');
  const [asking, setAsking] = useState(false);
  if (!asking) return <button type="button" className={btn} aria-label={t('resetOf', { name })} onClick={() => setAsking(true)}>{t('reset')}</button>;
  return (
    <span role="group" aria-label={t('resetOf', { name })} className="flex flex-wrap items-center gap-2 text-sm">
      {t('resetConfirm', { name })}
      <button type="button" className={`${btn} border-red-600 text-red-700 dark:text-red-400`} disabled={pending} onClick={() => { setAsking(false); onConfirm(); }}>{t('resetYes')}</button>
      <button type="button" className={btn} onClick={() => setAsking(false)}>{t('cancel')}</button>
    </span>
  );
}

/** Grants of a topic: the list with revoke, and a grant form (user search by name, then a role). */
function Grants({ viewer, topicId, write, pending }: { viewer: Viewer; topicId: string; pending: boolean; write: (w: TaxonomyWrite, done?: () => void) => void }) {
  const t = useTranslations('studio.topics');
  const roles = grantableRoles(viewer, topicId);
  const grants = useTopicGrants(topicId, may(viewer, 'role.read', topicId));
  const [q, setQ] = useState('');
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<Role>(roles[roles.length - 1] ?? 'CREATOR');
  const found = useUserSearch(q);
  if (roles.length === 0) return null;
  return (
    <section aria-label={t('rolesTitle')} className="flex flex-col gap-2">
      <h4 className="font-semibold">{t('rolesTitle')}</h4>
      <ul className="flex flex-col gap-1 text-sm">
        {(grants.data ?? []).filter((g) => g.topic_id === topicId).map((g) => (
          <li key={`${g.user_id}-${g.role}`} className="flex items-center justify-between gap-2">
            <span>{g.name || g.username || g.user_id} · {g.role}</span>
            {roles.includes(g.role) && (
              <button type="button" className={btn} disabled={pending} aria-label={t('revokeOf', { name: g.name || g.user_id, role: g.role })}
                onClick={() => write({ kind: 'revoke', topicId, userId: g.user_id, role: g.role })}>{t('revoke')}</button>
            )}
          </li>
        ))}
      </ul>
      <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); if (userId) write({ kind: 'grant', topicId, userId, role }, () => { setUserId(''); setQ(''); }); }}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('findUser')}
          <input className={input} value={q} onChange={(e) => { setQ(e.target.value); setUserId(''); }} />
        </label>
        {(found.data ?? []).length > 0 && (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('user')}
            <select className={input} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">{t('choose')}</option>
              {(found.data ?? []).map((u) => <option key={u.userId} value={u.userId}>{u.name}{u.username ? ` (@${u.username})` : ''}</option>)}
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('userId')}
          <input className={input} value={userId} onChange={(e) => setUserId(e.target.value.trim())} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('role')}
          <select className={input} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => <option key={r} value={r}>{r}</option>)}
          </select>
        </label>
        <button type="submit" className={`${btn} self-start`} disabled={pending || userId === ''}>{t('grant')}</button>
      </form>
    </section>
  );
}

type Write = (w: TaxonomyWrite, done?: () => void) => void;

/**
 * The picture of a topic, category or option: a file picker that uploads
 * the chosen image (multipart `file`) and, when one is set, "Remove
 * picture". Its errors show beside it; the tree reloads after either.
 */
function PictureControl({ what, id, name, pic }: { what: 'topic' | 'category' | 'option'; id: string; name: string; pic: string | null }) {
  const t = useTranslations('studio.topics');
  const errorText = useErrorText();
  const change = useTaxonomyPicture();
  const [error, setError] = useState<string | null>(null);
  const busy = change.isPending;

  function send(file: File | null) {
    setError(null);
    if (file && file.size > PICTURE_MAX_BYTES) {
      setError(errorText({ code: 'image_too_large' }));
      return;
    }
    change.mutate({ what, id, file }, { onError: (err) => setError(errorText(err)) });
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label aria-disabled={busy || undefined}
          className={`${tap} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-500 aria-disabled:cursor-wait aria-disabled:opacity-50`}>
          {pic ? t('changePicture') : t('addPicture')}
          <input type="file" accept="image/*" className="sr-only" disabled={busy} aria-label={t('pictureOf', { name })}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The same file chosen again is a new change.
              e.target.value = '';
              if (file) send(file);
            }} />
        </label>
        {pic && (
          <button type="button" className={tap} disabled={busy} aria-label={t('removePictureOf', { name })} onClick={() => send(null)}>
            {t('removePicture')}
          </button>
        )}
        {busy && <span aria-live="polite" className="text-sm">{t('uploading')}</span>}
      </div>
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );
}

/** Move-up and move-down of a category, or of an option inside its category; each sends the topic's full new order. */
function MoveButtons({ tree, topicId, item, name, write, pending }: {
  tree: TopicTree; topicId: string; item: StackItem; name: string; write: Write; pending: boolean;
}) {
  const t = useTranslations('studio.topics');
  const up = moveInStack(tree, item, -1);
  const down = moveInStack(tree, item, 1);
  return (
    <span className="flex gap-1">
      <button type="button" className={tap} disabled={pending || !up} aria-label={t('moveUp', { name })}
        onClick={() => up && write({ kind: 'stack', topicId, stack: up })}>↑</button>
      <button type="button" className={tap} disabled={pending || !down} aria-label={t('moveDown', { name })}
        onClick={() => down && write({ kind: 'stack', topicId, stack: down })}>↓</button>
    </span>
  );
}

/** The topic's type tag (HOT or FREE), saved with PATCH topic/{id}. */
function TypeTagForm({ topicId, current, write, pending }: { topicId: string; current: TypeTag; write: Write; pending: boolean }) {
  const t = useTranslations('studio.topics');
  const [tag, setTag] = useState<TypeTag>(current);
  return (
    <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); write({ kind: 'typeTag', topicId, typeTag: tag }); }}>
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
        {t('typeTag')}
        <select className={input} value={tag} onChange={(e) => setTag(e.target.value as TypeTag)}>
          {TYPE_TAGS.map((tt) => <option key={tt} value={tt}>{tt === 'HOT' ? t('typeHot') : t('typeFree')}</option>)}
        </select>
      </label>
      <button type="submit" className={tap} disabled={pending || tag === current} aria-label={t('saveTypeTag')}>{t('save')}</button>
    </form>
  );
}

/** Longest topic description, characters, in each language (the server's bound, docs/api/studio.md). */
const DESCRIPTION_MAX = 2000;

/**
 * The topic's description in English and its optional Hindi (Devanagari) and
 * Hinglish (Latin) forms, prefilled from the topic, each at most 2000
 * characters like the English one; saved together with PATCH topic/{id}.
 * `translations` goes when a form is given or was there before (so clearing
 * one is saved too), with the stored names kept (withStoredTexts).
 */
function DescriptionForm({ topicId, description, texts, write, pending }: {
  topicId: string; description: string; texts?: TopicTexts; write: Write; pending: boolean;
}) {
  const t = useTranslations('studio.topics');
  const [en, setEn] = useState(description);
  const [hi, setHi] = useState(texts?.hi?.description ?? '');
  const [he, setHe] = useState(texts?.he?.description ?? '');
  const had = Boolean(texts?.hi?.description || texts?.he?.description);
  const label = t('description');
  const field = 'flex flex-col gap-1 text-sm font-medium';
  function submit(e: FormEvent) {
    e.preventDefault();
    const edit = hi.trim() || he.trim() || had ? { hi: { description: hi.trim() }, he: { description: he.trim() } } : undefined;
    write({ kind: 'description', topicId, description: en.trim(), ...(edit ? { translations: withStoredTexts(texts, edit) } : {}) });
  }
  return (
    <form className="flex flex-col gap-2" onSubmit={submit}>
      <label className={field}>
        {label}
        <textarea className={input} rows={3} maxLength={DESCRIPTION_MAX} value={en} onChange={(e) => setEn(e.target.value)} />
      </label>
      <label className={field}>
        {t('nameHi', { label })}
        <textarea className={input} rows={3} lang="hi" maxLength={DESCRIPTION_MAX} value={hi} onChange={(e) => setHi(e.target.value)} />
      </label>
      <label className={field}>
        {t('nameHe', { label })}
        <textarea className={input} rows={3} maxLength={DESCRIPTION_MAX} value={he} onChange={(e) => setHe(e.target.value)} />
      </label>
      <button type="submit" className={`${tap} self-start`} disabled={pending} aria-label={t('saveDescription')}>{t('save')}</button>
    </form>
  );
}

/** The message key of each problem of the bulk text (parseBulkText). */
const BULK_PROBLEM_KEYS = {
  noName: 'bulkNoName', tooManyParts: 'bulkTooManyParts', tooLong: 'bulkTooLong',
  tooManyOptions: 'bulkTooManyOptions', tooManyCategories: 'bulkTooManyCategories',
} as const satisfies Record<BulkProblemKind, string>;

/**
 * The bulk create: one category per line with its options, each name
 * optionally with its Hindi and Hinglish forms (`English | हिंदी | Hinglish`,
 * parseBulkText). The lines it cannot read are listed, and nothing is sent
 * until they are fixed.
 */
function BulkForm({ topicId, write, pending }: { topicId: string; write: Write; pending: boolean }) {
  const t = useTranslations('studio.topics');
  const [bulk, setBulk] = useState('');
  const hintId = useId();
  const { categories, problems } = parseBulkText(bulk);
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => {
      e.preventDefault();
      if (categories.length && !problems.length) write({ kind: 'bulk', topicId, categories }, () => setBulk(''));
    }}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('bulk')}
        <textarea className={input} rows={4} value={bulk} placeholder={t('bulkPlaceholder')} aria-describedby={hintId}
          onChange={(e) => setBulk(e.target.value)} />
      </label>
      <span id={hintId} className="text-xs text-neutral-600 dark:text-neutral-400">{t('bulkHint')}</span>
      {problems.length > 0 && (
        <ul aria-live="polite" className="text-sm text-red-700 dark:text-red-400">
          {problems.map((p) => <li key={`${p.line}-${p.kind}`}>{t(BULK_PROBLEM_KEYS[p.kind], { line: p.line, max: p.kind === 'tooLong' ? NAME_MAX : BULK_MAX })}</li>)}
        </ul>
      )}
      <button type="submit" className={`${btn} self-start`} disabled={pending || categories.length === 0 || problems.length > 0}>
        {t('bulkCreate', { count: categories.length })}
      </button>
    </form>
  );
}

/** The topic's guide video: one of its Approved reels, the current one preselected; saved with POST upload/guide_video. */
function GuideVideoForm({ topicId, write, pending }: { topicId: string; write: Write; pending: boolean }) {
  const t = useTranslations('studio.topics');
  const reels = useApprovedTopicReels(topicId);
  const guide = useGuideVideo(topicId);
  if (reels.isPending || guide.isPending) return <p aria-busy="true" className="text-sm">{t('loading')}</p>;
  if (reels.isError || guide.isError) return <p role="alert" className="text-sm">{t('loadFailed')}</p>;
  const current = guide.data ?? '';
  if (reels.data.length === 0 && current === '') return <p className="text-sm">{t('guideNone')}</p>;
  return <GuideVideoSelect key={current} topicId={topicId} current={current} reels={reels.data} write={write} pending={pending} />;
}

function GuideVideoSelect({ topicId, current, reels, write, pending }: {
  topicId: string; current: string; reels: Array<{ id: string; description: string }>; write: Write; pending: boolean;
}) {
  const t = useTranslations('studio.topics');
  const [contentId, setContentId] = useState(current);
  const listed = current === '' || reels.some((r) => r.id === current);
  return (
    <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); if (contentId) write({ kind: 'guideVideo', topicId, contentId }); }}>
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
        {t('guideVideo')}
        <select className={input} value={contentId} onChange={(e) => setContentId(e.target.value)}>
          {current === '' && <option value="">{t('choose')}</option>}
          {!listed && <option value={current}>{current}</option>}
          {reels.map((r) => <option key={r.id} value={r.id}>{reelChoiceLabel(r)}</option>)}
        </select>
      </label>
      <button type="submit" className={tap} disabled={pending || contentId === '' || contentId === current} aria-label={t('saveGuide')}>{t('save')}</button>
    </form>
  );
}

/** One topic's categories and options with the curator's tools. */
function TopicEditor({ viewer, topicId, write, pending }: { viewer: Viewer; topicId: string; pending: boolean; write: Write }) {
  const t = useTranslations('studio.topics');
  const tree = useTopicTree(topicId);
  if (tree.isPending) return <p aria-busy="true">{t('loading')}</p>;
  if (!tree.data) return <p role="alert">{t('loadFailed')}</p>;
  const topic = tree.data;
  const editTopic = may(viewer, 'topic.edit', topic.id);
  return (
    <div className="flex flex-col gap-4">
      <Renamable name={topic.name} texts={topic.translations} what="topic" id={topic.id} pic={topic.pic} write={write} pending={pending}>
        {may(viewer, 'topic.reset', topic.id) && <ResetButton name={topic.name} pending={pending} onConfirm={() => write({ kind: 'reset', what: 'topic', id: topic.id })} />}
      </Renamable>
      {editTopic && (
        <div className="flex flex-col gap-3">
          <PictureControl what="topic" id={topic.id} name={topic.name} pic={topic.pic ?? null} />
          <DescriptionForm key={JSON.stringify([topic.description, topic.translations])} topicId={topic.id}
            description={topic.description ?? ''} texts={topic.translations} write={write} pending={pending} />
          <TypeTagForm key={topic.type_tag} topicId={topic.id} current={topic.type_tag === 'HOT' ? 'HOT' : 'FREE'} write={write} pending={pending} />
          <GuideVideoForm topicId={topic.id} write={write} pending={pending} />
        </div>
      )}
      <ul className="flex flex-col gap-3">
        {topic.categories.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
            <Renamable name={c.name} texts={c.translations} what="category" id={c.id} pic={c.pic} write={write} pending={pending}>
              <ResetButton name={c.name} pending={pending} onConfirm={() => write({ kind: 'reset', what: 'category', id: c.id })} />
            </Renamable>
            <div className="flex flex-wrap items-start gap-2">
              <PictureControl what="category" id={c.id} name={c.name} pic={c.pic ?? null} />
              {editTopic && <MoveButtons tree={topic} topicId={topic.id} item={{ kind: 'category', id: c.id }} name={c.name} write={write} pending={pending} />}
            </div>
            <ul className="ml-3 flex flex-col gap-3">
              {c.options.map((o) => (
                <li key={o.id} className="flex flex-col gap-1">
                  <Renamable name={o.name} texts={o.translations} what="option" id={o.id} pic={o.pic} write={write} pending={pending}>
                    <ResetButton name={o.name} pending={pending} onConfirm={() => write({ kind: 'reset', what: 'option', id: o.id })} />
                  </Renamable>
                  <div className="flex flex-wrap items-start gap-2">
                    <PictureControl what="option" id={o.id} name={o.name} pic={o.pic ?? null} />
                    {editTopic && <MoveButtons tree={topic} topicId={topic.id} item={{ kind: 'option', categoryId: c.id, id: o.id }} name={o.name} write={write} pending={pending} />}
                  </div>
                </li>
              ))}
            </ul>
            <NameForm label={t('addOption', { category: c.name })} submit={t('add')} pending={pending}
              onSubmit={(name, translations, done) => write({ kind: 'createOption', categoryId: c.id, name, ...(translations ? { translations } : {}) }, done)} />
          </li>
        ))}
      </ul>
      <NameForm label={t('addCategory')} submit={t('add')} pending={pending} onSubmit={(name, translations, done) => write({ kind: 'createCategory', topicId, name, ...(translations ? { translations } : {}) }, done)} />
      <BulkForm topicId={topicId} write={write} pending={pending} />
      <Grants viewer={viewer} topicId={topicId} write={write} pending={pending} />
    </div>
  );
}

/**
 * Topic management (docs/api/studio.md "Topics and taxonomy", "Pictures",
 * "Roles"): the topics the viewer curates (ADMIN: all, and may create one),
 * each with its type tag, guide video and picture, categories and options to
 * add, rename, reset, picture and reorder, a bulk create, and the role grants
 * the viewer may give (docs/decisions/008).
 */
export function TopicsAdmin({ viewer }: { viewer: Viewer }) {
  const t = useTranslations('studio.topics');
  const topics = useTopics();
  const write = useTaxonomyWrite();
  const errorText = useErrorText();
  const [topicId, setTopicId] = useState('');
  const [done, setDone] = useState(false);
  const mine = (topics.data ?? []).filter((tp) => may(viewer, 'taxonomy.edit', tp.id));

  function run(w: TaxonomyWrite, after?: () => void) {
    setDone(false);
    write.mutate(w, { onSuccess: () => { setDone(true); after?.(); } });
  }

  return (
    <section aria-labelledby="studio-topics" className="flex flex-col gap-4">
      <h2 id="studio-topics" className="text-lg font-bold">{t('title')}</h2>
      {isAdmin(viewer) && (
        <NameForm label={t('newTopic')} submit={t('create')} pending={write.isPending} onSubmit={(name, translations, d) => run({ kind: 'createTopic', name, ...(translations ? { translations } : {}) }, () => { track('ADD_TOPIC'); d(); })} />
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('topic')}
        <select className={input} value={topicId} onChange={(e) => setTopicId(e.target.value)}>
          <option value="">{t('choose')}</option>
          {mine.map((tp) => <option key={tp.id} value={tp.id}>{tp.name}</option>)}
        </select>
      </label>
      <p aria-live="polite" className="text-sm">
        {write.isError && <span role="alert" className="text-red-700 dark:text-red-400">{errorText(write.error)}</span>}
        {done && !write.isError && t('saved')}
      </p>
      {topicId !== '' && <TopicEditor key={topicId} viewer={viewer} topicId={topicId} write={run} pending={write.isPending} />}
    </section>
  );
}
