'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useDeal, useOneDeal, useReferrerCard } from '../api/referrals';
import { Loading, ui } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/**
 * The share link's landing page (`/r/<code>` redirects here with
 * `?deal=<url_id>`): who invited (their first name and picture from the
 * referral code, else the code), the deal, and sign-in. After sign-in the server
 * turns the recorded click into a request the user accepts in the
 * Rewards tab, so a signed-in visitor is sent there.
 * @param signedIn whether the caller is a signed-in user (composed by the page).
 * @param onSignIn opens the login modal (the auth feature's, composed by the page).
 */
export function InviteLanding({ code, urlId, signedIn, onSignIn }: {
  code: string; urlId: string | null; signedIn: boolean; onSignIn: () => void;
}) {
  const t = useTranslations('referrals.landing');
  const errorText = useErrorText();
  const card = useReferrerCard(code);
  const byUrl = useDeal({ url_id: urlId ?? undefined });
  const first = useOneDeal(null, urlId === null);
  const deal = urlId ? byUrl : first;

  return (
    <div className={ui.page}>
      <section className={`${ui.card} flex flex-col gap-2`} aria-labelledby="landing-h">
        <h1 id="landing-h" className={ui.h1}>{t('title')}</h1>
        {card.data ? (
          <p className="flex items-center gap-3" data-testid="referrer-card">
            {card.data.pic ? <img src={card.data.pic} alt="" className="h-12 w-12 rounded-full object-cover" /> : null}
            <span>{t('invitedByName', { name: card.data.name || t('aFriend') })}</span>
          </p>
        ) : (
          <p>{t('invitedBy')}</p>
        )}
        <p className="self-start rounded-xl bg-amber-100 px-3 py-1 font-mono text-lg font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200" aria-label={t('codeLabel', { code })}>
          {code}
        </p>
      </section>
      {deal.isPending ? <Loading label={t('loading')} /> : null}
      {deal.isError ? <p role="alert" className={ui.error}>{errorText(deal.error)}</p> : null}
      {deal.data ? (
        <section className={`${ui.card} relative flex flex-col gap-2 overflow-hidden`} aria-label={t('dealLabel')}>
          {deal.data.ribbon ? (
            <span className="absolute right-0 top-0 rounded-bl-xl bg-amber-500 px-3 py-1 text-sm font-bold text-black">{deal.data.ribbon}</span>
          ) : null}
          <h2 className={`${ui.h2} pr-16`}>{deal.data.title}</h2>
          <p className="text-neutral-700 dark:text-neutral-300">{deal.data.description}</p>
          {deal.data.terms ? <p className={ui.muted}>{deal.data.terms}</p> : null}
        </section>
      ) : null}
      <section className="flex flex-col gap-2">
        <p>{signedIn ? t('signedInBody') : t('signInBody')}</p>
        {signedIn ? (
          <Link prefetch={false} href="/rewards#received" className={`${ui.primary} self-start`}>{t('openRewards')}</Link>
        ) : (
          <button type="button" className={`${ui.primary} self-start`} onClick={onSignIn}>{t('signIn')}</button>
        )}
      </section>
    </div>
  );
}
