'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { useAllDeals } from '../api/referrals';
import { DealCard } from './deal-card';
import { Loading, ui } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/**
 * The Rewards tab for a visitor (SPEC.md sections 2, 4 and 6): how the
 * program works in three steps, the deals (GET all_deals, served to
 * visitors) with what each earns, then the sign-in action. Signing in is
 * the auth feature's, composed by the page (features do not import each
 * other): `onSignIn(dealId)` opens the login modal and, after sign-in,
 * continues where the tap was meant to go (a deal's invite page, or the
 * Rewards tab itself for `null`), as SPEC section 4 "Calls needing login" says.
 */
export function RewardsVisitorScreen({ onSignIn }: { onSignIn: (dealId: string | null) => void }) {
  const t = useTranslations('rewards.visitor');
  const tTitle = useTranslations('rewards');
  const howId = useId();
  const signInId = useId();
  return (
    <div className={ui.page}>
      <div className="flex flex-col gap-2">
        <h1 className={ui.h1}>{tTitle('title')}</h1>
        <p className="text-lg text-neutral-700 dark:text-neutral-300">{t('intro')}</p>
      </div>
      <section aria-labelledby={howId} className={`${ui.card} flex flex-col gap-3`}>
        <h2 id={howId} className={ui.h2}>{t('howTitle')}</h2>
        <ol className="flex flex-col gap-3">
          {(['step1', 'step2', 'step3'] as const).map((step, i) => (
            <li key={step} className="flex items-start gap-3">
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-amber-500 font-bold text-black">{i + 1}</span>
              <span className="pt-1">{t(step)}</span>
            </li>
          ))}
        </ol>
      </section>
      <VisitorDeals onSignIn={onSignIn} />
      <section aria-labelledby={signInId} className={`${ui.card} flex flex-col gap-3`}>
        <h2 id={signInId} className={ui.h2}>{t('signInTitle')}</h2>
        <p className="text-neutral-700 dark:text-neutral-300">{t('signInBody')}</p>
        <button type="button" className={`${ui.primary} self-start`} onClick={() => onSignIn(null)}>{t('signIn')}</button>
      </section>
    </div>
  );
}

/** The active deals as cards, each with "Sign in to refer". */
function VisitorDeals({ onSignIn }: { onSignIn: (dealId: string | null) => void }) {
  const t = useTranslations('rewards.deals');
  const tv = useTranslations('rewards.visitor');
  const errorText = useErrorText();
  const deals = useAllDeals();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className={ui.h2}>{t('title')}</h2>
      {deals.isPending ? <Loading label={t('loading')} /> : null}
      {deals.isError ? <p role="alert" className={ui.error}>{errorText(deals.error)}</p> : null}
      {deals.data && deals.data.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      {deals.data && deals.data.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {deals.data.map((d) => (
            <DealCard key={d.id} deal={d}>
              <button type="button" className={`${ui.secondary} self-start`} onClick={() => onSignIn(d.id)} aria-label={tv('signInToReferAria', { deal: d.title })}>
                {tv('signInToRefer')}
              </button>
            </DealCard>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
