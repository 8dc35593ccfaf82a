import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LegalPage, LegalSection, legalLinkClass } from './legal-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('legal.terms');
  return { title: t('title') };
}

/** Parts of the terms, in order (messages "legal.terms.<part>.title" and ".body"). */
const PARTS = ['age', 'info', 'rewards', 'fair', 'data'] as const;

/**
 * /terms: the terms of use a person accepts at sign-in (SPEC.md section 5
 * "accepting terms and privacy policy"), in plain words in the interface
 * language; the login modal links here.
 */
export default async function TermsPage() {
  const t = await getTranslations('legal');
  return (
    <LegalPage
      testId="terms-page"
      title={t('terms.title')}
      intro={t('terms.intro')}
      back={t('back')}
      other={t.rich('seePrivacy', { privacy: (chunks) => <Link prefetch={false} href="/privacy" className={legalLinkClass}>{chunks}</Link> })}
    >
      {PARTS.map((p) => <LegalSection key={p} title={t(`terms.${p}.title`)} items={[t(`terms.${p}.body`)]} />)}
    </LegalPage>
  );
}
