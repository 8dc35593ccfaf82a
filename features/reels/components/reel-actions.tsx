'use client';

import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { useErrorText } from '@/lib/use-error-text';
import { EyeIcon, HeartIcon } from '@/components/ui/icons';
import { useNotificationStore } from '@/stores/notification-store';
import { useLikeMutation } from '../api/like';
import type { ReelItem } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { formatCount } from '../lib/text';
import { useFeedLayout } from './feed-layout';
import { ProfileStack } from './profile-stack';
import { ShareButton } from './share-sheet';

/**
 * The right-hand column of a reel, as the layout preset's `sidebar` says:
 * `full` = the profile stack, like with its count (optimistic), views, share
 * (./share-sheet.tsx: the reel's /share/<slug> link with attribution, by the
 * Web Share API where there is one, else a sheet with WhatsApp, Telegram
 * and copy link); `stack` = the profile stack only; `none` = nothing.
 */
export function ReelActions({ item, params }: { item: ReelItem; params: FeedListParams }) {
  const sidebar = useFeedLayout().preset.sidebar;
  if (sidebar === 'none') return null;
  return (
    <div className="absolute bottom-28 right-2 z-20 flex flex-col items-center gap-4 text-white drop-shadow">
      <ProfileStack item={item} />
      {sidebar === 'full' ? <ReactionButtons item={item} params={params} /> : null}
    </div>
  );
}

function ReactionButtons({ item, params }: { item: ReelItem; params: FeedListParams }) {
  const t = useTranslations('reels');
  const errorText = useErrorText();
  const locale = useInterfaceLang();
  const notify = useNotificationStore((s) => s.notify);
  const like = useLikeMutation(params, item.id, (err) => {
    notify({ message: errorText(err, t('likeFailed')) });
  });

  const button = 'flex h-12 w-12 items-center justify-center rounded-full bg-black/35 backdrop-blur-sm transition hover:bg-black/55 active:scale-95 motion-reduce:transition-none';
  return (
    <>
      <div className="flex flex-col items-center gap-1">
        <button
          type="button"
          data-testid="like-button"
          aria-pressed={item.like}
          aria-label={t('like')}
          onClick={() => like.mutate(!item.like)}
          className={button}
        >
          <HeartIcon filled={item.like} className={item.like ? 'text-rose-500' : undefined} size={26} />
        </button>
        <span data-testid="like-count" className="text-xs font-semibold" aria-hidden="true">
          {formatCount(item.reaction_count.like, locale)}
        </span>
        <span className="sr-only">{t('likeCount', { count: item.reaction_count.like })}</span>
      </div>
      <div className="flex flex-col items-center gap-1">
        <span className={`${button} pointer-events-none bg-black/20`} aria-hidden="true">
          <EyeIcon size={24} />
        </span>
        <span data-testid="view-count" className="text-xs font-semibold" aria-hidden="true">
          {formatCount(item.reaction_count.views, locale)}
        </span>
        <span className="sr-only">{t('viewCount', { count: item.reaction_count.views })}</span>
      </div>
      <ShareButton item={item} label={t('share')} className={button} />
    </>
  );
}
