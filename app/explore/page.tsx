import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { NearViewportLink } from '@/components/ui/near-viewport-link';
import { CompassIcon, GiftIcon, SearchIcon, SparkleChatIcon, UserIcon, VideosIcon } from '@/components/ui/icons';
import { CallbackSheetButton } from '@/features/leads/components/callback-sheet-button';
import { EarnNowButton } from '@/features/auth/components/earn-now-button';
import { TrackedLink } from '../_components/tracked-link';
import { buttonClass } from '@/components/ui/button';
import { pageAlternates } from '../_lib/seo';
import { JsonLd } from '@/components/ui/json-ld';
import { siteGraph } from '../_lib/structured-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('explore'), alternates: await pageAlternates('/explore') };
}

const primary = buttonClass({ size: 'md', className: 'inline-block' });
const secondary = buttonClass({ variant: 'secondary', size: 'md', className: 'inline-block' });

function Card({ icon, title, body, action }: { icon: ReactNode; title: string; body: string; action: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-neutral-200 p-5 dark:border-neutral-800">
      <div className="flex items-center gap-3 text-amber-600 dark:text-amber-400">
        {icon}
        <h2 className="text-lg font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>
      </div>
      <p className="text-neutral-600 dark:text-neutral-400">{body}</p>
      <div>{action}</div>
    </section>
  );
}

/**
 * The Explore tab (SPEC.md section 2): the marketing lines of SPEC.md
 * section 1 (with the fact sheet's qualifiers in a footnote) and the cards
 * these flows make real, and a way to search (/search): schedule call (the callback form in a sheet), ask
 * AI, watch now, and the subsidy enquiry ("get started"). Its page links
 * prefetch only within 200 px of the viewport (SPEC.md section 9,
 * components/ui/near-viewport-link.tsx).
 */
export default async function ExplorePage() {
  const t = await getTranslations('explore');
  const tSearch = await getTranslations('search');
  const stats = ['subsidy', 'families', 'savings', 'years'] as const;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-5 pb-10 pt-[max(2rem,env(safe-area-inset-top))]">
      <JsonLd data={await siteGraph()} />
      <header className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-3xl font-bold">{t('title')}</h1>
          <NearViewportLink
            href="/search"
            data-testid="explore-search"
            aria-label={tSearch('open')}
            className="-mr-1.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
          >
            <SearchIcon size={22} />
          </NearViewportLink>
        </div>
        <p className="text-lg text-neutral-700 dark:text-neutral-300">{t('intro')}</p>
      </header>
      <ul className="grid grid-cols-2 gap-3">
        {stats.map((s) => (
          <li key={s} className="rounded-2xl bg-amber-50 p-4 font-semibold text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            {t(`stats.${s}`)}
          </li>
        ))}
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card
          icon={<UserIcon size={24} />}
          title={t('schedule.title')}
          body={t('schedule.body')}
          action={<CallbackSheetButton label={t('schedule.cta')} className={primary} />}
        />
        <Card
          icon={<SparkleChatIcon size={24} />}
          title={t('ask.title')}
          body={t('ask.body')}
          action={<NearViewportLink href="/assistant" className={secondary}>{t('ask.cta')}</NearViewportLink>}
        />
        <Card
          icon={<VideosIcon size={24} />}
          title={t('watch.title')}
          body={t('watch.body')}
          action={<NearViewportLink href="/reels" className={secondary}>{t('watch.cta')}</NearViewportLink>}
        />
        <Card
          icon={<CompassIcon size={24} />}
          title={t('subsidyCard.title')}
          body={t('subsidyCard.body')}
          action={<TrackedLink event="SUBSIDY_BUTTON" metadata={{ from: 'explore' }} href="/subsidy" className={secondary}>{t('subsidyCard.cta')}</TrackedLink>}
        />
        <Card
          icon={<GiftIcon size={24} />}
          title={t('earn.title')}
          body={t('earn.body')}
          action={<EarnNowButton label={t('earn.cta')} className={secondary} />}
        />
      </div>
      <p className="text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t('footnote')}</p>
    </div>
  );
}
