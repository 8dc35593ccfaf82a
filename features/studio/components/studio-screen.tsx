'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGrant } from '@/lib/auth/principal';
import type { StudioStart } from '../lib/start';
import Link from 'next/link';
import { isAdmin, may, type StudioAction } from '../policy';
import { useStudioDraftStore } from '../store';
import { MyUploads } from './my-uploads';
import { ReviewQueue } from './review-queue';
import { UploadForm } from './upload-form';

/** Topic management is for few users: its code loads when its section is opened. */
const TopicsAdmin = lazy(() => import('./topics-admin').then((m) => ({ default: m.TopicsAdmin })));

/** A topic id no grant names: asks whether a grant held everywhere (or ADMIN) allows the action. */
const ANY_TOPIC = '*';

/** Whether `viewer` may do `action` in at least one topic (docs/decisions/008 through features/studio/policy.ts). */
export function mayAnywhere(viewer: { userId: string | null; roles: RoleGrant[] }, action: StudioAction): boolean {
  return viewer.roles.some((g) => may(viewer, action, g.topicId ?? ANY_TOPIC));
}

type Section = 'uploads' | 'upload' | 'review' | 'topics';

/**
 * The studio (SPEC.md section 2, the add-content preset): my uploads and the
 * upload form for those who may upload, the review queue for reviewers,
 * topic management for curators and admins, a link to partner management
 * for admins. A
 * user without a studio role gets a message instead.
 * @param viewer the signed-in user's id and role grants (`useMe().permissions.roles`).
 * @param start open the upload form filed under this topic, category and
 *   option (from the add-content layout), when the viewer may upload there
 *   and no upload of theirs is unfinished (that draft is kept).
 */
export function StudioScreen({ viewer, start = null }: { viewer: { userId: string | null; roles: RoleGrant[] }; start?: StudioStart | null }) {
  const t = useTranslations('studio');
  const canUpload = mayAnywhere(viewer, 'content.upload');
  const canReview = mayAnywhere(viewer, 'content.review');
  const canCurate = mayAnywhere(viewer, 'taxonomy.edit');
  const sections: Section[] = [
    ...(canUpload ? (['uploads', 'upload'] as const) : []),
    ...(canReview ? (['review'] as const) : []),
    ...(canCurate ? (['topics'] as const) : []),
  ];
  const startHere = start !== null && may(viewer, 'content.upload', start.topicId);
  const [current, setCurrent] = useState<Section>(startHere ? 'upload' : (sections[0] ?? 'uploads'));
  const [justUploaded, setJustUploaded] = useState(false);
  // Once opened, the upload form stays mounted (hidden) so a running upload survives a look at another section.
  const [uploadOpened, setUploadOpened] = useState(current === 'upload');

  useEffect(() => {
    if (!startHere || !start) return;
    const store = useStudioDraftStore.getState();
    if (store.pendingFile) return;
    // A start without a category keeps the category and option already chosen in the same topic.
    store.update({
      topicId: start.topicId,
      ...(start.categoryId ? { categoryId: start.categoryId, optionId: start.optionId } : {}),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the start the page opened with; later draft changes are the person's
  }, []);

  if (sections.length === 0) {
    return (
      <section className="mx-auto flex max-w-lg flex-col gap-3 px-6 py-10">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p role="status" className="text-neutral-700 dark:text-neutral-300">{t('noRole')}</p>
      </section>
    );
  }
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-6 pb-[calc(var(--tabbar-h,0px)+1.5rem)]">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <nav aria-label={t('sections')} className="flex gap-2 overflow-x-auto">
        {sections.map((s) => (
          <button key={s} type="button" aria-current={current === s ? 'page' : undefined} onClick={() => { setCurrent(s); setJustUploaded(false); if (s === 'upload') setUploadOpened(true); }}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${current === s ? 'bg-amber-500 text-black' : 'bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200'}`}>
            {t(`section.${s}`)}
          </button>
        ))}
        {isAdmin(viewer) && (
          <Link href="/studio/partners" prefetch={false} data-testid="studio-partners-link"
            className="whitespace-nowrap rounded-full bg-neutral-100 px-4 py-2 text-sm font-semibold text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200">
            {t('section.partners')}
          </Link>
        )}
      </nav>
      {justUploaded && <p role="status" className="rounded-lg bg-green-50 p-3 font-semibold text-green-900 dark:bg-green-950 dark:text-green-100">{t('upload.done')}</p>}
      {current === 'uploads' && <MyUploads viewer={viewer} />}
      {uploadOpened && (
        <div hidden={current !== 'upload'}>
          <UploadForm viewer={viewer} onUploaded={() => { setJustUploaded(true); setCurrent('uploads'); }} />
        </div>
      )}
      {current === 'review' && <ReviewQueue />}
      {current === 'topics' && (
        <Suspense fallback={<p aria-busy="true">{t('loading')}</p>}>
          <TopicsAdmin viewer={viewer} />
        </Suspense>
      )}
    </div>
  );
}
