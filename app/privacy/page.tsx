import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LegalPage, LegalSection, legalLinkClass } from '../terms/legal-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('legal.privacy');
  return { title: t('title') };
}

/**
 * The privacy page's sections and their items (messages
 * "legal.privacy.<section>.<item>"). What it says follows the code:
 * sessions last lib/auth/session.ts SESSION_TTL_S (30 days), uninvited
 * contacts go after CONTACT_RETENTION_DAYS (90 by default,
 * features/referrals/server/contact-retention.ts), and erasure keeps only
 * what docs/decisions/021-account-erasure-and-export.md keeps.
 */
const SECTIONS = {
  collect: ['device', 'account', 'forms', 'referrals'],
  why: ['app', 'leads', 'rewards', 'safety'],
  keep: ['account', 'session', 'contacts', 'payouts', 'leads'],
  delete: ['account', 'export', 'visitor', 'phone'],
} as const;

/**
 * /privacy: what is collected, why, for how long and how to delete it, in
 * the interface language; the login modal links here. The names of the
 * Profile screen's buttons are read from their own messages, so the page
 * says what the person will see there.
 */
export default async function PrivacyPage() {
  const t = await getTranslations('legal');
  const tAll = await getTranslations();
  const labels = {
    profile: tAll('profile.title'),
    yourData: tAll('account.title'),
    deleteLabel: tAll('account.delete'),
    download: tAll('account.download'),
  };
  return (
    <LegalPage
      testId="privacy-page"
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      back={t('back')}
      other={t.rich('seeTerms', { terms: (chunks) => <Link prefetch={false} href="/terms" className={legalLinkClass}>{chunks}</Link> })}
    >
      {(Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).map((section) => (
        <LegalSection
          key={section}
          title={t(`privacy.${section}.title`)}
          items={SECTIONS[section].map((item) => t(`privacy.${section}.${item}`, labels))}
        />
      ))}
    </LegalPage>
  );
}
