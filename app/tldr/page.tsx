import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { TldrGrid } from '@/features/reels/components/tldr-grid';
import { tldrList } from '../_lib/data';
import { getViewerId } from '../_lib/viewer';
import { pageAlternates } from '../_lib/seo';
import { JsonLd } from '@/components/ui/json-ld';
import { listGraph, tldrListItems } from '../_lib/structured-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('tldr'), alternates: await pageAlternates('/tldr') };
}

/** /tldr: every topic with its summary reel (SPEC.md section 2 and 7 "tldr/topic"). */
export default async function TldrPage() {
  const t = await getTranslations('tldr');
  // The summary in the interface language where one exists (locales and reel languages share codes).
  const entries = await tldrList(await getViewerId(), await getInterfaceLang());
  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 pt-[max(1.5rem,env(safe-area-inset-top))]">
      <JsonLd data={await listGraph(tldrListItems(entries))} />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mb-5 mt-1 text-neutral-600 dark:text-neutral-400">{t('intro')}</p>
      <TldrGrid entries={entries} />
    </div>
  );
}
