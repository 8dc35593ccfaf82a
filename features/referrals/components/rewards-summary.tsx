'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useReferralProfile } from '../api/referrals';
import { ui, useInr } from './shared';

/**
 * The Profile tab's rewards summary (SPEC.md section 2): earned and
 * pending rupees, the level, and the way to the Rewards tab. For a
 * signed-in user only (GET get_profile needs one).
 */
export function RewardsSummary() {
  const t = useTranslations('referrals.summary');
  const tLevel = useTranslations('referrals.level');
  const inr = useInr();
  const profile = useReferralProfile();
  const p = profile.data;
  return (
    <section aria-labelledby="ref-summary-h" className={`${ui.card} flex flex-col gap-2`}>
      <h2 id="ref-summary-h" className={ui.h2}>{t('title')}</h2>
      {profile.isPending ? <p aria-busy="true" className={ui.muted}>{t('loading')}</p> : null}
      {profile.isError ? <p className={ui.muted}>{t('loadFailed')}</p> : null}
      {p ? (
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div>
            <dt className={ui.muted}>{t('earned')}</dt>
            <dd className="text-lg font-bold" data-testid="summary-earned">{inr(p.totals.earned_inr)}</dd>
          </div>
          <div>
            <dt className={ui.muted}>{t('pending')}</dt>
            <dd className="text-lg font-bold" data-testid="summary-pending">{inr(p.totals.pending_inr)}</dd>
          </div>
          <div>
            <dt className={ui.muted}>{t('level')}</dt>
            <dd className="text-lg font-bold">{tLevel.has(p.level.key) ? tLevel(p.level.key) : p.level.key}</dd>
          </div>
        </dl>
      ) : null}
      <Link prefetch={false} href="/rewards" className={ui.link}>{t('open')}</Link>
    </section>
  );
}
