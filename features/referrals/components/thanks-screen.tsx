'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { isWhatsAppUrl } from './invite-screen';
import { ui } from './shared';

/**
 * The deal-thanks page, after an invite or request was sent: what happens
 * next, WhatsApp again (when the invite's link came along and the browser
 * did not open it), and the ways back to Rewards and to invite more.
 */
export function ThanksScreen({ dealId, waUrl }: { dealId: string | null; waUrl: string | null }) {
  const t = useTranslations('referrals.thanks');
  const wa = waUrl && isWhatsAppUrl(waUrl) ? waUrl : null;
  return (
    <div className={ui.page}>
      <section className={`${ui.card} flex flex-col gap-4`} aria-labelledby="thanks-h">
        <h1 id="thanks-h" className={ui.h1}>{t('title')}</h1>
        <p>{t('body')}</p>
        <h2 className={ui.h2}>{t('nextTitle')}</h2>
        <ol className="flex list-decimal flex-col gap-1 ps-5">
          <li>{t('next1')}</li>
          <li>{t('next2')}</li>
          <li>{t('next3')}</li>
        </ol>
        {wa ? (
          <a href={wa} target="_blank" rel="noopener noreferrer" className={`${ui.secondary} self-start`}>{t('openWhatsApp')}</a>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Link prefetch={false} href={dealId ? `/rewards/invite?deal=${encodeURIComponent(dealId)}` : '/rewards/invite'} className={ui.primary}>
            {t('inviteMore')}
          </Link>
          <Link prefetch={false} href="/rewards#sent" className={ui.secondary}>{t('toRewards')}</Link>
        </div>
      </section>
    </div>
  );
}
