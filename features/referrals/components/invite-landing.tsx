'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useDeal, useOneDeal, useReferrerCard } from '../api/referrals';
import { CENTRAL_SUBSIDY_3KW_INR, inviterName } from '../invite-text';
import { Loading, ui, useInr } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/**
 * The share link's landing page (`/r/<code>` redirects here with
 * `?deal=<url_id>`), written to the invited friend: who invited them (the
 * referrer's first name and picture from the referral code, else "Your
 * friend"), what they get (help with the subsidy, a call back, a site
 * survey), the offer's title, one action (sign in to accept; a signed-in
 * user goes to Rewards, where the server has turned the recorded click into
 * a request), and the deal's description, terms and the code folded away
 * under "Terms". An unknown code never reaches it: the page answers 404
 * (app/invite/[code]/page.tsx).
 * @param code the referral code of the link.
 * @param urlId the deal's url_id from the link, or null (the first active deal is shown).
 * @param signedIn whether the caller is a signed-in user (composed by the page).
 * @param onSignIn opens the login modal (the auth feature's, composed by the page).
 */
export function InviteLanding({ code, urlId, signedIn, onSignIn }: {
  code: string; urlId: string | null; signedIn: boolean; onSignIn: () => void;
}) {
  const t = useTranslations('referrals.landing');
  const errorText = useErrorText();
  const inr = useInr();
  const card = useReferrerCard(code);
  const byUrl = useDeal({ url_id: urlId ?? undefined });
  const first = useOneDeal(null, urlId === null);
  const deal = urlId ? byUrl : first;
  const name = inviterName(card.data?.name) ?? t('friend');

  return (
    <div className={ui.page}>
      <section className={`${ui.card} flex flex-col gap-3`} aria-labelledby="landing-h">
        <div className="flex items-center gap-3">
          {card.data?.pic ? <img src={card.data.pic} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" /> : null}
          <h1 id="landing-h" className={`${ui.h1} break-words`}>{t('title', { name })}</h1>
        </div>
        <h2 className={ui.h2}>{t('youGet')}</h2>
        <ul className="flex list-disc flex-col gap-1 ps-5">
          <li>{t('getSubsidy', { subsidy: inr(CENTRAL_SUBSIDY_3KW_INR) })}</li>
          <li>{t('getCallback')}</li>
          <li>{t('getSurvey')}</li>
        </ul>
        {deal.isPending ? <Loading label={t('loading')} /> : null}
        {deal.isError ? <p role="alert" className={ui.error}>{errorText(deal.error)}</p> : null}
        {deal.data ? <p className="font-semibold" data-testid="landing-offer">{t('offer', { deal: deal.data.title })}</p> : null}
      </section>
      <section className="flex flex-col gap-2">
        <p>{signedIn ? t('signedInBody') : t('signInBody')}</p>
        {signedIn ? (
          <Link prefetch={false} href="/rewards#received" className={`${ui.primary} w-full`}>{t('openRewards')}</Link>
        ) : (
          <button type="button" className={`${ui.primary} w-full`} onClick={onSignIn}>{t('signIn')}</button>
        )}
      </section>
      <details className={ui.card}>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold">{t('terms')}</summary>
        <div className="flex flex-col gap-2 pt-2">
          {deal.data?.description ? <p className={ui.muted}>{deal.data.description}</p> : null}
          {deal.data?.terms ? <p className={ui.muted}>{deal.data.terms}</p> : null}
          <p className={ui.muted}>{t('code', { code })}</p>
        </div>
      </details>
    </div>
  );
}
